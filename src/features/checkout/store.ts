/**
 * The checkout's state (valtio): the form values, their errors, the idempotency key of this
 * checkout and where the submit stands. Values and key live in sessionStorage too, so a reload
 * keeps every input and a resubmit after a reload or a dropped connection reuses the key: the
 * server then returns the order it already made instead of a second one.
 * The free delivery days of the preview, the chosen one among the values (so it is
 * kept like a typed field), and a day someone else booked meanwhile (409 SlotTaken).
 */
import { proxy } from 'valtio';
import { ApiError, NetworkError } from '../../api/client';
import type { Offer } from '../../api/contract/calculation';
import { SlotTakenSchema, type DeliverySlot } from '../../api/contract/delivery';
import type { Order } from '../../api/contract/orders';
import { fetchPreview, submitOrder } from './api';
import {
  emptyValues,
  errorsOf,
  firstErrorField,
  validate,
  type CheckoutValues,
  type FieldErrors,
  type FieldName,
  type OrderContext,
} from './form';
import { texts } from './texts';

export type Phase = 'editing' | 'submitting' | 'networkError' | 'serverError' | 'priceChanged';

export interface CheckoutState {
  /** The offer (dealer + configuration) this checkout is for. */
  selectionKey: string;
  values: CheckoutValues;
  errors: FieldErrors;
  /** Messages no single field owns (server refusals), shown above the button. */
  formError: string | null;
  idempotencyKey: string;
  phase: Phase;
  /** 409: the total the user saw and today's offer. */
  priceChange: { previousTotal: number; offer: Offer } | null;
  /** The offer is no longer orderable (the server named the dealer). */
  gone: string | null;
  /** Fields came from the customer account. */
  prefilled: boolean;
  /**
   * The free delivery days to choose from, earliest first; null until the preview
   * has come. Empty: none to choose, the server books the earliest.
   */
  slots: DeliverySlot[] | null;
  /** The chosen day was booked by someone else meanwhile (409 SlotTaken): choose again. */
  slotTaken: boolean;
}

export const STORAGE_KEY = 'ok-checkout';

interface Stored {
  selectionKey: string;
  values: CheckoutValues;
  idempotencyKey: string;
  prefilled: boolean;
}

const initial = (): CheckoutState => ({
  selectionKey: '',
  values: emptyValues(),
  errors: {},
  formError: null,
  idempotencyKey: '',
  phase: 'editing',
  priceChange: null,
  gone: null,
  prefilled: false,
  slots: null,
  slotTaken: false,
});

export const checkoutState = proxy<CheckoutState>(initial());

function readStored(): Stored | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Stored>;
    if (typeof parsed.selectionKey !== 'string' || typeof parsed.idempotencyKey !== 'string') {
      return null;
    }
    return {
      selectionKey: parsed.selectionKey,
      idempotencyKey: parsed.idempotencyKey,
      values: { ...emptyValues(), ...parsed.values },
      prefilled: parsed.prefilled === true,
    };
  } catch {
    return null; // storage blocked or garbage: start empty
  }
}

function persist(): void {
  const stored: Stored = {
    selectionKey: checkoutState.selectionKey,
    values: { ...checkoutState.values },
    idempotencyKey: checkoutState.idempotencyKey,
    prefilled: checkoutState.prefilled,
  };
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Full or blocked storage: the form still works, only a reload would lose the input.
  }
}

/**
 * Opens the checkout for an offer. The same offer again (reload, back and forth) keeps values
 * and key; another offer keeps the address but gets a new key, since it is another order.
 */
export function openCheckout(selectionKey: string): void {
  const stored = readStored();
  const same = stored?.selectionKey === selectionKey;
  Object.assign(checkoutState, initial(), {
    selectionKey,
    values: stored
      ? {
          ...stored.values,
          acceptedTerms: same && stored.values.acceptedTerms,
          // A day of another offer (dealer, amount) is not one of this offer's.
          deliveryDate: same ? stored.values.deliveryDate : '',
        }
      : emptyValues(),
    idempotencyKey: same && stored ? stored.idempotencyKey : crypto.randomUUID(),
    prefilled: stored?.prefilled ?? false,
  });
  persist();
}

/** Customer data from the account, only into fields the user has not filled. */
export function prefill(values: Partial<CheckoutValues>): void {
  let changed = false;
  for (const [name, value] of Object.entries(values) as [FieldName, string][]) {
    if (typeof value === 'string' && value && !checkoutState.values[name]) {
      (checkoutState.values as unknown as Record<string, string>)[name] = value;
      changed = true;
    }
  }
  if (changed) {
    checkoutState.prefilled = true;
    persist();
  }
}

/**
 * The preview's free days. The day chosen before (kept over a reload) stays when it is
 * still free; otherwise the first free day is preselected.
 */
export function setDeliverySlots(slots: readonly DeliverySlot[] | undefined): void {
  const free = slots ? slots.map((slot) => ({ ...slot })) : [];
  checkoutState.slots = free;
  const chosen = checkoutState.values.deliveryDate;
  if (!free.some((slot) => slot.Date === chosen)) {
    checkoutState.values.deliveryDate = free[0]?.Date ?? '';
    persist();
  }
}

/** A day must be chosen when there are days to choose from (after a SlotTaken none is). */
function deliveryDateError(values: CheckoutValues, slots: readonly DeliverySlot[] | null) {
  if (!slots || slots.length === 0) return undefined;
  return slots.some((slot) => slot.Date === values.deliveryDate)
    ? undefined
    : texts.delivery.required;
}

export function setField<K extends FieldName>(
  name: K,
  value: CheckoutValues[K],
  ctx: OrderContext,
) {
  checkoutState.values[name] = value;
  // A new day chosen: the notice about the taken one has done its job.
  if (name === 'deliveryDate') checkoutState.slotTaken = false;
  // A field with an error is checked again as the user corrects it, so the message goes away.
  if (checkoutState.errors[name]) {
    const result = validate(checkoutState.values, ctx);
    const message = result.ok ? undefined : result.errors[name];
    if (message) checkoutState.errors[name] = message;
    else delete checkoutState.errors[name];
  }
  persist();
}

export type SubmitOutcome =
  | { kind: 'placed'; order: Order }
  | { kind: 'invalid'; focus: FieldName | undefined }
  /** 409 SlotTaken: the free days are new, the field says so and takes the focus. */
  | { kind: 'slotTaken' }
  | { kind: 'stopped' };

/** Validates, then places the order; one submit at a time. */
export async function submit(ctx: OrderContext): Promise<SubmitOutcome> {
  if (checkoutState.phase === 'submitting') return { kind: 'stopped' };
  const checked = validate(checkoutState.values, ctx);
  const dateError = deliveryDateError(checkoutState.values, checkoutState.slots);
  if (!checked.ok || dateError) {
    const errors: FieldErrors = {
      ...(checked.ok ? {} : checked.errors),
      ...(dateError ? { deliveryDate: dateError } : {}),
    };
    checkoutState.errors = errors;
    checkoutState.formError = checked.ok ? null : (checked.other[0] ?? null);
    return { kind: 'invalid', focus: firstErrorField(errors) };
  }
  checkoutState.errors = {};
  checkoutState.slotTaken = false;
  checkoutState.formError = null;
  checkoutState.priceChange = null;
  checkoutState.phase = 'submitting';
  try {
    const order = await submitOrder(checked.request);
    // Done: the next checkout starts fresh (the address stays for convenience).
    checkoutState.phase = 'editing';
    checkoutState.values.acceptedTerms = false;
    checkoutState.values.deliveryDate = '';
    checkoutState.idempotencyKey = crypto.randomUUID();
    checkoutState.selectionKey = '';
    persist();
    return { kind: 'placed', order };
  } catch (error) {
    return handleFailure(error, ctx);
  }
}

async function handleFailure(error: unknown, ctx: OrderContext): Promise<SubmitOutcome> {
  if (error instanceof NetworkError) {
    // The order may or may not have arrived: the retry with the same key settles it.
    checkoutState.phase = 'networkError';
    return { kind: 'stopped' };
  }
  const keyReused =
    error instanceof ApiError && error.issues.some((i) => i.path === 'body.IdempotencyKey');
  if (error instanceof ApiError && error.status === 409 && !keyReused) {
    // The chosen day was booked meanwhile; the answer names the next free ones.
    const taken = SlotTakenSchema.safeParse(error.body);
    if (taken.success) {
      slotTaken(taken.data.Slots);
      return { kind: 'slotTaken' };
    }
    // Price changed: the answer's new offer is fetched as the preview shows it.
    try {
      const preview = await fetchPreview(ctx.config, ctx.dealerId);
      checkoutState.priceChange = { previousTotal: ctx.totalPrice, offer: preview.Offer };
      checkoutState.phase = 'priceChanged';
    } catch (previewError) {
      return handleFailure(previewError, ctx);
    }
    return { kind: 'stopped' };
  }
  if (error instanceof ApiError && error.status === 400) {
    const { errors, other } = errorsOf(error.issues);
    const dealerIssue = error.issues.find((i) => i.path === 'body.DealerId');
    if (dealerIssue) checkoutState.gone = dealerIssue.message;
    checkoutState.errors = errors;
    checkoutState.formError = Object.keys(errors).length > 0 ? null : (other[0] ?? error.message);
    checkoutState.phase = 'editing';
    return { kind: 'invalid', focus: firstErrorField(errors) };
  }
  if (keyReused) {
    // The key belongs to another order (e.g. a second tab): this one needs its own.
    checkoutState.idempotencyKey = crypto.randomUUID();
    persist();
  }
  checkoutState.formError =
    error instanceof ApiError && error.status < 500 ? error.message : texts.serverError;
  checkoutState.phase = 'serverError';
  return { kind: 'stopped' };
}

/**
 * 409 SlotTaken: every typed field stays; the free days are the answer's, none is chosen (the
 * customer picks again, knowingly), and the field says why.
 */
function slotTaken(slots: readonly DeliverySlot[]): void {
  checkoutState.slots = slots.map((slot) => ({ ...slot }));
  checkoutState.values.deliveryDate = '';
  checkoutState.slotTaken = true;
  checkoutState.phase = 'editing';
  persist();
}

/** The user accepts the new total: the page resubmits with it (same key, nothing was stored). */
export function acceptPriceChange(): Offer | null {
  const change = checkoutState.priceChange;
  checkoutState.priceChange = null;
  checkoutState.phase = 'editing';
  return change?.offer ?? null;
}

export function resetCheckout(): void {
  Object.assign(checkoutState, initial());
}
