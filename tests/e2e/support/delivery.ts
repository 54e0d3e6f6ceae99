/**
 * Takes a dealer's delivery day for real, as other customers would — orders placed
 * through the API (a context of its own: its own browser id and CSRF pair) until the day no
 * longer takes the given configuration. No route is faked: the checkout under test then meets
 * the server's own 409 "Dieser Termin ist gerade vergeben".
 */
import { randomUUID } from 'node:crypto';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import type { CalculatorConfig } from '../../../src/api/contract/calculation';

interface Preview {
  Offer: { TotalPrice: number };
  DeliverySlots?: { Date: string }[];
}

async function preview(api: APIRequestContext, config: CalculatorConfig, dealerId: number) {
  const response = await api.post('/api/orders/preview', {
    data: { Configuration: config, DealerId: dealerId },
  });
  if (!response.ok()) return undefined;
  return (await response.json()) as Preview;
}

/**
 * Places orders for `date` at `dealerId` until a preview of `config` no longer offers that day.
 * Big orders first (32,000 L take the day's litres quickly), then the configuration's own amount.
 * Returns how many orders it placed.
 */
export async function fillDeliveryDay(
  baseURL: string,
  opts: { config: CalculatorConfig; dealerId: number; date: string; place: string },
): Promise<number> {
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    await api.get('/session/csrf');
    const cookies = (await api.storageState()).cookies;
    const token = cookies.find((c) => c.name.endsWith('ok_csrf'))?.value ?? '';
    const big: CalculatorConfig = { ...opts.config, Amount: 32_000 };
    for (let placed = 0; placed < 60;) {
      const own = await preview(api, opts.config, opts.dealerId);
      if (!own?.DeliverySlots?.some((s) => s.Date === opts.date)) return placed;
      const large = await preview(api, big, opts.dealerId);
      const [config, priced] = large?.DeliverySlots?.some((s) => s.Date === opts.date)
        ? [big, large]
        : [opts.config, own];
      const response = await api.post('/api/orders', {
        headers: { RequestVerificationToken: token },
        data: {
          Configuration: config,
          DealerId: opts.dealerId,
          DeliveryAddress: {
            Title1: 'Herr',
            FirstName: 'Nachbar',
            LastName: 'Schneller',
            Street: 'Hauptstraße',
            HouseNumber: String(placed + 1),
            ZipCode: config.ZipCode,
            Place: opts.place,
          },
          Email: 'schneller@example.org',
          Phone: '030 1234567',
          AcceptedTerms: true,
          TotalPrice: priced.Offer.TotalPrice,
          IdempotencyKey: randomUUID(),
          DeliveryDate: opts.date,
        },
      });
      if (response.status() === 201) placed += 1;
      else if (response.status() !== 409) {
        throw new Error(`fillDeliveryDay: ${response.status()} ${await response.text()}`);
      }
    }
    throw new Error(`fillDeliveryDay: ${opts.date} still free after 60 orders`);
  } finally {
    await api.dispose();
  }
}
