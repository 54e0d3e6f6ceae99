/** Test data: group views as the server answers them (src/api/contract/group-orders.ts). */
import { vi } from 'vitest';
import type { CalculatorConfig } from '../../api/contract/calculation';
import type { GroupView, GroupYou, MyGroup } from '../../api/contract/group-orders';
import { json, offerListConfig } from '../../ui/order-form/order-form.fixtures';

export { json };

export const CODE = 'ABCD2345';

export function groupView(overrides: Partial<GroupView> = {}): GroupView {
  return {
    Code: CODE,
    State: 'open',
    CreatedAt: '2026-11-25T09:00:00.000Z',
    Deadline: '2026-11-28T09:00:00.000Z',
    ClosedAt: null,
    CountryId: 1,
    ProductGroupId: 1,
    ProductName: 'Heizöl EL schwefelarm',
    ZipCode: '10115',
    Place: 'Berlin',
    Currency: 'EUR',
    Households: [
      { Number: 1, Amount: 3000, IsOrganiser: true, IsYou: false, State: 'active' },
      { Number: 2, Amount: 2000, IsOrganiser: false, IsYou: false, State: 'active' },
    ],
    MaxHouseholds: 9,
    TotalAmount: 5000,
    Offer: {
      DealerId: 7,
      DealerName: 'Ölversorgung Berlin',
      DealerPlace: 'Berlin',
      DeliveryTime: 'bis 10 Werktage',
      UnitPrice: 98.76,
      TotalPrice: 4938,
      TotalAmount: 5000,
      Stations: 2,
      CalculatedAt: '2026-11-25T13:05:00.000Z',
      EarliestDelivery: '2026-12-01',
      Delivery: null,
    },
    You: null,
    PaymentOptions: [
      { Id: 11, Name: 'Rechnung' },
      { Id: 23, Name: 'Ratenzahlung (12 Monate)' },
    ],
    JoinBlockedReason: null,
    ...overrides,
  };
}

export function you(overrides: Partial<GroupYou> = {}): GroupYou {
  return {
    IsOrganiser: false,
    State: 'active',
    Amount: 2000,
    ZipCode: '10115',
    Place: 'Berlin',
    MaxUnitPrice: 106,
    PaymentName: 'Rechnung',
    Share: 1975.2,
    ShareUnitPrice: 98.76,
    AloneTotal: 2017.3,
    Saving: 42.1,
    OrderNumber: null,
    Note: null,
    ...overrides,
  };
}

/** The view as household 2 (the viewer) sees it. */
export function memberView(overrides: Partial<GroupView> = {}): GroupView {
  const base = groupView();
  return groupView({
    Households: base.Households.map((h) => (h.Number === 2 ? { ...h, IsYou: true } : h)),
    You: you(),
    ...overrides,
  });
}

export function myGroup(overrides: Partial<MyGroup> = {}): MyGroup {
  return {
    Code: CODE,
    State: 'open',
    Deadline: '2026-11-28T09:00:00.000Z',
    ZipCode: '10115',
    Place: 'Berlin',
    ProductName: 'Heizöl EL schwefelarm',
    Households: 2,
    TotalAmount: 5000,
    IsOrganiser: true,
    YourState: 'active',
    YourAmount: 3000,
    OrderNumber: null,
    ...overrides,
  };
}

/** The organiser's order as the offer list priced it. */
export const config: CalculatorConfig = offerListConfig;

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * A fetch that answers "METHOD path" from `answers` (a test may add to it later; 404 for the
 * rest) and records every call in the list it returns.
 */
export function stubApi(answers: Record<string, () => Response>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = String(url);
      calls.push({ method, path, body: init?.body ? JSON.parse(init.body as string) : null });
      const answer = answers[`${method} ${path}`];
      return Promise.resolve(answer ? answer() : json({ message: 'Nicht gefunden.' }, 404));
    }),
  );
  return calls;
}
