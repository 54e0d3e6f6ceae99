import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OfferListPageData } from '../../api/contract/pages';
import { readOfferQuery } from '../../lib/offer-query';
import type { OfferView } from '../../workers/offers';
import { rankOffers } from '../../workers/offers/offers';
import { generateOffers } from '../../workers/offers/offers.fixtures';
import {
  calculatorState,
  defaultConfig,
  normalizeConfig,
  initCalculator,
  resetCalculator,
  selectParameter,
  setAmount,
  setZipCode,
} from '../calculator';
import { resetConsent } from '../consent';
import { resetSession, sessionState, type SessionUser } from '../session';
import {
  freshOfferListStores,
  initFixture,
  json,
  resultFixture,
  stubServer,
} from './offers.fixtures';
import { offerListConfig } from '../../ui/order-form/order-form.fixtures';
import { configFromQuery } from './query';
import { RENDERED_OFFERS_FRESH_MS, offerListState, resetOfferList, seedOfferList } from './store';
import {
  RECALCULATE_DEBOUNCE_MS,
  applyOfferAddress,
  connectOfferList,
  retryOfferList,
  switchOfferCountry,
} from './sync';

const QUERY = 'zipCode=10115&amount=3000&stations=1&product=1&options=5,24,-2,11,9&cn=0&ap=0';

let addresses: string[];
let disconnect: (() => void) | undefined;

/** Applies an address and connects, as the page does on a first visit. */
function visit(search: string, countryId = 1, productGroupId: 1 | 2 = 1) {
  const result = applyOfferAddress(search, countryId, productGroupId);
  disconnect = connectOfferList({ replaceAddress: (href) => addresses.push(href) });
  return result;
}

const lastAddress = () => addresses.at(-1);

beforeEach(async () => {
  await freshOfferListStores();
  // Not setImmediate: IndexedDB (fake-indexeddb) schedules with it, and an offline copy written
  // on this clock would wait for ever once the real clock is back.
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
  addresses = [];
});

afterEach(async () => {
  disconnect?.();
  disconnect = undefined;
  // The offline copy of an answer waits for idle on this clock: run it before the real clock
  // returns, or it never runs and later files that wait for copies (store.test.ts) wait for ever.
  await vi.runOnlyPendingTimersAsync();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetCalculator();
  resetOfferList();
  resetConsent();
  resetSession();
});

describe('the offer list follows its address', () => {
  it('applies the SPEC §3 query, loads the calculator data, calculates once', async () => {
    const { bodies, fetchMock } = stubServer();
    visit(`?${QUERY}`);
    await vi.waitFor(() => expect(offerListState.status).toBe('ready'));
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject(offerListConfig);
    expect(fetchMock.mock.calls.map((c) => c[0].toString())).toContain('/api/kalkulation/init/1/1');
    expect(lastAddress()).toBe(`/heizoel/angebotsliste?${QUERY}`);
  });

  it('reads installment options (id$modifier) and the diesel group from the path', async () => {
    const { bodies } = stubServer();
    visit(
      '?zipCode=10115&amount=3000&stations=1&product=3&options=5,23$12,-2,11,9&cn=0&ap=0',
      1,
      2,
    );
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]?.ProductGroupId).toBe(2);
    expect(bodies[0]?.Parameters).toContainEqual({ Id: 23, Modifier: 12 });
    expect(lastAddress()).toBe(
      '/diesel/angebotsliste?zipCode=10115&amount=3000&stations=1&product=3&options=5,23$12,-2,11,9&cn=0&ap=0',
    );
  });

  it('reports openSettings=1 and does not write it back', async () => {
    stubServer();
    expect(visit(`?${QUERY}&openSettings=1`).openSettings).toBe(true);
    await vi.waitFor(() => expect(offerListState.status).toBe('ready'));
    expect(lastAddress()).not.toContain('openSettings');
  });

  it('shows the refused state for an address without a postal code, without asking', async () => {
    const { bodies } = stubServer();
    visit('?zipCode=&amount=3000');
    await vi.waitFor(() => expect(offerListState.status).toBe('refused'));
    expect(offerListState.refusal).toEqual({ reason: 'zipMissing' });
    expect(bodies).toHaveLength(0);
  });
});

describe('an address the calculator data does not allow is corrected (SPEC §4)', () => {
  it('installment with several stations: one station, in the calculation and the address', async () => {
    const { bodies } = stubServer();
    visit('?zipCode=10115&amount=3000&stations=3&product=1&options=5,23$12,-2,11,9&cn=0&ap=0');
    await vi.waitFor(() => expect(offerListState.status).toBe('ready'));
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      Stations: 1,
      Parameters: [{ Id: 5 }, { Id: 23, Modifier: 12 }, { Id: -2 }, { Id: 11 }, { Id: 9 }],
    });
    expect(lastAddress()).toBe(
      '/heizoel/angebotsliste?zipCode=10115&amount=3000&stations=1&product=1&options=5,23$12,-2,11,9&cn=0&ap=0',
    );
  });

  it('a product or option the country does not have: the defaults, with the data loaded already', async () => {
    const { bodies } = stubServer();
    // The calculator bar (or the page before) has loaded the calculator data already.
    await initCalculator({ countryId: 1 });
    visit('?zipCode=10115&amount=3000&product=12');
    await vi.waitFor(() => expect(offerListState.status).toBe('ready'));
    expect(bodies).toHaveLength(1);
    expect(bodies[0]?.Product.Id).toBe(1);
    expect(lastAddress()).toBe(`/heizoel/angebotsliste?${QUERY}`);

    // A new address while the list is open: the unknown option goes, its group keeps its default.
    applyOfferAddress('?zipCode=10115&amount=3000&options=6,999', 1, 1);
    await vi.waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]?.Parameters).toEqual([
      { Id: 6 },
      { Id: 24 },
      { Id: -2 },
      { Id: 11 },
      { Id: 9 },
    ]);
    expect(lastAddress()).toBe(
      '/heizoel/angebotsliste?zipCode=10115&amount=3000&stations=1&product=1&options=6,24,-2,11,9&cn=0&ap=0',
    );
  });
});

describe('every change rewrites the address and recalculates', () => {
  it('an option change: new address at once, one calculation after the debounce', async () => {
    const { bodies } = stubServer();
    visit(`?${QUERY}`);
    await vi.waitFor(() => expect(offerListState.status).toBe('ready'));

    selectParameter(1, 6);
    selectParameter(2, 23);
    await vi.advanceTimersByTimeAsync(0);
    expect(lastAddress()).toBe(
      '/heizoel/angebotsliste?zipCode=10115&amount=3000&stations=1&product=1&options=6,23$12,-2,11,9&cn=0&ap=0',
    );
    expect(bodies).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(RECALCULATE_DEBOUNCE_MS);
    await vi.waitFor(() => expect(offerListState.status).toBe('ready'));
    expect(bodies).toHaveLength(2);
    expect(bodies[1]?.Parameters.slice(0, 2)).toEqual([{ Id: 6 }, { Id: 23, Modifier: 12 }]);
  });

  it('a half-typed postal code or amount changes neither list nor address', async () => {
    const { bodies } = stubServer();
    visit(`?${QUERY}`);
    await vi.waitFor(() => expect(offerListState.status).toBe('ready'));
    const before = addresses.length;

    setZipCode('101');
    await vi.advanceTimersByTimeAsync(RECALCULATE_DEBOUNCE_MS * 2);
    setZipCode('10115');
    setAmount(30);
    await vi.advanceTimersByTimeAsync(RECALCULATE_DEBOUNCE_MS * 2);
    expect(addresses).toHaveLength(before);
    expect(bodies).toHaveLength(1);
    expect(offerListState.status).toBe('ready');

    setAmount(3000);
    setZipCode('10117');
    await vi.advanceTimersByTimeAsync(RECALCULATE_DEBOUNCE_MS);
    await vi.waitFor(() => expect(bodies).toHaveLength(2));
    expect(lastAddress()).toContain('zipCode=10117');
  });

  it('a change and its undo within the debounce do not calculate', async () => {
    const { bodies } = stubServer();
    visit(`?${QUERY}`);
    await vi.waitFor(() => expect(offerListState.status).toBe('ready'));
    selectParameter(1, 6);
    await vi.advanceTimersByTimeAsync(RECALCULATE_DEBOUNCE_MS / 2);
    selectParameter(1, 5);
    await vi.advanceTimersByTimeAsync(RECALCULATE_DEBOUNCE_MS * 2);
    expect(bodies).toHaveLength(1);
  });

  it('another country: the postal code goes when it does not fit, the list says why', async () => {
    stubServer();
    visit(`?${QUERY}`);
    await vi.waitFor(() => expect(offerListState.status).toBe('ready'));
    switchOfferCountry(2);
    await vi.waitFor(() => expect(offerListState.status).toBe('refused'));
    expect(calculatorState.config).toMatchObject({ CountryId: 2, ZipCode: '', Product: { Id: 6 } });
    expect(lastAddress()).toContain('zipCode=&');
  });
});

describe('retry', () => {
  it('"Erneut versuchen" calculates the same configuration again', async () => {
    let fail = true;
    const { bodies } = stubServer((c) =>
      fail ? json({ message: 'Fehler' }, 503) : json(resultFixture(c, [])),
    );
    visit(`?${QUERY}`);
    await vi.waitFor(() => expect(offerListState.status).toBe('error'));
    fail = false;
    retryOfferList();
    await vi.waitFor(() => expect(offerListState.status).toBe('empty'));
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toEqual(bodies[0]);
  });
});

const customer: SessionUser = {
  id: '42',
  title1: 'Frau',
  title2: '',
  roles: ['Role_Customer'],
  isImpersonatedS: false,
  hasMexEnabled: false,
  hasAnyOrder: false,
  firstName: 'Erika',
  lastName: 'Mustermann',
  loggedIn: true,
  isAdManager: false,
  allowSupportInfo: false,
  exp: 4_102_444_800,
};

describe('favourites are per user (SPEC §3 IsFavourite)', () => {
  it('calculates again when who is logged in changes, not for other session changes', async () => {
    const { bodies } = stubServer();
    visit(`?${QUERY}`);
    await vi.waitFor(() => expect(offerListState.status).toBe('ready'));
    expect(bodies).toHaveLength(1);

    // The session settles (or a login happens) after the first calculation.
    sessionState.User = customer;
    sessionState.LoggedIn = true;
    await vi.waitFor(() => expect(bodies).toHaveLength(2));
    await vi.waitFor(() => expect(offerListState.status).toBe('ready'));

    sessionState.expired = false;
    sessionState.ShowSupportInfo = true;
    await vi.advanceTimersByTimeAsync(RECALCULATE_DEBOUNCE_MS * 2);
    expect(bodies).toHaveLength(2);

    sessionState.User = null;
    sessionState.LoggedIn = false;
    await vi.waitFor(() => expect(bodies).toHaveLength(3));
    expect(bodies[2]).toEqual(bodies[0]);
  });
});

describe('a list the server rendered (docs/decisions/009)', () => {
  /** The page data the server embeds for QUERY, calculated `ageMs` ago. */
  function rendered(ageMs = 0): OfferListPageData<OfferView> {
    const init = initFixture();
    const config = normalizeConfig(
      configFromQuery(readOfferQuery(QUERY), defaultConfig(1, 1), 1, 1),
      init,
    );
    const items = generateOffers({ count: 5, seed: 3000 });
    const result = {
      ...resultFixture(config, items),
      CalculatedAt: new Date(Date.now() - ageMs).toISOString(),
    };
    return { Config: config, Init: init, Result: result, Views: rankOffers(items) };
  }

  it('shows the rendered offers and asks the server for nothing: no calculator data, no calculation', async () => {
    const { fetchMock } = stubServer();
    seedOfferList(rendered(), true);
    expect(offerListState).toMatchObject({ status: 'ready', stale: null });
    expect(offerListState.offers).toHaveLength(5);
    expect(calculatorState.config.ZipCode).toBe('10115');

    visit(`?${QUERY}`);
    await vi.advanceTimersByTimeAsync(RECALCULATE_DEBOUNCE_MS * 4);
    const asked = fetchMock.mock.calls.map((c) => c[0].toString());
    expect(asked.filter((url) => url.startsWith('/api/kalkulation'))).toEqual([]);
    expect(offerListState.status).toBe('ready');
    expect(offerListState.offers).toHaveLength(5);

    // A change afterwards calculates as always.
    setAmount(4000);
    await vi.waitFor(() => expect(asked.length < fetchMock.mock.calls.length).toBe(true));
  });

  it('calculates again when the rendered answer is old (a copy the service worker kept)', async () => {
    const { bodies } = stubServer();
    seedOfferList(rendered(RENDERED_OFFERS_FRESH_MS + 1000), true);
    visit(`?${QUERY}`);
    // Meanwhile the old offers stay on screen.
    expect(offerListState.offers).toHaveLength(5);
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ ZipCode: '10115', Amount: 3000 });
  });

  it('calculates again for a visitor logged in since the render (their favourites)', async () => {
    const { bodies } = stubServer();
    seedOfferList(rendered(), true);
    sessionState.User = customer;
    sessionState.LoggedIn = true;
    visit(`?${QUERY}`);
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
  });
});
