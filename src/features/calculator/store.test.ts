import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalculatorConfig } from '../../api/contract/calculation';
import { db, readCalculatorConfig, writeCalculatorConfig } from '../../db';
import { consentState, resetConsent } from '../consent';
import { bodyOf, callsTo, initFixture, stubServer, urlOf } from './calculator.fixtures';
import { enterLocalPage } from './local-page';
import { selectParameter, setClimateNeutral, setStations } from './options';
import { CONFIG_MAX_AGE_S } from './persistence';
import {
  INPUT_DEBOUNCE_MS,
  SUBMIT_POLL_MS,
  ZIP_RETRY_MS,
  calculatorState,
  defaultConfig,
  engageCalculator,
  fieldErrors,
  initCalculator,
  inputAmount,
  inputZipCode,
  leaveAmount,
  leaveZipCode,
  offerListHref,
  resetCalculator,
  submitCalculator,
  visibleErrors,
  withTarget,
  type SubmitResult,
} from './store';

function consent(preferences: boolean): void {
  consentState.status = 'ready';
  consentState.choice = { preferences, statistics: false, decidedAt: 0 };
}

const DEFAULT_QUERY =
  'zipCode=10115&amount=3000&stations=1&product=1&options=5,24,-2,11,9&cn=0&ap=0';

beforeEach(async () => {
  localStorage.clear();
  resetCalculator();
  resetConsent();
  consent(true);
  await db.calculatorConfig.clear();
  await db.settings.where('key').startsWith('calculator-init:').delete();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetCalculator();
  resetConsent();
});

describe('typing: validation after the 1500 ms debounce (SPEC §5, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('shows a wrong postal code only 1500 ms after the last keystroke', async () => {
    const { fetchMock } = stubServer();
    inputZipCode('1');
    await vi.advanceTimersByTimeAsync(1000);
    inputZipCode('1011');
    await vi.advanceTimersByTimeAsync(INPUT_DEBOUNCE_MS - 1);
    expect(calculatorState.touched.zip).toBe(false);
    expect(visibleErrors().zip).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(calculatorState.touched.zip).toBe(true);
    expect(visibleErrors().zip).toBe('ZIPCODE_INV');
    // The format is wrong: the server is not asked.
    expect(callsTo(fetchMock, '/api/location')).toHaveLength(0);
  });

  it('asks the server once, after the debounce, for a well-formed code', async () => {
    const { fetchMock } = stubServer();
    for (const partial of ['1', '10', '101', '1011', '10115']) {
      inputZipCode(partial);
      await vi.advanceTimersByTimeAsync(300);
    }
    expect(callsTo(fetchMock, '/api/location/check-zipcode')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(INPUT_DEBOUNCE_MS - 300);
    const calls = callsTo(fetchMock, '/api/location/check-zipcode');
    expect(calls).toHaveLength(1);
    expect(bodyOf(calls[0]?.[1])).toEqual({ ZipCode: '10115', CountryId: 1 });
    // The response schema module loads while the request is on the wire (apiFetch).
    await vi.waitFor(() =>
      expect(calculatorState.zipCheck).toMatchObject({ zip: '10115', status: 'valid' }),
    );
    // Known answers are not asked again.
    inputZipCode('1011');
    inputZipCode('10115');
    await vi.advanceTimersByTimeAsync(INPUT_DEBOUNCE_MS);
    expect(callsTo(fetchMock, '/api/location/check-zipcode')).toHaveLength(1);
  });

  it('validates at once when the field is left', async () => {
    stubServer();
    inputAmount(400);
    leaveAmount();
    expect(visibleErrors().amount).toBe('AMOUNT_MIN');
    inputZipCode('00000');
    leaveZipCode();
    await vi.advanceTimersByTimeAsync(0);
    expect(visibleErrors().zip).toBe('ZIPCODE_NXT');
  });

  it('leaving a field without typing touches nothing', () => {
    leaveZipCode();
    leaveAmount();
    expect(calculatorState.touched).toEqual({ zip: false, amount: false });
  });
});

describe('the postal code check (SPEC §5, §8)', () => {
  it('counts a failed call as invalid, says it could not be checked, and asks again on submit', async () => {
    const { fetchMock, server } = stubServer({ zipCheckFails: true });
    inputZipCode('10115');
    leaveZipCode();
    await vi.waitFor(() => expect(calculatorState.zipCheck.status).toBe('invalid'));
    expect(fieldErrors().zip).toBe('ZIPCODE_CHK');
    server.zipCheckFails = false;
    const result = await submitCalculator();
    expect(result.ok).toBe(true);
    expect(callsTo(fetchMock, '/api/location/check-zipcode')).toHaveLength(2);
  });

  it('a network failure is "could not be checked", never "does not exist"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    inputZipCode('10115');
    const result = await submitCalculator();
    expect(result).toEqual({ ok: false, errors: { zip: 'ZIPCODE_CHK', amount: null } });
  });

  it('a code the server said no to stays ZIPCODE_NXT', async () => {
    stubServer();
    inputZipCode('00000');
    const result = await submitCalculator();
    expect(result).toEqual({ ok: false, errors: { zip: 'ZIPCODE_NXT', amount: null } });
  });

  it('asks again by itself: every 10 s on Lie-Fi, at once on the online event', async () => {
    vi.useFakeTimers();
    const { fetchMock, server } = stubServer({ zipCheckFails: true });
    inputZipCode('10115');
    leaveZipCode();
    await vi.waitFor(() => expect(fieldErrors().zip).toBe('ZIPCODE_CHK'));
    const asked = () => callsTo(fetchMock, '/api/location/check-zipcode').length;
    expect(asked()).toBe(1);
    await vi.advanceTimersByTimeAsync(ZIP_RETRY_MS);
    expect(asked()).toBe(2);
    expect(fieldErrors().zip).toBe('ZIPCODE_CHK');
    // The connection comes back before the next 10 s: the online event asks at once.
    server.zipCheckFails = false;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(calculatorState.zipCheck.status).toBe('valid'));
    expect(asked()).toBe(3);
    expect(fieldErrors().zip).toBeNull();
    await vi.advanceTimersByTimeAsync(3 * ZIP_RETRY_MS);
    expect(asked()).toBe(3);
  });

  it('accepts a code confirmed in this browser before when the check gets no answer', async () => {
    const { server } = stubServer();
    inputZipCode('80331');
    expect((await submitCalculator()).ok).toBe(true);
    // A new page (the memory is gone), offline now.
    resetCalculator();
    server.zipCheckFails = true;
    inputZipCode('80331');
    expect((await submitCalculator()).ok).toBe(true);
    expect(calculatorState.zipCheck).toMatchObject({ zip: '80331', status: 'valid' });
    // Another code was never confirmed here.
    inputZipCode('10115');
    expect(await submitCalculator()).toEqual({
      ok: false,
      errors: { zip: 'ZIPCODE_CHK', amount: null },
    });
  });

  it('keeps confirmed codes only with preferences consent, and forgets them on withdrawal', async () => {
    const { server } = stubServer();
    consent(false);
    inputZipCode('80331');
    expect((await submitCalculator()).ok).toBe(true);
    resetCalculator();
    server.zipCheckFails = true;
    inputZipCode('80331');
    expect((await submitCalculator()).ok).toBe(false);

    consent(true);
    resetCalculator();
    server.zipCheckFails = false;
    await initCalculator({ countryId: 1, target: 'DEFAULT' });
    inputZipCode('80331');
    expect((await submitCalculator()).ok).toBe(true);
    consent(false);
    await vi.waitFor(() => expect(localStorage.getItem('ok-zip-confirmed')).toBeNull());
    consent(true);
    server.zipCheckFails = true;
    resetCalculator();
    inputZipCode('80331');
    expect((await submitCalculator()).ok).toBe(false);
  });
});

describe('submit (SPEC §4)', () => {
  it('waits for a running check, re-polling every 100 ms, then gives the offer list address', async () => {
    vi.useFakeTimers();
    const { server } = stubServer({ holdZipChecks: true });
    inputZipCode('10115');
    let result: SubmitResult | undefined;
    void submitCalculator().then((r) => (result = r));
    await vi.advanceTimersByTimeAsync(250);
    expect(calculatorState.touched).toEqual({ zip: true, amount: true });
    expect(calculatorState.zipCheck.status).toBe('pending');
    expect(result).toBeUndefined();
    for (const release of server.released) release();
    await vi.advanceTimersByTimeAsync(0);
    expect(calculatorState.zipCheck.status).toBe('valid');
    // The answer is there, but submit looks again only at its next poll (t = 300 ms).
    await vi.advanceTimersByTimeAsync(300 - 250 - 1);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(SUBMIT_POLL_MS).toBe(100);
    expect(result).toEqual({ ok: true, href: `/heizoel/angebotsliste?${DEFAULT_QUERY}` });
  });

  it('touches both fields and returns their errors instead of an address', async () => {
    const { fetchMock } = stubServer();
    inputAmount(40_000);
    const result = await submitCalculator();
    expect(result).toEqual({ ok: false, errors: { zip: 'ZIPCODE_REQ', amount: 'AMOUNT_MAX' } });
    expect(calculatorState.touched).toEqual({ zip: true, amount: true });
    expect(callsTo(fetchMock, '/api/location')).toHaveLength(0);
  });

  it('refuses an unknown postal code and an empty amount', async () => {
    stubServer();
    inputZipCode('00000');
    inputAmount(0);
    expect(await submitCalculator()).toEqual({
      ok: false,
      errors: { zip: 'ZIPCODE_NXT', amount: 'AMOUNT_REQ' },
    });
  });

  it('writes options with id$modifier and the flags (SPEC §3)', () => {
    const config = withTarget(
      withTarget({ ...defaultConfig(1), ZipCode: '80331', Amount: 5000 }, 'INSTALLMENT_12', null),
      'CLIMATENEUTRAL',
      null,
    );
    config.AppointmentPlus = true;
    expect(offerListHref(config)).toBe(
      '/heizoel/angebotsliste?zipCode=80331&amount=5000&stations=1&product=1&options=5,23$12,-2,11,9&cn=1&ap=1',
    );
    expect(offerListHref(withTarget(config, 'DIESEL', null))).toMatch(/^\/diesel\/angebotsliste\?/);
  });
});

describe('targets (SPEC §4)', () => {
  it('INSTALLMENT_12: one station and parameter 23 with modifier 12 in place of the payment', () => {
    const config = { ...defaultConfig(1), Stations: 4 };
    const next = withTarget(config, 'INSTALLMENT_12', null);
    expect(next.Stations).toBe(1);
    expect(next.Parameters).toEqual([
      { Id: 5 },
      { Id: 23, Modifier: 12 },
      { Id: -2 },
      { Id: 11 },
      { Id: 9 },
    ]);
  });

  it('CLIMATENEUTRAL sets Product.ClimateNeutral; DIESEL loads the diesel calculator data', async () => {
    const { fetchMock } = stubServer();
    await initCalculator({ countryId: 1, target: 'DIESEL' });
    expect(calculatorState.config.ProductGroupId).toBe(2);
    expect(callsTo(fetchMock, '/api/kalkulation/init/1/2')).toHaveLength(1);
    await initCalculator({ countryId: 1, target: 'CLIMATENEUTRAL' });
    expect(calculatorState.config.ProductGroupId).toBe(1);
    expect(calculatorState.config.Product.ClimateNeutral).toBe(true);
  });
});

describe('options (SPEC §4)', () => {
  it('keeps exactly one selected item per group, in the groups order', async () => {
    stubServer();
    await initCalculator({ countryId: 1, target: 'DEFAULT' });
    selectParameter(1, 6);
    selectParameter(2, 23);
    selectParameter(2, 25);
    selectParameter(3, 999); // not in the group: ignored
    expect(calculatorState.config.Parameters).toEqual([
      { Id: 6 },
      { Id: 25 },
      { Id: -2 },
      { Id: 11 },
      { Id: 9 },
    ]);
    selectParameter(2, 23);
    expect(calculatorState.config.Parameters[1]).toEqual({ Id: 23, Modifier: 12 });
    // Express and installment chosen: 3 upgrades left (climate neutral, premium, appointment).
    expect(calculatorState.config.UpsellCount).toBe(3);
  });
});

describe('installment means one unloading point (SPEC §4 INSTALLMENT_12, §9)', () => {
  it('choosing installment sets one station, and more stations wait until another payment', async () => {
    stubServer();
    await initCalculator({ countryId: 1, target: 'DEFAULT' });
    setStations(3);
    expect(calculatorState.config.Stations).toBe(3);
    selectParameter(2, 23);
    expect(calculatorState.config.Stations).toBe(1);
    expect(calculatorState.config.Parameters[1]).toEqual({ Id: 23, Modifier: 12 });
    setStations(4);
    expect(calculatorState.config.Stations).toBe(1);
    selectParameter(2, 24);
    setStations(4);
    expect(calculatorState.config.Stations).toBe(4);
  });

  it('normalises a saved configuration: installment with stations, unknown product and option', async () => {
    stubServer();
    await writeCalculatorConfig(
      {
        ...defaultConfig(1),
        ZipCode: '80331',
        Stations: 3,
        Product: { Id: 12, ClimateNeutral: false }, // a Swiss product
        Parameters: [{ Id: 999 }, { Id: 23 }, { Id: 8 }],
      },
      Date.now(),
    );
    await initCalculator({ countryId: 1, target: 'DEFAULT' });
    expect(calculatorState.config).toMatchObject({
      ZipCode: '80331',
      Stations: 1,
      Product: { Id: 1 },
      Parameters: [{ Id: 5 }, { Id: 23, Modifier: 12 }, { Id: -2 }, { Id: 11 }, { Id: 8 }],
    });
  });
});

describe('initialisation: defaults → saved → server data (SPEC §4)', () => {
  const saved = () => ({
    ...defaultConfig(1),
    ZipCode: '80331',
    Amount: 5000,
    Product: { Id: 99, ClimateNeutral: true }, // a product the server no longer lists
    Parameters: [{ Id: 9 }, { Id: 6 }],
  });

  it('starts from the defaults', async () => {
    stubServer();
    const done = initCalculator({ countryId: 1, target: 'DEFAULT' });
    expect(calculatorState.config).toMatchObject({ Amount: 3000, Stations: 1, ZipCode: '' });
    await done;
    expect(calculatorState.initialising).toBe(false);
    expect(calculatorState.config.Parameters).toEqual([
      { Id: 5 },
      { Id: 24 },
      { Id: -2 },
      { Id: 11 },
      { Id: 9 },
    ]);
    expect(calculatorState.config.UpsellCount).toBe(5);
  });

  it('takes the calculator data the page came with instead of asking, for its country and group only', async () => {
    const { fetchMock } = stubServer();
    const init = initFixture(1, 1);
    await initCalculator({
      countryId: 1,
      target: 'DEFAULT',
      embedded: { countryId: 1, productGroupId: 1, init },
    });
    expect(callsTo(fetchMock, '/api/kalkulation/init/1/1')).toHaveLength(0);
    expect(calculatorState.init).toEqual(init);
    expect(calculatorState.config.UpsellCount).toBe(5);

    // The page's data are heating oil's: the diesel calculator asks for its own.
    resetCalculator();
    await initCalculator({
      countryId: 1,
      target: 'DIESEL',
      embedded: { countryId: 1, productGroupId: 1, init },
    });
    expect(callsTo(fetchMock, '/api/kalkulation/init/1/2')).toHaveLength(1);
  });

  it('applies a saved configuration, reconciled with the server: unknown product → server default', async () => {
    const { fetchMock } = stubServer();
    await writeCalculatorConfig(saved(), Date.now());
    await initCalculator({ countryId: 1, target: 'DEFAULT' });
    expect(calculatorState.config).toMatchObject({
      ZipCode: '80331',
      Amount: 5000,
      Product: { Id: 1, ClimateNeutral: true },
      Parameters: [{ Id: 6 }, { Id: 24 }, { Id: -2 }, { Id: 11 }, { Id: 9 }],
    });
    // The saved code is checked again right away, so submit need not wait.
    await vi.waitFor(() => expect(calculatorState.zipCheck.status).toBe('valid'));
    expect(callsTo(fetchMock, '/api/location/check-zipcode')).toHaveLength(1);
  });

  it('keeps the saved configuration for 604,800 s and ignores it after', async () => {
    stubServer();
    expect(CONFIG_MAX_AGE_S).toBe(604_800);
    await writeCalculatorConfig(saved(), Date.now() - (CONFIG_MAX_AGE_S - 60) * 1000);
    await initCalculator({ countryId: 1, target: 'DEFAULT' });
    expect(calculatorState.config.Amount).toBe(5000);

    resetCalculator();
    await writeCalculatorConfig(saved(), Date.now() - (CONFIG_MAX_AGE_S + 1) * 1000);
    await initCalculator({ countryId: 1, target: 'DEFAULT' });
    expect(calculatorState.config.Amount).toBe(3000);
    // The expired row is gone.
    expect(await db.calculatorConfig.count()).toBe(0);
  });

  it('does not read a saved configuration without preferences consent', async () => {
    stubServer();
    await writeCalculatorConfig(saved(), Date.now());
    consent(false);
    await initCalculator({ countryId: 1, target: 'DEFAULT' });
    expect(calculatorState.config.Amount).toBe(3000);
  });

  it('waits for the consent choice, and keeps what the visitor typed meanwhile', async () => {
    stubServer();
    await writeCalculatorConfig(saved(), Date.now());
    resetConsent(); // status "loading": the choice loads when the browser is idle
    const done = initCalculator({ countryId: 1, target: 'DEFAULT' });
    inputAmount(7000);
    consent(true);
    await done;
    expect(calculatorState.config.Amount).toBe(7000);
    expect(calculatorState.config.ZipCode).toBe('');
  });

  it('does not replace a field the visitor entered before the saved configuration arrived', async () => {
    stubServer();
    await writeCalculatorConfig(saved(), Date.now());
    resetConsent();
    const done = initCalculator({ countryId: 1, target: 'DEFAULT' });
    // Focused, nothing typed yet (a restore now would land under the cursor).
    engageCalculator();
    consent(true);
    await done;
    expect(calculatorState.config).toMatchObject({ ZipCode: '', Amount: 3000 });
    // The diesel calculator, opened later, still gets its own saved configuration.
    await writeCalculatorConfig({ ...saved(), ProductGroupId: 2, Amount: 2500 }, Date.now());
    await initCalculator({ countryId: 1, target: 'DIESEL' });
    expect(calculatorState.config).toMatchObject({ ProductGroupId: 2, Amount: 2500 });
  });

  it('keeps a configuration someone set for the same country and group (an offer-list address)', async () => {
    stubServer();
    await writeCalculatorConfig(saved(), Date.now());
    calculatorState.config = { ...defaultConfig(1), ZipCode: '10115', Amount: 1200 };
    await initCalculator({ countryId: 1 });
    expect(calculatorState.config).toMatchObject({ ZipCode: '10115', Amount: 1200 });
  });

  it('uses the last calculator data when no answer comes (options offline)', async () => {
    const { server } = stubServer();
    await initCalculator({ countryId: 1, target: 'DEFAULT' });
    const online = calculatorState.init;
    expect(online?.Groups.length).toBeGreaterThan(0);
    await vi.waitFor(async () =>
      expect(await db.settings.get('calculator-init:1:1')).toBeDefined(),
    );
    resetCalculator();
    server.init = 'fail';
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await initCalculator({ countryId: 1, target: 'DEFAULT' });
    expect(calculatorState.initError).toBeNull();
    expect(calculatorState.init).toEqual(online);
  });

  it('still works when the calculator data cannot be loaded', async () => {
    stubServer({ init: 'fail' });
    await initCalculator({ countryId: 1, target: 'DEFAULT' });
    expect(calculatorState.init).toBeNull();
    expect(calculatorState.initError).toBeTruthy();
    inputZipCode('10115');
    expect((await submitCalculator()).ok).toBe(true);
  });
});

describe('persistence (SPEC §4: only with preferences consent)', () => {
  it('stores a valid amount change, and a postal code once checked and valid', async () => {
    stubServer();
    await initCalculator({ countryId: 1, target: 'DEFAULT' });
    inputAmount(4500);
    leaveAmount();
    await vi.waitFor(async () => expect((await readCalculatorConfig(1, 1, 0))?.Amount).toBe(4500));
    inputZipCode('10115');
    leaveZipCode();
    await vi.waitFor(async () =>
      expect((await readCalculatorConfig(1, 1, 0))?.ZipCode).toBe('10115'),
    );
  });

  it('does not store an invalid amount or an unconfirmed postal code', async () => {
    stubServer();
    await initCalculator({ countryId: 1, target: 'DEFAULT' });
    inputAmount(100);
    leaveAmount();
    inputZipCode('00000');
    leaveZipCode();
    await vi.waitFor(() => expect(calculatorState.zipCheck.status).toBe('invalid'));
    expect(await db.calculatorConfig.count()).toBe(0);
  });

  it('stores option changes', async () => {
    stubServer();
    await initCalculator({ countryId: 1, target: 'DEFAULT' });
    setClimateNeutral(true);
    await vi.waitFor(async () =>
      expect((await readCalculatorConfig(1, 1, 0))?.Product.ClimateNeutral).toBe(true),
    );
  });

  it('stores nothing without consent', async () => {
    stubServer();
    consent(false);
    await initCalculator({ countryId: 1, target: 'DEFAULT' });
    // Every write of a configuration, in the order the store issued them.
    const written: string[] = [];
    const created = (_key: unknown, row: { config: unknown }) => {
      written.push(`climate neutral: ${(row.config as CalculatorConfig).Product.ClimateNeutral}`);
    };
    const updated = () => {
      written.push('update');
    };
    db.calculatorConfig.hook('creating', created);
    db.calculatorConfig.hook('updating', updated);
    try {
      setClimateNeutral(true);
      inputZipCode('10115');
      expect((await submitCalculator()).ok).toBe(true);
      // Then a change with consent, stored the same way: its write comes after any of the above.
      consent(true);
      setClimateNeutral(false);
      await vi.waitFor(() => expect(written).not.toEqual([]));
      expect(written).toEqual(['climate neutral: false']);
    } finally {
      db.calculatorConfig.hook('creating').unsubscribe(created);
      db.calculatorConfig.hook('updating').unsubscribe(updated);
    }
  });

  it('forgets the saved configuration when the consent is withdrawn', async () => {
    stubServer();
    await initCalculator({ countryId: 1, target: 'DEFAULT' });
    setClimateNeutral(true);
    await vi.waitFor(async () => expect(await db.calculatorConfig.count()).toBe(1));
    consent(false);
    await vi.waitFor(async () => expect(await db.calculatorConfig.count()).toBe(0));
  });
});

describe('local-page variant (SPEC §4, §5)', () => {
  const page = {
    countryId: 1,
    stateName: 'berlin',
    countyOrCityZipCode: '10115',
    path: '/heizoelpreise/berlin/10115',
  };

  it('resets to defaults with the page postal code and product, keeping the amount; skips the first check', async () => {
    const { fetchMock } = stubServer();
    inputAmount(6000);
    setClimateNeutral(true);
    enterLocalPage({ ...page, zipCode: '10115', productId: 2 });
    expect(calculatorState.config).toMatchObject({
      ZipCode: '10115',
      Amount: 6000,
      Product: { Id: 2, ClimateNeutral: false },
      CountryId: 1,
    });
    expect(calculatorState.zipCheck).toMatchObject({ zip: '10115', status: 'valid' });
    expect((await submitCalculator()).ok).toBe(true);
    expect(callsTo(fetchMock, '/api/location')).toHaveLength(0);
    expect(callsTo(fetchMock, '/api/site')).toHaveLength(0);
  });

  it('asks the local check for a later code and moves to the local page the server names', async () => {
    const { fetchMock } = stubServer({
      localCheck: (url) => {
        const zip = url.searchParams.get('zipCode');
        if (zip === '10117') return { Valid: true, ValidLocationUrl: page.path };
        if (zip === '80331')
          return { Valid: true, ValidLocationUrl: '/heizoelpreise/bayern/80331' };
        return { Valid: false, ValidLocationUrl: null };
      },
    });
    enterLocalPage({ ...page, zipCode: '10115' });

    inputZipCode('10117');
    leaveZipCode();
    await vi.waitFor(() => expect(calculatorState.zipCheck).toMatchObject({ status: 'valid' }));
    expect(calculatorState.localRedirect).toBeNull(); // the same page

    inputZipCode('80331');
    leaveZipCode();
    await vi.waitFor(() =>
      expect(calculatorState.localRedirect).toBe('/heizoelpreise/bayern/80331'),
    );
    const [input = ''] =
      callsTo(fetchMock, '/api/site/1/pages/check-zipcode/berlin/10115')[1] ?? [];
    expect(urlOf(input).searchParams.get('zipCode')).toBe('80331');

    inputZipCode('99999');
    leaveZipCode();
    await vi.waitFor(() => expect(fieldErrors().zip).toBe('ZIPCODE_NXT'));
    expect(callsTo(fetchMock, '/api/location')).toHaveLength(0);
  });

  it('a submit while the local check runs goes to the offer list, not to the local page', async () => {
    let answer: (value: unknown) => void = () => {};
    stubServer({
      localCheck: () => new Promise((resolve) => (answer = resolve)),
    });
    enterLocalPage(page);
    inputZipCode('80331');
    leaveZipCode();
    // The visitor asks for prices while the server has not answered the local check yet.
    const submitted = submitCalculator();
    await vi.waitFor(() => expect(calculatorState.zipCheck.status).toBe('pending'));
    answer({ Valid: true, ValidLocationUrl: '/heizoelpreise/bayern/80331' });
    const result = await submitted;
    expect(result).toMatchObject({ ok: true });
    expect(result.ok && result.href).toContain('zipCode=80331');
    expect(calculatorState.localRedirect).toBeNull();
  });

  it('opened directly, keeps its own code (or none) and takes only the saved amount', async () => {
    const { fetchMock } = stubServer({
      localCheck: () => ({ Valid: true, ValidLocationUrl: '/heizoelpreise/bayern/80331' }),
    });
    await writeCalculatorConfig(
      { ...defaultConfig(1), ZipCode: '80331', Amount: 1850 },
      Date.now(),
    );
    // A state page without a code, entered before the saved configuration was read.
    enterLocalPage({ countryId: 1, stateName: 'berlin', path: '/heizoelpreise/berlin' });
    await initCalculator({ countryId: 1, target: 'DEFAULT' });
    expect(calculatorState.config).toMatchObject({ ZipCode: '', Amount: 1850 });
    expect(calculatorState.localRedirect).toBeNull();
    expect(callsTo(fetchMock, '/check-zipcode')).toHaveLength(0);

    // A town page: its code stays, the saved amount is the visitor's.
    resetCalculator();
    enterLocalPage({ ...page, zipCode: '10115' });
    await initCalculator({ countryId: 1, target: 'DEFAULT' });
    expect(calculatorState.config).toMatchObject({ ZipCode: '10115', Amount: 1850 });
    expect(calculatorState.localRedirect).toBeNull();
    expect(offerListHref(calculatorState.config)).toContain('amount=1850');
  });

  it('checks the first code when the page gave none', async () => {
    const { fetchMock } = stubServer({ localCheck: () => ({ Valid: true }) });
    enterLocalPage(page);
    expect(calculatorState.zipCheck.status).toBe('idle');
    inputZipCode('10115');
    expect((await submitCalculator()).ok).toBe(true);
    expect(callsTo(fetchMock, '/api/site/1/pages/check-zipcode/')).toHaveLength(1);
  });
});
