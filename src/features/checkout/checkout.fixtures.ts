/** Test data of the checkout: the calculator configuration, the order context and the priced offer. */
import { vi } from 'vitest';
import type { CalculatorConfig } from '../../api/contract/calculation';
import type { DeliverySlot } from '../../api/contract/delivery';
import type { Offer } from '../../api/contract/calculation-result';
import type { OrderContext } from './form';
import { checkoutState, resetCheckout } from './store';
import { json } from '../../ui/order-form/order-form.fixtures';

export { json };

export const config: CalculatorConfig = {
  ZipCode: '10115',
  Amount: 3000,
  Stations: 1,
  Product: { Id: 1, ClimateNeutral: false },
  Parameters: [],
  AppointmentPlus: false,
  CountryId: 1,
  ProductGroupId: 1,
};

/** The order as the page hands it to the store (the offer's dealer and total, the idempotency key). */
export const ctx = (): OrderContext => ({
  config,
  dealerId: 7,
  totalPrice: 3005.94,
  idempotencyKey: checkoutState.idempotencyKey,
});

/** The offer as POST /api/orders/preview prices it. */
export function previewOffer(overrides: Partial<Offer> = {}): Offer {
  return {
    Id: 7,
    DealerName: 'Ölversorgung Berlin',
    DealerPlace: 'Berlin',
    DealerZip: '12619',
    Rating: 4.5,
    RatingCount: 6,
    DistanceKm: 8.2,
    IsFavourite: false,
    ProductId: 1,
    ProductName: 'Heizöl EL schwefelarm',
    DeliveryTime: 'Standard',
    DeliveryDays: 15,
    PaymentName: 'Rechnung',
    UnitPrice: 100.2,
    TotalPrice: 3005.94,
    VatAmount: 479.94,
    VatRatePercent: 19,
    Currency: 'EUR',
    Breakdown: [{ Kind: 'product', Label: 'Heizöl', Amount: 3005.94 }],
    Installment: null,
    ClimateNeutral: false,
    AppointmentPlus: false,
    ...overrides,
  };
}

/** Before a test: nothing kept from the last one, and a fetch stub the test answers. */
export function freshCheckout(): ReturnType<typeof vi.fn<typeof fetch>> {
  sessionStorage.clear();
  resetCheckout();
  const fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A free delivery day, in the morning. */
export const slot = (Date: string): DeliverySlot => ({ Date, Window: 'vormittags' });

/**
 * The chosen day was taken meanwhile: the order answers 409 with the days still free (`next`),
 * and the preview asked again offers them.
 */
export function answerSlotTaken(
  fetchMock: ReturnType<typeof vi.fn<typeof fetch>>,
  next: DeliverySlot[],
  offer: Offer,
): void {
  fetchMock.mockImplementation((url) =>
    Promise.resolve(
      url === '/api/orders'
        ? json(
            { message: 'Dieser Termin ist gerade vergeben.', Reason: 'SlotTaken', Slots: next },
            409,
          )
        : json({ Offer: offer, PaymentParameterId: 24, DeliverySlots: next }),
    ),
  );
}
