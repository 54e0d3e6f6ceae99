/**
 * The drafts of the two group-order forms (valtio), starting one and joining one. Like the
 * checkout's store, values and idempotency key live in sessionStorage too, so a reload or a
 * dropped connection loses nothing. A send without a connection is kept as "queued" (stored as
 * well) and goes out once when the connection is back; the page does that (onConnectionBack).
 * Starting resends with the same idempotency key and the server finds the group it made; joining
 * is idempotent per customer on the server. So a resend never makes a second group or member.
 */
import { proxy } from 'valtio';
import { ApiError, NetworkError } from '../../api/client';
import { connectionLost } from '../../api/connection';
import type { GroupView } from '../../api/contract/group-orders';
import {
  emptyJoinValues,
  emptyStartValues,
  errorsOf,
  firstErrorField,
  type FieldErrors,
  type FieldName,
  type HouseholdValues,
  type JoinValues,
  type StartValues,
  type Validated,
} from './form';
import { texts } from './texts';

/** editing; submitting (one at a time); queued (no connection: sent when it is back); failed. */
export type Phase = 'editing' | 'submitting' | 'queued' | 'failed';

export interface DraftState<V> {
  /** What the draft is for: the configuration of a start, the code of a group to join. */
  scope: string;
  values: V;
  errors: FieldErrors;
  /** Messages no single field owns (server refusals), shown above the button. */
  formError: string | null;
  /** Made once per form; a resend with it finds what the first attempt made. */
  idempotencyKey: string;
  phase: Phase;
  /** Fields came from the customer account. */
  prefilled: boolean;
}

export type SendOutcome =
  | { kind: 'sent'; view: GroupView }
  | { kind: 'invalid'; focus: FieldName | undefined }
  | { kind: 'queued' }
  /** The server refused for a reason of the group (409: closed, full, too late; 404). */
  | { kind: 'refused' }
  | { kind: 'stopped' };

interface Stored<V> {
  scope: string;
  values: V;
  idempotencyKey: string;
  prefilled: boolean;
  queued: boolean;
}

/** The household's own data, kept for the next form; the rest belongs to one group. */
const PERSONAL: readonly (keyof HouseholdValues)[] = [
  'title1',
  'firstName',
  'lastName',
  'company',
  'street',
  'houseNumber',
  'zipCode',
  'place',
  'email',
  'phone',
  'accessNotes',
];

export interface Draft<V extends HouseholdValues> {
  state: DraftState<V>;
  storageKey: string;
  open(scope: string): void;
  /** Fills empty fields; `fromAccount` says so on the page ("Aus Ihrem Kundenkonto übernommen"). */
  prefill(values: Partial<V>, fromAccount?: boolean): void;
  setField<K extends keyof V & FieldName>(
    name: K,
    value: V[K],
    check: (values: V) => Validated<unknown>,
  ): void;
  send<R>(
    check: (values: V) => Validated<R>,
    call: (request: R) => Promise<GroupView>,
  ): Promise<SendOutcome>;
  reset(): void;
}

function createDraft<V extends HouseholdValues>(storageKey: string, empty: () => V): Draft<V> {
  const initial = (): DraftState<V> => ({
    scope: '',
    values: empty(),
    errors: {},
    formError: null,
    idempotencyKey: '',
    phase: 'editing',
    prefilled: false,
  });
  const state = proxy<DraftState<V>>(initial());

  function read(): Stored<V> | null {
    try {
      const raw = sessionStorage.getItem(storageKey);
      if (!raw) return null;
      const parsed = JSON.parse(raw) as Partial<Stored<V>>;
      if (typeof parsed.scope !== 'string' || typeof parsed.idempotencyKey !== 'string') {
        return null;
      }
      return {
        scope: parsed.scope,
        idempotencyKey: parsed.idempotencyKey,
        values: { ...empty(), ...parsed.values },
        prefilled: parsed.prefilled === true,
        queued: parsed.queued === true,
      };
    } catch {
      return null; // storage blocked or garbage: start empty
    }
  }

  function persist(): void {
    const stored: Stored<V> = {
      scope: state.scope,
      values: { ...state.values },
      idempotencyKey: state.idempotencyKey,
      prefilled: state.prefilled,
      queued: state.phase === 'queued',
    };
    try {
      sessionStorage.setItem(storageKey, JSON.stringify(stored));
    } catch {
      // Full or blocked storage: the form still works, only a reload would lose the input.
    }
  }

  /** Another group (or configuration): the household's data stays, the rest starts afresh. */
  function personalOf(values: V): Partial<V> {
    const kept: Partial<V> = {};
    for (const name of PERSONAL) (kept as Record<string, unknown>)[name] = values[name];
    return kept;
  }

  return {
    state,
    storageKey,

    open(scope) {
      const stored = read();
      const same = stored?.scope === scope;
      Object.assign(state, initial(), {
        scope,
        values: stored
          ? same
            ? stored.values
            : { ...empty(), ...personalOf(stored.values) }
          : empty(),
        idempotencyKey: same && stored ? stored.idempotencyKey : crypto.randomUUID(),
        prefilled: stored?.prefilled ?? false,
        phase: same && stored?.queued ? 'queued' : 'editing',
      } satisfies Partial<DraftState<V>>);
      persist();
    },

    prefill(values, fromAccount = true) {
      let changed = false;
      for (const [name, value] of Object.entries(values)) {
        const current = (state.values as Record<string, unknown>)[name];
        if (typeof value === 'string' && value && !current) {
          (state.values as Record<string, unknown>)[name] = value;
          changed = true;
        }
      }
      if (changed) {
        if (fromAccount) state.prefilled = true;
        persist();
      }
    },

    setField(name, value, check) {
      state.values[name] = value;
      // A field with an error is checked again as the user corrects it, so the message goes away.
      if (state.errors[name]) {
        const result = check(state.values);
        const message = result.ok ? undefined : result.errors[name];
        if (message) state.errors[name] = message;
        else delete state.errors[name];
      }
      persist();
    },

    async send(check, call) {
      if (state.phase === 'submitting') return { kind: 'stopped' };
      const checked = check(state.values);
      if (!checked.ok) {
        state.errors = checked.errors;
        state.formError = checked.other[0] ?? null;
        if (state.phase === 'queued') state.phase = 'editing';
        persist();
        return { kind: 'invalid', focus: firstErrorField(checked.errors) };
      }
      state.errors = {};
      state.formError = null;
      if (connectionLost()) {
        // Known offline: nothing is sent now, and nothing is lost.
        state.phase = 'queued';
        persist();
        return { kind: 'queued' };
      }
      state.phase = 'submitting';
      try {
        const view = await call(checked.request);
        // Done: the next form starts afresh; the household's address stays for convenience.
        Object.assign(state, initial(), {
          values: { ...empty(), ...personalOf(state.values) },
          prefilled: state.prefilled,
        });
        persist();
        return { kind: 'sent', view };
      } catch (error) {
        return failed(error);
      }
    },

    reset() {
      Object.assign(state, initial());
    },
  };

  function failed(error: unknown): SendOutcome {
    if (error instanceof NetworkError) {
      // It may or may not have arrived: the resend with the same key (or the same customer) settles it.
      state.phase = 'queued';
      persist();
      return { kind: 'queued' };
    }
    if (error instanceof ApiError && error.status === 400) {
      const keyReused = error.issues.some((i) => i.path === 'body.IdempotencyKey');
      if (keyReused) state.idempotencyKey = crypto.randomUUID();
      const { errors, other } = errorsOf(error.issues);
      state.errors = errors;
      state.formError = Object.keys(errors).length > 0 ? null : (other[0] ?? error.message);
      state.phase = 'editing';
      persist();
      return { kind: 'invalid', focus: firstErrorField(errors) };
    }
    state.formError =
      error instanceof ApiError && error.status < 500 ? error.message : texts.serverError;
    state.phase = 'failed';
    persist();
    return error instanceof ApiError && (error.status === 409 || error.status === 404)
      ? { kind: 'refused' }
      : { kind: 'stopped' };
  }
}

export const START_STORAGE_KEY = 'ok-group-start';
export const JOIN_STORAGE_KEY = 'ok-group-join';

/** The organiser's form (/sammelbestellung/starten), scoped by the configuration. */
export const startDraft = createDraft<StartValues>(START_STORAGE_KEY, emptyStartValues);
/** A neighbour's form on a group's page, scoped by the group's code. */
export const joinDraft = createDraft<JoinValues>(JOIN_STORAGE_KEY, emptyJoinValues);

/** Tests. */
export function resetGroupDrafts(): void {
  startDraft.reset();
  joinDraft.reset();
}
