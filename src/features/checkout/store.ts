/**
 * The checkout's state: the order form kit's draft (src/ui/order-form/draft.ts) of the form
 * values, their errors, the idempotency key of this checkout and where the submit stands. Values
 * and key live in sessionStorage too, so a reload keeps every input and a resubmit after a
 * reload or a dropped connection reuses the key: the server then returns the order it already
 * made instead of a second one.
 * The free delivery days of the preview, the chosen one among the values (so it is
 * kept like a typed field), and a day someone else booked meanwhile (409 SlotTaken).
 */
import { ApiError, NetworkError } from '../../api/client';
import type { Offer } from '../../api/contract/calculation';
import { SlotTakenSchema, type DeliverySlot } from '../../api/contract/delivery';
import type { Order } from '../../api/contract/orders';
import { createDraft, type DraftState } from '../../ui/order-form';
import { fetchPreview, submitOrder } from './api';
import {
  checkoutFields,
  emptyValues,
  validate,
  type CheckoutValues,
  type FieldErrors,
  type FieldName,
  type OrderContext,
} from './form';
import { texts } from './texts';

export type Phase = 'editing' | 'submitting' | 'networkError' | 'serverError' | 'priceChanged';

/** The checkout's own state beside the draft's (the order form kit's). */
interface CheckoutExtra {
  /** 409: the total the user saw and today's offer. */
  priceChange: { previousTotal: number; offer: Offer } | null;
  /** The offer is no longer orderable (the server named the dealer). */
  gone: string | null;
  /**
   * The free delivery days to choose from, earliest first; null until the preview
   * has come. Empty: none to choose, the server books the earliest.
   */
  slots: DeliverySlot[] | null;
  /** The chosen day was booked by someone else meanwhile (409 SlotTaken): choose again. */
  slotTaken: boolean;
}

/** The draft's scope is the offer (dealer + configuration) this checkout is for. */
export type CheckoutState = DraftState<CheckoutValues, FieldName, Phase, CheckoutExtra>;

export const STORAGE_KEY = 'ok-checkout';

/**
 * Another offer is another order: the address and contact stay, the terms are asked again, and
 * a day of another offer (dealer, amount) is not one of this offer's.
 */
const draft = createDraft<CheckoutValues, FieldName, Phase, CheckoutExtra>({
  storageKey: STORAGE_KEY,
  empty: emptyValues,
  fields: checkoutFields,
  carry: (values) => ({ ...values, acceptedTerms: false, deliveryDate: '' }),
  extra: () => ({ priceChange: null, gone: null, slots: null, slotTaken: false }),
});

export const checkoutState: CheckoutState = draft.state;
const persist = draft.persist;

/**
 * Opens the checkout for an offer. The same offer again (reload, back and forth) keeps values
 * and key; another offer keeps the address but gets a new key, since it is another order.
 */
export const openCheckout = (selectionKey: string): void => draft.open(selectionKey);

/** Customer data from the account, only into fields the user has not filled. */
export const prefill = (values: Partial<CheckoutValues>): void => draft.prefill(values);

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
  // A new day chosen: the notice about the taken one has done its job.
  if (name === 'deliveryDate') checkoutState.slotTaken = false;
  draft.setField(name, value, (values) => validate(values, ctx));
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
    return draft.refuse({ errors, other: checked.ok ? [] : checked.other });
  }
  checkoutState.errors = {};
  checkoutState.slotTaken = false;
  checkoutState.formError = null;
  checkoutState.priceChange = null;
  checkoutState.phase = 'submitting';
  try {
    const order = await submitOrder(checked.request);
    // Done: the next checkout starts fresh (the address stays for convenience).
    draft.finish();
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
    const dealerIssue = error.issues.find((i) => i.path === 'body.DealerId');
    if (dealerIssue) checkoutState.gone = dealerIssue.message;
    return draft.takeIssues(error.issues, error.message);
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

export const resetCheckout = (): void => draft.reset();
