/**
 * The draft of an order form (valtio), one implementation for checkout and group orders: the
 * values as typed, their errors, the form's idempotency key and where the send stands. Values,
 * key and a queued send live in sessionStorage too, so a reload or a dropped connection loses no
 * input, and a resend with the same key finds what the first attempt made instead of making a
 * second one. A draft belongs to a scope (the offer, the configuration, the group): the same
 * scope again keeps everything; another keeps what `carry` says (the household's address).
 * Sending stays the form's: every form has its own answers to handle; the draft gives it the
 * shared steps (refuse, take the server's issues, finish).
 */
import { proxy } from 'valtio';
import type { FieldErrors, FieldMap, Issue, Validated } from './model';

/** editing; submitting (one at a time); queued (no connection: sent once it is back). */
export type DraftPhase = 'editing' | 'submitting' | 'queued';

export interface DraftCore<V, F extends string, P extends string> {
  /** What the draft is for: an offer, a configuration, a group's code. */
  scope: string;
  values: V;
  errors: FieldErrors<F>;
  /** Messages no single field owns (server refusals), shown above the button. */
  formError: string | null;
  /** Made once per scope; a resend with it finds what the first attempt made. */
  idempotencyKey: string;
  phase: DraftPhase | P;
  /** Fields came from the customer account. */
  prefilled: boolean;
}

export type DraftState<V, F extends string, P extends string, X> = DraftCore<V, F, P> & X;

interface Stored<V> {
  scope: string;
  values: V;
  idempotencyKey: string;
  prefilled: boolean;
  queued: boolean;
}

export interface DraftOptions<V, F extends string, X> {
  storageKey: string;
  empty: () => V;
  fields: FieldMap<F>;
  /** What another scope (and the next form after a send) keeps of the values. */
  carry: (values: V) => Partial<V>;
  /** The form's own state beside the draft's, reset with it (not stored). */
  extra?: () => X;
}

export type Invalid<F extends string> = { kind: 'invalid'; focus: F | undefined };

export interface Draft<V, F extends string, P extends string, X> {
  state: DraftState<V, F, P, X>;
  /** Opens the draft for a scope: from storage when it is the same, else what carries over. */
  open: (scope: string) => void;
  /** Fills empty fields; `fromAccount` says so on the page ("Aus Ihrem Kundenkonto übernommen"). */
  prefill: (values: Partial<V>, fromAccount?: boolean) => void;
  /** Sets a field; a field with an error is checked again as the user corrects it. */
  setField: <K extends keyof V & F>(
    name: K,
    value: V[K],
    check: (values: V) => Validated<F, unknown>,
  ) => void;
  /** Writes the draft to storage (after the form changed the state itself). */
  persist: () => void;
  /** The browser's check refused: the messages at their fields, the first field to focus. */
  refuse: (checked: { errors: FieldErrors<F>; other: string[] }) => Invalid<F>;
  /** The server's 400: its issues at their fields, a message no field owns above the button. */
  takeIssues: (issues: readonly Issue[], message: string) => Invalid<F>;
  /** Sent: the next form starts afresh with what carries over and a new key. */
  finish: () => void;
  reset: () => void;
}

export function createDraft<V extends object, F extends string, P extends string, X = object>(
  options: DraftOptions<V, F, X>,
): Draft<V, F, P, X> {
  const { storageKey, empty, fields, carry } = options;
  const core = (): DraftCore<V, F, P> => ({
    scope: '',
    values: empty(),
    errors: {},
    formError: null,
    idempotencyKey: '',
    phase: 'editing',
    prefilled: false,
  });
  const initial = () => ({ ...core(), ...(options.extra?.() ?? ({} as X)) });
  const state = proxy<DraftState<V, F, P, X>>(initial());

  function read(): Stored<V> | null {
    try {
      const raw = sessionStorage.getItem(storageKey);
      if (!raw) return null;
      // `selectionKey`: the checkout's name for the scope before the forms shared this draft.
      const parsed = JSON.parse(raw) as Partial<Stored<V>> & { selectionKey?: unknown };
      const scope = parsed.scope ?? parsed.selectionKey;
      if (typeof scope !== 'string' || typeof parsed.idempotencyKey !== 'string') return null;
      return {
        scope,
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

  return {
    state,
    persist,

    open(scope) {
      const stored = read();
      const same = stored?.scope === scope;
      Object.assign(state, initial(), {
        scope,
        values: stored ? (same ? stored.values : { ...empty(), ...carry(stored.values) }) : empty(),
        idempotencyKey: same && stored ? stored.idempotencyKey : crypto.randomUUID(),
        prefilled: stored?.prefilled ?? false,
        phase: same && stored?.queued ? 'queued' : 'editing',
      } satisfies Partial<DraftCore<V, F, P>>);
      persist();
    },

    prefill(given, fromAccount = true) {
      let changed = false;
      const current = state.values as Record<string, unknown>;
      for (const [name, value] of Object.entries(given)) {
        if (typeof value === 'string' && value && !current[name]) {
          current[name] = value;
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

    refuse(checked) {
      state.errors = checked.errors;
      state.formError = checked.other[0] ?? null;
      if (state.phase === 'queued') state.phase = 'editing';
      persist();
      return { kind: 'invalid', focus: fields.firstError(checked.errors) };
    },

    takeIssues(issues, message) {
      const { errors, other } = fields.errorsOf(issues);
      state.errors = errors;
      state.formError = Object.keys(errors).length > 0 ? null : (other[0] ?? message);
      state.phase = 'editing';
      persist();
      return { kind: 'invalid', focus: fields.firstError(errors) };
    },

    finish() {
      Object.assign(state, core(), {
        values: { ...empty(), ...carry(state.values) },
        idempotencyKey: crypto.randomUUID(),
        prefilled: state.prefilled,
      });
      persist();
    },

    reset() {
      Object.assign(state, initial());
    },
  };
}
