/**
 * The drafts of the two group-order forms, starting one and joining one: the order form kit's
 * draft (src/ui/order-form/draft.ts), as the checkout's. Values and idempotency key live in
 * sessionStorage too, so a reload or a dropped connection loses nothing. A send without a connection is kept as "queued" (stored as
 * well) and goes out once when the connection is back; the page does that (onConnectionBack).
 * Starting resends with the same idempotency key and the server finds the group it made; joining
 * is idempotent per customer on the server. So a resend never makes a second group or member.
 */
import { ApiError, NetworkError } from '../../api/client';
import { connectionLost } from '../../api/connection';
import type { GroupView } from '../../api/contract/group-orders';
import {
  addressOrder,
  createDraft,
  type Draft as OrderDraft,
  type DraftState,
} from '../../ui/order-form';
import {
  emptyJoinValues,
  emptyStartValues,
  groupFields,
  type FieldName,
  type HouseholdValues,
  type JoinValues,
  type StartValues,
  type Validated,
} from './form';
import { texts } from './texts';

/** editing; submitting (one at a time); queued (no connection: sent when it is back); failed. */
export type Phase = 'editing' | 'submitting' | 'queued' | 'failed';

export type { DraftState };

export type SendOutcome =
  | { kind: 'sent'; view: GroupView }
  | { kind: 'invalid'; focus: FieldName | undefined }
  | { kind: 'queued' }
  /** The server refused for a reason of the group (409: closed, full, too late; 404). */
  | { kind: 'refused' }
  | { kind: 'stopped' };

/** The household's own data, kept for the next form; the rest belongs to one group. */
const PERSONAL: readonly (keyof HouseholdValues)[] = [
  ...addressOrder('zipCode'),
  'email',
  'phone',
  'accessNotes',
];

/** Another group (or configuration): the household's data stays, the rest starts afresh. */
function personalOf<V extends HouseholdValues>(values: V): Partial<V> {
  const kept: Partial<V> = {};
  for (const name of PERSONAL) (kept as Record<string, unknown>)[name] = values[name];
  return kept;
}

export interface Draft<V extends HouseholdValues> {
  state: DraftState<V, FieldName, Phase, object>;
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

/** The order form kit's draft, with the group's send: offline it is queued, not lost. */
function createGroupDraft<V extends HouseholdValues>(storageKey: string, empty: () => V): Draft<V> {
  const draft: OrderDraft<V, FieldName, Phase, object> = createDraft({
    storageKey,
    empty,
    fields: groupFields,
    carry: personalOf,
  });
  const { state } = draft;

  function failed(error: unknown): SendOutcome {
    if (error instanceof NetworkError) {
      // It may or may not have arrived: the resend with the same key (or the same customer) settles it.
      state.phase = 'queued';
      draft.persist();
      return { kind: 'queued' };
    }
    if (error instanceof ApiError && error.status === 400) {
      const keyReused = error.issues.some((i) => i.path === 'body.IdempotencyKey');
      if (keyReused) state.idempotencyKey = crypto.randomUUID();
      return draft.takeIssues(error.issues, error.message);
    }
    state.formError =
      error instanceof ApiError && error.status < 500 ? error.message : texts.serverError;
    state.phase = 'failed';
    draft.persist();
    return error instanceof ApiError && (error.status === 409 || error.status === 404)
      ? { kind: 'refused' }
      : { kind: 'stopped' };
  }

  return {
    state,
    storageKey,
    open: draft.open,
    prefill: draft.prefill,
    setField: draft.setField,
    reset: draft.reset,

    async send(check, call) {
      if (state.phase === 'submitting') return { kind: 'stopped' };
      const checked = check(state.values);
      if (!checked.ok) return draft.refuse(checked);
      state.errors = {};
      state.formError = null;
      if (connectionLost()) {
        // Known offline: nothing is sent now, and nothing is lost.
        state.phase = 'queued';
        draft.persist();
        return { kind: 'queued' };
      }
      state.phase = 'submitting';
      try {
        const view = await call(checked.request);
        // Done: the next form starts afresh; the household's address stays for convenience.
        draft.finish();
        return { kind: 'sent', view };
      } catch (error) {
        return failed(error);
      }
    },
  };
}

export const START_STORAGE_KEY = 'ok-group-start';
export const JOIN_STORAGE_KEY = 'ok-group-join';

/** The organiser's form (/sammelbestellung/starten), scoped by the configuration. */
export const startDraft = createGroupDraft<StartValues>(START_STORAGE_KEY, emptyStartValues);
/** A neighbour's form on a group's page, scoped by the group's code. */
export const joinDraft = createGroupDraft<JoinValues>(JOIN_STORAGE_KEY, emptyJoinValues);

/** Tests. */
export function resetGroupDrafts(): void {
  startDraft.reset();
  joinDraft.reset();
}
