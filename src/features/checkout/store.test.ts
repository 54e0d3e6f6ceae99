import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkoutDefaults, household } from '../../ui/order-form/order-form.fixtures';
import { answerSlotTaken, ctx, freshCheckout, json, previewOffer, slot } from './checkout.fixtures';
import type { CheckoutValues } from './form';
import {
  acceptPriceChange,
  checkoutState,
  openCheckout,
  resetCheckout,
  setDeliverySlots,
  setField,
  STORAGE_KEY,
  submit,
} from './store';

const filled: CheckoutValues = {
  ...household(),
  accessNotes: 'Tank im Keller',
  deliveryDate: '',
};

function fill(values: Partial<CheckoutValues> = {}) {
  for (const [name, value] of Object.entries({ ...filled, ...values })) {
    setField(name as keyof CheckoutValues, value as never, ctx());
  }
}

const order = {
  OrderNumber: 'OK-2026-000001',
  Status: 'received',
  CreatedAt: '2026-11-23T10:00:00.000Z',
  DealerId: 7,
  DealerName: 'Ölversorgung Berlin',
  DealerPlace: 'Berlin',
  DealerPhone: '+49 30 1',
  ProductName: 'Heizöl EL schwefelarm',
  Amount: 3000,
  Stations: 1,
  ClimateNeutral: false,
  AppointmentPlus: false,
  DeliveryTime: 'Standard',
  PaymentName: 'Rechnung',
  ...checkoutDefaults(),
  AccessNotes: '',
  Currency: 'EUR',
  UnitPrice: 100.2,
  TotalPrice: 3005.94,
  Lines: [{ Label: 'Heizöl', Amount: 3005.94 }],
  Installment: null,
};

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function sentBodies(): { IdempotencyKey: string; TotalPrice: number }[] {
  return fetchMock.mock.calls
    .filter(([url]) => url === '/api/orders')
    .map(
      ([, init]) =>
        JSON.parse(init?.body as string) as { IdempotencyKey: string; TotalPrice: number },
    );
}

beforeEach(() => {
  fetchMock = freshCheckout();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('checkout store', () => {
  it('keeps values and idempotency key for the same offer across a reload', () => {
    openCheckout('offer-a');
    fill();
    const key = checkoutState.idempotencyKey;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);

    resetCheckout(); // the page is gone; sessionStorage is what survives a reload
    openCheckout('offer-a');
    expect(checkoutState.values.firstName).toBe('Erika');
    expect(checkoutState.values.acceptedTerms).toBe(true);
    expect(checkoutState.idempotencyKey).toBe(key);

    // Another offer is another order: new key, the address is kept, the terms asked again.
    openCheckout('offer-b');
    expect(checkoutState.idempotencyKey).not.toBe(key);
    expect(checkoutState.values.street).toBe('Invalidenstraße');
    expect(checkoutState.values.acceptedTerms).toBe(false);
  });

  it('refuses an incomplete form with German messages and the first field to focus', async () => {
    openCheckout('offer-a');
    fill({ firstName: '', email: 'erika(at)example.org', acceptedTerms: false });
    const outcome = await submit(ctx());
    expect(outcome).toEqual({ kind: 'invalid', focus: 'firstName' });
    expect(checkoutState.errors).toEqual({
      firstName: 'Vorname fehlt.',
      email: 'Die E-Mail-Adresse ist ungültig.',
      acceptedTerms: 'Bitte bestätigen Sie die Bedingungen.',
    });
    expect(fetchMock).not.toHaveBeenCalled();

    // Correcting a field clears its message at once.
    setField('firstName', 'Erika', ctx());
    expect(checkoutState.errors.firstName).toBeUndefined();
  });

  it('a network failure keeps the input; the retry sends the same idempotency key', async () => {
    openCheckout('offer-a');
    fill();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await submit(ctx())).toEqual({ kind: 'stopped' });
    expect(checkoutState.phase).toBe('networkError');
    expect(checkoutState.values.firstName).toBe('Erika');

    fetchMock.mockResolvedValueOnce(json(order, 200));
    const outcome = await submit(ctx());
    expect(outcome.kind).toBe('placed');
    const [first, second] = sentBodies();
    expect(second?.IdempotencyKey).toBe(first?.IdempotencyKey);
    // Placed: the next checkout gets a fresh key and asks for the terms again.
    expect(checkoutState.idempotencyKey).not.toBe(first?.IdempotencyKey);
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}')).toMatchObject({
      values: { acceptedTerms: false, firstName: 'Erika' },
    });
  });

  it('a second submit while one runs is ignored (double click)', async () => {
    openCheckout('offer-a');
    fill();
    let answer: (r: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const first = submit(ctx());
    expect(await submit(ctx())).toEqual({ kind: 'stopped' });
    answer(json(order, 201));
    expect((await first).kind).toBe('placed');
    expect(sentBodies()).toHaveLength(1);
  });

  it('409 price changed: fetches the new offer, then the confirmed resubmit uses the same key', async () => {
    openCheckout('offer-a');
    fill();
    const newOffer = previewOffer({
      UnitPrice: 101.03,
      TotalPrice: 3030.94,
      VatAmount: 483.94,
      Breakdown: [{ Kind: 'product', Label: 'Heizöl', Amount: 3030.94 }],
    });
    fetchMock.mockImplementation((url) =>
      Promise.resolve(
        url === '/api/orders'
          ? json({ message: 'Der Preis hat sich geändert: …' }, 409)
          : json({ Offer: newOffer, PaymentParameterId: 24 }),
      ),
    );
    expect(await submit(ctx())).toEqual({ kind: 'stopped' });
    expect(checkoutState.phase).toBe('priceChanged');
    expect(checkoutState.priceChange?.previousTotal).toBe(3005.94);
    expect(checkoutState.priceChange?.offer.TotalPrice).toBe(3030.94);
    const key = checkoutState.idempotencyKey;

    const accepted = acceptPriceChange();
    expect(accepted?.TotalPrice).toBe(3030.94);
    fetchMock.mockImplementation(() =>
      Promise.resolve(json({ ...order, TotalPrice: 3030.94 }, 201)),
    );
    const outcome = await submit({ ...ctx(), totalPrice: 3030.94 });
    expect(outcome.kind).toBe('placed');
    expect(sentBodies().map((b) => [b.IdempotencyKey, b.TotalPrice])).toEqual([
      [key, 3005.94],
      [key, 3030.94],
    ]);
  });
});

describe('checkout store: the delivery day', () => {
  /** The offer as POST /api/orders/preview prices it. */
  const offerAt = (TotalPrice: number) =>
    previewOffer({
      UnitPrice: Math.round((TotalPrice / 30) * 100) / 100,
      TotalPrice,
      VatAmount: 480,
      Breakdown: [{ Kind: 'product', Label: 'Heizöl', Amount: TotalPrice }],
    });
  const offered = [slot('2026-12-01'), slot('2026-12-02'), slot('2026-12-03')];

  it('preselects the first free day, keeps a chosen one over a reload while it is free', () => {
    openCheckout('offer-a');
    setDeliverySlots(offered);
    expect(checkoutState.values.deliveryDate).toBe('2026-12-01');
    setField('deliveryDate', '2026-12-02', ctx());

    resetCheckout();
    openCheckout('offer-a');
    expect(checkoutState.slots).toBeNull();
    setDeliverySlots(offered);
    expect(checkoutState.values.deliveryDate).toBe('2026-12-02');

    // Booked by someone else since: the first free day instead.
    resetCheckout();
    openCheckout('offer-a');
    setDeliverySlots([slot('2026-12-01'), slot('2026-12-03')]);
    expect(checkoutState.values.deliveryDate).toBe('2026-12-01');

    // Another offer: the day is not carried over; no free days (an older server): none.
    openCheckout('offer-b');
    expect(checkoutState.values.deliveryDate).toBe('');
    setDeliverySlots(undefined);
    expect(checkoutState.slots).toEqual([]);
    expect(checkoutState.values.deliveryDate).toBe('');
  });

  it('sends the chosen day as DeliveryDate; without days none is sent', async () => {
    openCheckout('offer-a');
    fill();
    setDeliverySlots(offered);
    setField('deliveryDate', '2026-12-03', ctx());
    fetchMock.mockResolvedValueOnce(json(order, 201));
    expect((await submit(ctx())).kind).toBe('placed');
    const [body] = sentBodies() as unknown as { DeliveryDate?: string }[];
    expect(body?.DeliveryDate).toBe('2026-12-03');
    // Placed: the next checkout chooses its own day.
    expect(checkoutState.values.deliveryDate).toBe('');

    openCheckout('offer-c');
    fill({ acceptedTerms: true });
    setDeliverySlots([]);
    fetchMock.mockResolvedValueOnce(json(order, 201));
    expect((await submit(ctx())).kind).toBe('placed');
    const second = sentBodies()[1] as unknown as Record<string, unknown>;
    expect('DeliveryDate' in second).toBe(false);
  });

  it('409 SlotTaken: keeps every typed field, offers the next free days, none chosen', async () => {
    openCheckout('offer-a');
    fill();
    setDeliverySlots(offered);
    setField('deliveryDate', '2026-12-02', ctx());
    const next = [slot('2026-12-03'), slot('2026-12-04')];
    answerSlotTaken(fetchMock, next, offerAt(3005.94));
    expect(await submit(ctx())).toEqual({ kind: 'slotTaken' });
    expect(checkoutState.slotTaken).toBe(true);
    expect(checkoutState.phase).toBe('editing');
    expect(checkoutState.priceChange).toBeNull();
    expect(checkoutState.slots).toEqual(next);
    expect(checkoutState.values).toEqual({ ...filled, deliveryDate: '' });
    // Kept for a reload too.
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}')).toMatchObject({
      values: { firstName: 'Erika', street: 'Invalidenstraße', deliveryDate: '' },
    });

    // Ordering again without a new choice is refused at the field.
    const sent = sentBodies().length;
    expect(await submit(ctx())).toEqual({ kind: 'invalid', focus: 'deliveryDate' });
    expect(checkoutState.errors.deliveryDate).toBe('Bitte wählen Sie einen Liefertermin.');
    expect(sentBodies()).toHaveLength(sent);

    // Choosing a day clears the message and the notice; the order goes out with it, same key.
    setField('deliveryDate', '2026-12-04', ctx());
    expect(checkoutState.errors.deliveryDate).toBeUndefined();
    expect(checkoutState.slotTaken).toBe(false);
    fetchMock.mockImplementation(() => Promise.resolve(json(order, 201)));
    expect((await submit(ctx())).kind).toBe('placed');
    const bodies = sentBodies() as unknown as { IdempotencyKey: string; DeliveryDate: string }[];
    expect(bodies.map((b) => b.DeliveryDate)).toEqual(['2026-12-02', '2026-12-04']);
    expect(bodies[0]?.IdempotencyKey).toBe(bodies[1]?.IdempotencyKey);
  });

  it('a 409 PriceChanged is still the price change; the chosen day stays', async () => {
    openCheckout('offer-a');
    fill();
    setDeliverySlots(offered);
    fetchMock.mockImplementation((url) =>
      Promise.resolve(
        url === '/api/orders'
          ? json({ message: 'Der Preis hat sich geändert.', Reason: 'PriceChanged' }, 409)
          : json({
              Offer: offerAt(3030.94),
              PaymentParameterId: 24,
              DeliverySlots: offered,
            }),
      ),
    );
    expect(await submit(ctx())).toEqual({ kind: 'stopped' });
    expect(checkoutState.phase).toBe('priceChanged');
    expect(checkoutState.slotTaken).toBe(false);
    expect(checkoutState.values.deliveryDate).toBe('2026-12-01');
  });
});
