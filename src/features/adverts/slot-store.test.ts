/** SPEC §4 Advert slots against a stubbed /api/iam: load once, loading keys, postal-code rule. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSlot, postalCodeChanged, resetSlots, slotEntry, watchSlot } from './slot-store';

const slot = (slotKey: string, filtered: boolean, zip: string) => ({
  Id: slotKey.length,
  SlotKey: slotKey,
  SlotTypeId: 1,
  AppliesZipFiltering: filtered,
  Width: 970,
  Height: 120,
  // A paid item only for 80331, a house item always.
  Items: [
    ...(zip === '80331' ? [{ CampaignTypeId: 1, Weight: 5, Id: 7, SlotId: 1, AdvertId: 70 }] : []),
    { CampaignTypeId: 2, Weight: 1, Id: 8, SlotId: 1, AdvertId: 80 },
  ],
});

let calls: string[];

beforeEach(() => {
  resetSlots(() => 0.5);
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://x');
      calls.push(url.pathname + url.search);
      const key = decodeURIComponent(url.pathname.split('/').pop() ?? '');
      const zip = url.searchParams.get('zipCode') ?? '';
      const body = slot(key, key !== 'prices-side', zip);
      return Promise.resolve(
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
      );
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe('advert slot store (SPEC §4)', () => {
  it('loads a slot once, and a second load for the same key waits for the first', async () => {
    const [a, b] = await Promise.all([
      loadSlot('home-top', 1, '80331'),
      loadSlot('home-top', 1, '80331'),
    ]);
    expect(a).toBe(b);
    await loadSlot('home-top', 1, '80331');
    expect(calls).toEqual(['/api/iam/slots/home-top?countryId=1&zipCode=80331']);
    // The paid item wins the draw over the house item.
    expect(a.item?.AdvertId).toBe(70);
    await loadSlot('home-top', 1, '80331', { force: true });
    expect(calls).toHaveLength(2);
  });

  it('reloads filtered slots in use on a postal-code change and drops the others', async () => {
    await loadSlot('home-top', 1, '80331');
    await loadSlot('offers-list', 1, '80331');
    await loadSlot('prices-side', 1, '80331');
    const seen: number[] = [];
    const stop = watchSlot('home-top', (e) => e.item && seen.push(e.item.AdvertId));
    calls = [];
    postalCodeChanged(1, '10115');
    await vi.waitFor(() => expect(slotEntry('home-top')?.zipCode).toBe('10115'));
    // In use and filtered: reloaded, now the house advert.
    expect(calls).toEqual(['/api/iam/slots/home-top?countryId=1&zipCode=10115']);
    expect(seen).toEqual([80]);
    // Filtered but not in use: dropped, loads fresh next time.
    expect(slotEntry('offers-list')).toBeUndefined();
    // Not filtered: kept as it was.
    expect(slotEntry('prices-side')?.zipCode).toBe('80331');
    stop();
  });

  it('keeps a slot without postal filtering for any postal code', async () => {
    await loadSlot('prices-side', 1, '80331');
    await loadSlot('prices-side', 1, '10115');
    expect(calls).toHaveLength(1);
  });
});
