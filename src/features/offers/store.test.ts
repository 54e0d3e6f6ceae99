import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalculatorConfig } from '../../api/contract/calculation';
import { generateOffers } from '../../workers/offers/offers.fixtures';
import { resetOffersWorker } from '../../workers/offers';
import { calculatorState, defaultConfig, resetCalculator } from '../calculator';
import { json, resultFixture, stubServer } from './offers.fixtures';
import {
  calculateOffers,
  forgetLastKnownOffers,
  offerListState,
  refusalOf,
  resetOfferList,
  setOfferSort,
  offerCopiesKept,
} from './store';
import { resetSession, sessionState } from '../session';

const config = (patch: Partial<CalculatorConfig> = {}): CalculatorConfig => ({
  ...defaultConfig(1, 1),
  ZipCode: '10115',
  ...patch,
});

beforeEach(async () => {
  // A copy still on its way from the previous test must not land in this one.
  await offerCopiesKept();
  await forgetLastKnownOffers();
  resetOfferList();
  resetCalculator();
  resetOffersWorker();
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetOfferList();
});

describe('refusalOf (SPEC §5: skipped for an empty postal code or less than 300 L)', () => {
  it.each([
    [{ ZipCode: '' }, 'zipMissing'],
    [{ ZipCode: '1011' }, 'zipInvalid'],
    [{ Amount: 299 }, 'amountTooLow'],
    [{ Amount: 32_001 }, 'amountTooHigh'],
  ] as const)('%o → %s', (patch, reason) => {
    expect(refusalOf(config(patch))).toEqual({ reason });
  });

  it('calculates 300 L (the calculable minimum) and a 4-digit code in Austria', () => {
    expect(refusalOf(config({ Amount: 300 }))).toBeNull();
    expect(refusalOf({ ...defaultConfig(2), ZipCode: '1010' })).toBeNull();
  });
});

describe('calculateOffers', () => {
  it('does not ask the server when the calculation is refused', async () => {
    const { fetchMock } = stubServer();
    await calculateOffers(config({ ZipCode: '' }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(offerListState.status).toBe('refused');
    expect(offerListState.refusal).toEqual({ reason: 'zipMissing' });
  });

  it('shows the ranked, formatted offers and sets the calculating flag meanwhile', async () => {
    const items = generateOffers({ count: 8, seed: 5 });
    let flagDuringCall: boolean | undefined;
    stubServer((c) => {
      flagDuringCall = calculatorState.calculating;
      return json(resultFixture(c, items));
    });
    const pending = calculateOffers(config());
    expect(offerListState.status).toBe('calculating');
    await pending;
    expect(flagDuringCall).toBe(true);
    expect(calculatorState.calculating).toBe(false);
    expect(offerListState.status).toBe('ready');
    const totals = offerListState.offers.map((o) => o.id);
    const expected = [...items]
      .sort(
        (a, b) =>
          a.TotalPrice - b.TotalPrice ||
          b.Rating - a.Rating ||
          a.DeliveryDays - b.DeliveryDays ||
          a.Id - b.Id,
      )
      .map((o) => o.Id);
    expect(totals).toEqual(expected);
    expect(offerListState.offers.slice(0, 3).map((o) => o.place)).toEqual([1, 2, 3]);
    expect(offerListState.offers[0]?.totalPrice).toMatch(/^\d{1,3}(\.\d{3})*,\d{2}\u00a0€$/);
    expect(offerListState.shown).toMatchObject({ count: 8, productName: 'Heizöl EL schwefelarm' });
  });

  it('keeps the region’s delivery load with the shown result', async () => {
    const items = generateOffers({ count: 2, seed: 5 });
    stubServer((c) => json({ ...resultFixture(c, items), DeliveryLoad: 'elevated' }));
    await calculateOffers(config());
    expect(offerListState.shown?.deliveryLoad).toBe('elevated');

    stubServer((c) => json(resultFixture(c, items)));
    await calculateOffers(config({ Amount: 2500 }));
    expect(offerListState.shown?.deliveryLoad).toBeUndefined();
  });

  it('says so when no dealer delivers (empty result)', async () => {
    stubServer((c) => json(resultFixture(c, [])));
    await calculateOffers(config());
    expect(offerListState.status).toBe('empty');
    expect(offerListState.offers).toEqual([]);
  });

  it('shows the server’s message for a 400 (e.g. an unknown postal code)', async () => {
    stubServer(() => json({ message: 'Die Postleitzahl 00000 ist nicht bekannt.' }, 400));
    await calculateOffers(config({ ZipCode: '00000' }));
    expect(offerListState.status).toBe('refused');
    expect(offerListState.refusal).toEqual({
      reason: 'server',
      message: 'Die Postleitzahl 00000 ist nicht bekannt.',
    });
  });

  it('gives empty results and the error state when the call fails (SPEC §8)', async () => {
    stubServer(() => json({ message: 'Interner Fehler' }, 500));
    await calculateOffers(config());
    expect(offerListState.status).toBe('error');
    expect(offerListState.offers).toEqual([]);
    expect(calculatorState.calculating).toBe(false);
  });

  it('drops a slower, older answer: the newest configuration wins', async () => {
    let releaseFirst: (() => void) | undefined;
    const { bodies } = stubServer(async (c) => {
      if (c.Amount === 1000) await new Promise<void>((r) => (releaseFirst = r));
      return json(resultFixture(c, generateOffers({ count: c.Amount === 1000 ? 2 : 4, seed: 1 })));
    });
    const first = calculateOffers(config({ Amount: 1000 }));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    const second = calculateOffers(config({ Amount: 2000 }));
    await second;
    releaseFirst?.();
    await first;
    expect(offerListState.offers).toHaveLength(4);
    expect(offerListState.shown?.config.Amount).toBe(2000);
  });
});

describe('last-known offers', () => {
  const offline = () => Promise.reject(new TypeError('Failed to fetch'));

  it('shows the last offers of the same query with their age when the next calculation gets no answer', async () => {
    const items = generateOffers({ count: 5, seed: 3 });
    const server = { down: false };
    stubServer((c) => (server.down ? offline() : json(resultFixture(c, items))));
    await calculateOffers(config());
    await offerCopiesKept();
    expect(offerListState.stale).toBeNull();
    const ids = offerListState.offers.map((o) => o.id);

    // A new page (nothing on screen), the answer does not come.
    resetOfferList();
    server.down = true;
    await calculateOffers(config());
    expect(offerListState.status).toBe('ready');
    expect(offerListState.offers.map((o) => o.id)).toEqual(ids);
    expect(offerListState.shown?.calculatedAt).toBe('2025-01-15T10:00:00.000Z');
    // No answer at all: said as "Keine Verbindung", whatever navigator.onLine says (Lie-Fi).
    expect(offerListState.stale).toEqual({ reason: 'failed', offline: true, otherQuery: false });
    expect(calculatorState.calculating).toBe(false);
  });

  it('keeps the offers on screen when a recalculation for another query fails, and says whose they are', async () => {
    const server = { down: false };
    stubServer((c) =>
      server.down ? offline() : json(resultFixture(c, generateOffers({ count: 4, seed: 8 }))),
    );
    await calculateOffers(config());
    server.down = true;
    await calculateOffers(config({ Amount: 5000 }));
    expect(offerListState.status).toBe('ready');
    expect(offerListState.offers).toHaveLength(4);
    expect(offerListState.shown?.config.Amount).toBe(3000);
    expect(offerListState.stale).toMatchObject({ reason: 'failed', otherQuery: true });
  });

  it('shows the last-known offers while a slow answer is on its way, then the answer', async () => {
    let release: (() => void) | undefined;
    let slow = false;
    stubServer(async (c) => {
      if (slow) await new Promise<void>((r) => (release = r));
      return json(resultFixture(c, generateOffers({ count: slow ? 6 : 3, seed: 2 })));
    });
    await calculateOffers(config());
    await offerCopiesKept();
    resetOfferList();
    slow = true;
    const pending = calculateOffers(config());
    await vi.waitFor(() => expect(offerListState.offers).toHaveLength(3));
    expect(offerListState.status).toBe('calculating');
    expect(offerListState.stale).toMatchObject({ reason: 'waiting' });
    release?.();
    await pending;
    expect(offerListState.status).toBe('ready');
    expect(offerListState.offers).toHaveLength(6);
    expect(offerListState.stale).toBeNull();
  });

  it('does not show one user’s offers (their favourites) to another', async () => {
    const server = { down: false };
    stubServer((c) =>
      server.down ? offline() : json(resultFixture(c, generateOffers({ count: 4, seed: 4 }))),
    );
    sessionState.User = { id: 'u-1' } as typeof sessionState.User;
    await calculateOffers(config());
    await offerCopiesKept();
    resetSession();
    resetOfferList();
    server.down = true;
    await calculateOffers(config());
    expect(offerListState.status).toBe('error');
    expect(offerListState.offers).toEqual([]);
  });

  it('never shows a 400 over the last-known offers: the server said no', async () => {
    const server = { refuse: false };
    stubServer((c) =>
      server.refuse
        ? json({ message: 'Die Postleitzahl ist nicht bekannt.' }, 400)
        : json(resultFixture(c, generateOffers({ count: 4, seed: 4 }))),
    );
    await calculateOffers(config());
    server.refuse = true;
    await calculateOffers(config());
    expect(offerListState.status).toBe('refused');
    expect(offerListState.offers).toEqual([]);
  });
});

describe('setOfferSort', () => {
  it('re-sorts the shown offers and keeps the best-three marks on the cheapest', async () => {
    const items = generateOffers({ count: 12, seed: 9 });
    stubServer((c) => json(resultFixture(c, items)));
    await calculateOffers(config());
    const cheapest = offerListState.offers.slice(0, 3).map((o) => o.id);

    // The control follows the click at once; the list says its new order only once it is in it.
    const sorting = setOfferSort('rating');
    expect(offerListState.sort).toBe('rating');
    expect(offerListState.rankedBy).toBe('price');
    await sorting;
    expect(offerListState.rankedBy).toBe('rating');
    const ratings = offerListState.offers.map((o) => o.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    const marked = offerListState.offers.filter((o) => o.place !== null);
    expect(marked.map((o) => o.id).sort()).toEqual([...cheapest].sort());

    await setOfferSort('delivery');
    expect(offerListState.rankedBy).toBe('delivery');
    const days = offerListState.offers.map((o) => items.find((i) => i.Id === o.id)?.DeliveryDays);
    expect(days).toEqual([...days].sort((a = 0, b = 0) => a - b));
  });
});
