/**
 * Server rendering. What a crawler, a link preview or a phone on a slow connection
 * gets before any script runs: each public page's content in the HTML with its data embedded,
 * the session decided by the cookies (SPEC §4), the 404 page with its status, and nothing of
 * one request's state in the next.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_COOKIES } from '../../src/api/contract/account-constants';
import {
  dataKey,
  MARKUP_IN_HTML,
  PAGE_DATA_ELEMENT_ID,
  type DataNeed,
  type EmbeddedPage,
  type OfferListPageData,
} from '../../src/api/contract/pages';
import type { CalculationResult } from '../../src/api/contract/calculation';
import { createTestUser, testToken, type TestUser } from '../../tests/support/auth';
import {
  buildTestApp,
  TEST_PUBLIC_URL,
  writeTestClientBuild,
  type TestApp,
  type TestClientBuild,
} from '../../tests/support/test-app';
import { PRICE_SNAPSHOT_JOB } from '../modules/prices';
import { createLegacySession } from '../modules/account';
import { cspHash } from '../plugins/security';
import { EARLY_TAPS_SCRIPT } from '../../src/lib/inline-scripts';
import { acceptedLanguages, loadPageData } from './render';

/** A client manifest: the home page's chunk with its stylesheet and a shared chunk. */
const MANIFEST = {
  'index.html': { file: 'assets/index-abc.js', isEntry: true, imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared-1.js', css: ['assets/shared-1.css'] },
  'src/features/home/index.ts': {
    file: 'assets/home-2.js',
    isDynamicEntry: true,
    imports: ['_shared.js', '_calc.js'],
    css: ['assets/home-2.css'],
  },
  '_calc.js': { file: 'assets/calc-3.js', css: ['assets/calc-3.css'] },
};

const HOME_CSS = '.hero{display:grid}';

let build: TestClientBuild;
let t: TestApp;
let customer: TestUser;

beforeAll(async () => {
  // The home chunk's stylesheet is built; the calculator's is missing (it stays a link).
  build = await writeTestClientBuild({
    manifest: MANIFEST,
    files: { 'assets/home-2.css': HOME_CSS },
  });
  t = await buildTestApp({ distDir: build.distDir, ssr: build.ssr });
  customer = await createTestUser(t.database, { firstName: 'Greta', lastName: 'Gans' });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await build?.remove();
});

async function page(url: string, cookies: Record<string, string> = {}, headers = {}) {
  const res = await t.app.inject({ url, cookies, headers });
  const html = res.body;
  const rootStart = html.indexOf('<div id="root">');
  const root = html.slice(rootStart, html.indexOf(`<script id="${PAGE_DATA_ELEMENT_ID}"`));
  const dataMatch = new RegExp(
    `<script id="${PAGE_DATA_ELEMENT_ID}" type="application/json">([^<]*)</script>`,
  ).exec(html);
  const embedded = dataMatch ? (JSON.parse(dataMatch[1] ?? '') as EmbeddedPage) : null;
  /** Text without tags, as read before any script runs. */
  const text = root.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
  return { res, html, root, text, embedded };
}

describe('public pages are rendered on the server', () => {
  it.each([
    ['/', 'index', 'Heizöl günstig bestellen'],
    ['/impressum', 'impressum', 'Impressum'],
    ['/datenschutz', 'datenschutz', 'Datenschutz'],
    ['/heizoel-verbrauchsvergleich', 'heizoel-verbrauchsvergleich', 'Vergleich starten'],
  ])('%s: status, head and content before any script', async (url, route, content) => {
    const { res, html, text, embedded } = await page(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    // The same for every anonymous visitor: shared caches may keep it.
    expect(res.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=(120|3600), /);
    expect(html).toContain(`<link rel="canonical" href="${TEST_PUBLIC_URL}${url}" />`);
    expect(html).toMatch(/<title>[^<]+Ölkompass|<title>Ölkompass[^<]+/);
    expect(html).toContain(`<body class="page-${route}">`);
    expect(html).toContain('<html lang="de-DE"');
    expect(text).toContain(content);
    expect(embedded?.route).toBe(route);
  });

  it("home shows today's best price in the HTML and embeds it for hydration", async () => {
    const { text, embedded } = await page('/');
    expect(text).toMatch(/Heute ab \d{2,3},\d{2} € \/ 100 Liter/);
    const price = embedded?.data['bestPrice:3000:1'] as { UnitPrice: number } | undefined;
    expect(price?.UnitPrice).toBeGreaterThan(0);
    expect(text).toContain(price?.UnitPrice.toFixed(2).replace('.', ','));
    // The states come along, so the list is there before any script runs.
    expect(text).toContain('Baden-Württemberg');
  });

  it.each(['/', '/impressum', '/heizoelpreise', '/heizoelhaendler'])(
    '%s embeds the calculator data GET /api/kalkulation/init answers, for the calculator on it',
    async (url) => {
      const { html, embedded } = await page(url);
      const api = await t.app.inject({ url: '/api/kalkulation/init/1/1' });
      expect(embedded?.data['calculatorInit:1:1']).toEqual(api.json());
      // The calculator on the page (its bar or its card) is what uses them.
      expect(html).toContain('name="zipCode"');
    },
  );

  it('renders the price overview with the average, the year, the factors, the FAQ and the states', async () => {
    // One day for the snapshot and the render, also across midnight in Berlin.
    const today = t.app.prices.today();
    t.app.prices.today = () => today;
    await t.app.jobs.enqueue(PRICE_SNAPSHOT_JOB, today);
    await t.app.jobs.runDue();
    const { res, html, text, embedded } = await page('/heizoelpreise');
    expect(res.statusCode).toBe(200);
    expect(html).toContain('<title>Heizölpreise aktuell');
    expect(text).toContain('Heizölpreise in Deutschland');
    expect(text).toMatch(/Durchschnittspreis heute \d{2,3},\d{2} € je 100 Liter/);
    expect(text).toMatch(/Höchster Preis im Zeitraum \d{2,3},\d{2} €/);
    expect(text).toContain('Rohöl Brent');
    expect(text).toContain('Wann war Heizöl in den letzten drei Jahren am teuersten?');
    expect(html).toContain('<a href="/heizoelpreise/bayern"');
    const history = embedded?.data['priceHistory:1:1y'] as { Points: unknown[] } | undefined;
    expect(history?.Points.length).toBe(365);
  }, 60_000);

  it('renders a local price page with its place, price, chart and places; an unknown one as 404', async () => {
    const town = await page('/heizoelpreise/bayern/landkreis-muenchen/unterhaching-82008');
    expect(town.res.statusCode).toBe(200);
    expect(town.html).toContain('<title>Heizölpreise in Unterhaching (82008) – Ölkompass</title>');
    expect(town.text).toContain('Heizölpreise in Unterhaching (82008)');
    expect(town.text).toMatch(/Heizölpreis heute \d{2,3},\d{2} € je 100 Liter/);
    expect(town.text).toContain('Weitere Orte im Landkreis München');
    expect(town.root).toContain('href="/heizoelpreise/bayern/landkreis-muenchen/aschheim-85609"');
    expect(town.root).toContain('Heizöl für Unterhaching (82008) berechnen');
    // The local calculator has the town's postal code before any script runs.
    expect(town.root).toMatch(/<input[^>]*value="82008"/);
    const state = await page('/heizoelpreise/tirol');
    expect(state.text).toContain('Bezirke in Tirol');
    const unknown = await page('/heizoelpreise/bayern/atlantis');
    expect(unknown.res.statusCode).toBe(404);
    expect(unknown.text).toContain('Diesen Ort kennen wir nicht');
    expect(unknown.embedded?.route).toBe('heizoelpreise-lokal');
  }, 60_000);

  it('renders every state of the three countries, and a county and a town of each, with content', async () => {
    const states = (
      await Promise.all(
        [1, 2, 3].map(async (c) =>
          (await t.app.inject({ url: `/api/site/${c}/country-states` })).json<
            { Name: string; FriendlyName: string; Id: number }[]
          >(),
        ),
      )
    )
      .flat()
      .filter((s) => s.Id !== 0);
    expect(states).toHaveLength(16 + 9 + 26);
    for (const state of states) {
      const { res, text } = await page(`/heizoelpreise/${state.FriendlyName}`);
      expect(res.statusCode, state.FriendlyName).toBe(200);
      expect(text).toContain(`Heizölpreise in ${state.Name}`);
      expect(text).toMatch(/Heizölpreis heute \d{2,3},\d{2} (?:€|CHF) je 100 Liter/);
    }
    for (const path of [
      '/heizoelpreise/tirol/politischer-bezirk-innsbruck-land',
      '/heizoelpreise/zuerich/bezirk-winterthur',
      '/heizoelpreise/sachsen/kreisfreie-stadt-dresden/dresden-01067',
    ]) {
      const { res, text } = await page(path);
      expect(res.statusCode, path).toBe(200);
      expect(text, path).toMatch(/Heizölpreis heute \d{2,3},\d{2} (?:€|CHF) je 100 Liter/);
    }
    const places = await t.app.inject({
      url: '/api/site/3/prices/range-local?state=zuerich&county=bezirk-winterthur',
    });
    const town = places.json<{ Result: { Link: string }[] }>().Result[0]!.Link;
    const { res, text } = await page(town);
    expect(res.statusCode, town).toBe(200);
    expect(text).toMatch(/CHF/);
  }, 120_000);

  it('renders the consent dialog open for a visitor who has not answered, not after', async () => {
    const first = await page('/');
    expect(first.root).toMatch(/<dialog [^>]*open=""[^>]*>/);
    expect(first.text).toContain('Ihre Privatsphäre');
    expect(first.embedded?.render.consentAsked).toBe(true);
    const answered = await page('/', { ok_consent: '1' });
    expect(answered.text).not.toContain('Ihre Privatsphäre');
    expect(answered.root).not.toMatch(/<dialog [^>]*open=""/);
    expect(answered.embedded?.render.consentAsked).toBe(false);
  });

  it('writes the state map into the HTML once and embeds only a marker for it', async () => {
    const { html, root, embedded } = await page('/');
    expect(root).toContain('<div id="state-map-1"');
    expect(root).toContain('<a href="/heizoelpreise/bayern" data-state="bayern"');
    // The SVG is in the page once: the data says where to find it instead of repeating it.
    expect(html.split('data-state="bayern"')).toHaveLength(2);
    expect(embedded?.data['stateMap:1']).toBe(MARKUP_IN_HTML);
  });

  it("writes the page chunk's stylesheets into the head and preloads its scripts, not the entry's again", async () => {
    const { html, res } = await page('/');
    const head = html.slice(0, html.indexOf('</head>'));
    // Its text, allowed by the CSP, and a link never fetched that the module loader counts as loaded.
    expect(head).toContain(
      `<style>${HOME_CSS}</style><link rel="stylesheet" href="/assets/home-2.css" type="text/x-inlined" disabled />`,
    );
    expect(String(res.headers['content-security-policy'])).toContain(cspHash(HOME_CSS));
    // A stylesheet whose file is not there to read stays a link.
    expect(head).toContain('<link rel="stylesheet" href="/assets/calc-3.css" />');
    expect(head).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/home-2.js" />',
    );
    expect(head).not.toContain('href="/assets/shared-1.css"');
    expect(head).not.toContain('modulepreload" crossorigin href="/assets/shared-1.js"');
  });

  it('collects early taps from the head on, with every inline script allowed by the CSP', async () => {
    const { html, res } = await page('/');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`<script>${EARLY_TAPS_SCRIPT}</script>`);
    const csp = String(res.headers['content-security-policy']);
    const inline = [...html.matchAll(/<script(?![^>]*\b(?:src|type)=)[^>]*>([^<]*)<\/script>/g)];
    expect(inline.length).toBeGreaterThan(0);
    for (const [, text = ''] of inline) expect(csp).toContain(cspHash(text));
  });

  it('renders for the locale of the cookie, else of Accept-Language', async () => {
    const fromCookie = await page('/', { locale: 'ch' });
    expect(fromCookie.html).toContain('<html lang="de-CH"');
    expect(fromCookie.text).toMatch(/Heute ab \d{2,3}[.,]\d{2}\s?(CHF|Fr\.)/);
    expect(fromCookie.embedded?.render.locale).toBe('ch');
    const fromHeader = await page('/', {}, { 'accept-language': 'en;q=0.9, de-AT' });
    expect(fromHeader.html).toContain('<html lang="de-AT"');
    expect(fromHeader.embedded?.data).toHaveProperty(['bestPrice:3000:2']);
  });

  it('answers an unknown page with 404 and the rendered error page', async () => {
    const { res, text, embedded } = await page('/gibt-es/nicht');
    expect(res.statusCode).toBe(404);
    expect(text).toContain('Die angeforderte Seite existiert nicht');
    expect(embedded?.route).toBeNull();
    // One segment is the CMS catch-all: nobody published a page there, so the same.
    const cms = await page('/gibt-es-nicht');
    expect(cms.res.statusCode).toBe(404);
    expect(cms.text).toContain('Die angeforderte Seite existiert nicht');
  });

  it('leaves pages behind a login, the checkout and token links to the browser', async () => {
    for (const url of ['/bestellung', '/neues-kennwort-setzen/abc', '/dein-heizoelverbrauch']) {
      const { res, html } = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(html, url).toContain('<div id="root"></div>');
      expect(html, url).not.toContain(`id="${PAGE_DATA_ELEMENT_ID}"`);
    }
  });
});

describe('the offer list is rendered with its offers', () => {
  const offerList = (embedded: EmbeddedPage | null) => {
    const entries = Object.entries(embedded?.data ?? {}).filter(([key]) =>
      key.startsWith('offerList:'),
    );
    expect(entries).toHaveLength(1);
    return entries[0]?.[1] as OfferListPageData<{ id: number; dealerName: string }> | null;
  };
  const unescaped = (text: string) => text.replace(/&amp;/g, '&').replace(/&#x27;/g, "'");

  it.each([
    ['/heizoel/angebotsliste', 1],
    ['/diesel/angebotsliste', 2],
  ])(
    '%s: the offers berechnen answers, ranked, in the HTML before any script',
    async (path, group) => {
      const { res, text, embedded } = await page(`${path}?zipCode=10115&amount=3000`);
      expect(res.statusCode).toBe(200);
      const data = offerList(embedded);
      expect(data?.Config).toMatchObject({
        ZipCode: '10115',
        Amount: 3000,
        CountryId: 1,
        ProductGroupId: group,
      });
      // The same answer the API gives the browser for that configuration.
      const api = await t.app.inject({
        method: 'POST',
        url: '/api/kalkulation/berechnen',
        payload: data?.Config,
      });
      const answer = api.json<CalculationResult>();
      expect(answer.Items.length).toBeGreaterThan(0);
      expect(data?.Result.Items.map((o) => o.Id)).toEqual(answer.Items.map((o) => o.Id));
      // Ranked by price (the worker's order), every dealer on the page.
      expect(data?.Views.map((v) => v.id)).toHaveLength(answer.Items.length);
      const cheapest = [...answer.Items].sort((a, b) => a.TotalPrice - b.TotalPrice)[0];
      expect(data?.Views[0]?.id).toBe(cheapest?.Id);
      for (const view of data?.Views ?? []) expect(unescaped(text)).toContain(view.dealerName);
      // The calculator shows the configuration the offers are for.
      expect(text).toContain('PLZ 10115 · 3.000 Liter');
    },
  );

  it('leaves an address the browser would not calculate to the browser', async () => {
    for (const query of [
      'zipCode=&amount=3000',
      'zipCode=10115&amount=100',
      'zipCode=1&amount=3000',
    ]) {
      const { res, embedded, text } = await page(`/heizoel/angebotsliste?${query}`);
      expect(res.statusCode, query).toBe(200);
      expect(offerList(embedded), query).toBeNull();
      expect(text, query).not.toContain('Gesamtpreis');
    }
  });

  it('keeps nothing of one list for the next page', async () => {
    await page('/heizoel/angebotsliste?zipCode=10115&amount=3000');
    const { text } = await page('/impressum');
    expect(text).not.toContain('PLZ 10115');
    expect(text).toContain('3.000 Liter · PLZ eingeben');
  });
});

describe('session on server render (SPEC §4)', () => {
  it('renders the header logged in for a valid token cookie', async () => {
    const token = testToken(customer);
    const exp = String(Math.floor(Date.now() / 1000) + 900);
    const { text, embedded } = await page('/', {
      [AUTH_COOKIES.token]: token,
      [AUTH_COOKIES.expiration]: exp,
    });
    expect(text).toContain('Greta Gans');
    expect(text).not.toContain('Anmelden');
    expect(embedded?.render).toMatchObject({ userId: String(customer.id), settled: true });
  });

  it('renews from a live legacy session: new token cookies go out and the page is logged in', async () => {
    const legacy = await createLegacySession(t.database.db, customer.id, null);
    const { res, text, embedded } = await page('/impressum', {
      [AUTH_COOKIES.legacy]: legacy,
      [AUTH_COOKIES.legacyMarker]: '1',
    });
    const set = res.cookies.map((c) => c.name);
    expect(set).toContain(AUTH_COOKIES.token);
    expect(set).toContain(AUTH_COOKIES.expiration);
    expect(text).toContain('Greta Gans');
    expect(embedded?.render.settled).toBe(true);
  });

  it('clears a stale login marker and renders logged out, the browser to decide', async () => {
    const { res, text, embedded } = await page('/', {
      [AUTH_COOKIES.legacy]: 'längst-abgelaufen',
      [AUTH_COOKIES.legacyMarker]: '1',
    });
    const cleared = res.cookies.filter((c) => c.value === '').map((c) => c.name);
    expect(cleared).toEqual(
      expect.arrayContaining([AUTH_COOKIES.legacy, AUTH_COOKIES.legacyMarker]),
    );
    expect(text).not.toContain('Greta Gans');
    expect(embedded?.render).toMatchObject({ userId: null, settled: false });
  });

  it('ignores a forged token and keeps nothing of one request for the next', async () => {
    const forged = testToken(customer, { secret: 'ein-ganz-anderes-geheimnis-0123456789abcdef' });
    const exp = String(Math.floor(Date.now() / 1000) + 900);
    const forgedPage = await page('/', {
      [AUTH_COOKIES.token]: forged,
      [AUTH_COOKIES.expiration]: exp,
    });
    expect(forgedPage.text).not.toContain('Greta Gans');

    // A logged-in render, then an anonymous one right after: the stores were reset.
    const token = testToken(customer);
    const [mine, anonymous] = await Promise.all([
      page('/', { [AUTH_COOKIES.token]: token, [AUTH_COOKIES.expiration]: exp }),
      page('/', {}, { 'accept-language': 'de-CH' }),
    ]);
    expect(mine.text).toContain('Greta Gans');
    expect(anonymous.text).not.toContain('Greta Gans');
    expect(anonymous.html).toContain('<html lang="de-CH"');
    const next = await page('/');
    expect(next.text).not.toContain('Greta Gans');
    expect(next.html).toContain('<html lang="de-DE"');
  });
});

describe('acceptedLanguages', () => {
  it('lists the languages by weight as navigator.languages would', () => {
    expect(acceptedLanguages('en;q=0.5, de-CH, de;q=0.9, fr;q=0')).toEqual(['de-CH', 'de', 'en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('*')).toEqual([]);
  });
});

describe('loadPageData', () => {
  const needs: DataNeed[] = [
    { kind: 'bestPrice', countryId: 1, amount: 3000 },
    { kind: 'stateMap', countryId: 1 },
    { kind: 'countryStates', countryId: 1 },
    { kind: 'newsFeatured', countryId: 1 },
  ];

  /** Loads every need, answering them in `order` (indexes into needs), one after the other. */
  async function loadAnsweringIn(order: number[], failing = -1) {
    const answers = needs.map(() => {
      let resolve!: (value: unknown) => void;
      let reject!: (error: Error) => void;
      const promise = new Promise<unknown>((res, rej) => ((resolve = res), (reject = rej)));
      return { promise, resolve, reject };
    });
    const errors: string[] = [];
    const loading = loadPageData(
      needs,
      dataKey,
      (need) => answers[needs.indexOf(need)]!.promise,
      (need) => errors.push(need.kind),
    );
    for (const index of order) {
      if (index === failing) answers[index]!.reject(new Error('down'));
      else answers[index]!.resolve(index === 1 ? '<svg/>' : { need: index });
      // Let the answer arrive before the next one is given.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return { loaded: await loading, errors };
  }

  it('writes the data in the route’s order however the answers arrive: the same bytes, the same ETag', async () => {
    const inOrder = await loadAnsweringIn([0, 1, 2, 3]);
    const reversed = await loadAnsweringIn([3, 2, 1, 0]);
    const keys = needs.map(dataKey);
    expect(Object.keys(inOrder.loaded.embeddedData)).toEqual(keys);
    expect(Object.keys(reversed.loaded.embeddedData)).toEqual(keys);
    expect(JSON.stringify(reversed.loaded.embeddedData)).toBe(
      JSON.stringify(inOrder.loaded.embeddedData),
    );
    expect(JSON.stringify(reversed.loaded.data)).toBe(JSON.stringify(inOrder.loaded.data));
    // The map's markup is in the HTML; the page embeds a marker for it.
    expect(inOrder.loaded.data[dataKey(needs[1]!)]).toBe('<svg/>');
    expect(inOrder.loaded.embeddedData[dataKey(needs[1]!)]).toBe(MARKUP_IN_HTML);
    expect(inOrder.loaded.complete).toBe(true);
  });

  it('leaves a need that failed out, reports it, and calls the page incomplete', async () => {
    const { loaded, errors } = await loadAnsweringIn([2, 0, 3, 1], 2);
    expect(errors).toEqual(['countryStates']);
    expect(loaded.complete).toBe(false);
    expect(Object.keys(loaded.embeddedData)).toEqual(
      [needs[0]!, needs[1]!, needs[3]!].map(dataKey),
    );
  });
});
