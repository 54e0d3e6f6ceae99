import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectConsole } from '../../../tests/support/setup-console';
import {
  BANNER_TTL_MS,
  bannerAmount,
  bannerState,
  loadBanner,
  resetBanner,
  type BannerQuery,
} from './banner';

const best = (zip: string, amount = 3000) => ({
  ZipCode: zip,
  Amount: amount,
  ProductId: 1,
  UnitPrice: 98.12,
  TotalPrice: (98.12 * amount) / 100,
  Currency: 'EUR',
  DealerCount: 4,
  TimeStamp: '2026-11-25T09:05:00.000Z',
});
const current = { Price: 101.5, Change: -0.4, DateTime: '2026-11-25T00:00:00Z', Currency: 'EUR' };

function stub(answer: (url: URL) => Response | Promise<Response>) {
  const fetchMock = vi.fn((input: string | URL) =>
    Promise.resolve(answer(new URL(input, 'http://localhost'))),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const query = (extra: Partial<BannerQuery> = {}): BannerQuery => ({
  countryId: 1,
  zipCode: '10115',
  amount: 3000,
  productId: 1,
  heatingOil: true,
  ...extra,
});

beforeEach(() => resetBanner());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetBanner();
});

describe('banner data (SPEC §3, cached 120 s, failure = none)', () => {
  it("shows the lowest offer for a confirmed postal code and amount, in the spec's fields", async () => {
    const fetchMock = stub((url) => json(best(url.searchParams.get('zipCode') ?? '', 4500)));
    await loadBanner(query({ amount: 4500 }));
    expect(fetchMock.mock.calls[0]?.[0]).toContain(
      '/api/site/1/prices/best?zipCode=10115&amount=4500&productId=1',
    );
    expect(bannerState.data).toEqual({
      countryId: 1,
      zipCode: '10115',
      amount: 4500,
      unitPrice: 98.12,
      totalPrice: 4415.4,
      timeStamp: '2026-11-25T09:05:00.000Z',
      currency: '€',
      countryCode: 'DE',
      mex: null,
      selectedMex: null,
    });
  });

  it("shows the country's average at 3,000 L before a postal code is confirmed", async () => {
    const fetchMock = stub(() => json({ ...current, Currency: 'CHF' }));
    await loadBanner(query({ countryId: 3, zipCode: '' }));
    expect(fetchMock.mock.calls[0]?.[0]).toContain('/api/site/3/prices/current');
    expect(bannerState.data).toMatchObject({
      zipCode: '',
      amount: 3000,
      unitPrice: 101.5,
      totalPrice: 3045,
      currency: 'CHF',
      countryCode: 'CH',
    });
  });

  it('asks once for the same query within 120 s, shares a load under way, asks again after', async () => {
    let now = 1_000_000;
    const fetchMock = stub(() => json(best('10115')));
    await Promise.all([loadBanner(query(), () => now), loadBanner(query(), () => now)]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    now += BANNER_TTL_MS - 1;
    await loadBanner(query(), () => now);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    now += 1;
    await loadBanner(query(), () => now);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('shows only the latest query when an older answer arrives late', async () => {
    let release: (() => void) | undefined;
    stub(async (url) => {
      const zip = url.searchParams.get('zipCode') ?? '';
      if (zip === '10115') await new Promise<void>((r) => (release = r));
      return json(best(zip));
    });
    const slow = loadBanner(query());
    await loadBanner(query({ zipCode: '80331' }));
    release?.();
    await slow;
    expect(bannerState.data?.zipCode).toBe('80331');
  });

  it('is no banner when the load fails, and no average for diesel', async () => {
    const warn = expectConsole('warn');
    stub(() => json({ error: 'kaputt' }, 500));
    await loadBanner(query());
    expect(bannerState.data).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    const fetchMock = stub(() => json(current));
    await loadBanner(query({ zipCode: '', heatingOil: false }));
    expect(bannerState.data).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the country's average for a postal code without offers", async () => {
    const fetchMock = stub((url) => json(url.pathname.endsWith('/best') ? null : current));
    await loadBanner(query({ zipCode: '99999' }));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(bannerState.data).toMatchObject({ zipCode: '', unitPrice: 101.5, amount: 3000 });
  });

  it("takes the calculator's amount when it can be calculated, else 3,000 L", () => {
    expect(bannerAmount(4500)).toBe(4500);
    expect(bannerAmount(0)).toBe(3000);
    expect(bannerAmount(299)).toBe(3000);
    expect(bannerAmount(40_000)).toBe(3000);
  });
});
