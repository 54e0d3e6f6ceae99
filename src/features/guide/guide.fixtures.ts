/**
 * A guide for the tests, shaped like the seeded one (server/modules/leads/seed.ts): a postal code,
 * choices, numbers with bounds and a conditional input. Step 3 weighs less than step 2, so the
 * order is 1, 3, 2, 4 (SPEC §4: OrderWeight, not Id).
 */
import { vi } from 'vitest';
import type { CompareResult, Guide } from '../../api/contract/leads';

export const guideFixture = (): Guide => ({
  Id: 1,
  Title: 'Heizölverbrauch vergleichen',
  Steps: [
    {
      Id: 1,
      OrderWeight: 10,
      Title: 'Ihr Gebäude',
      Inputs: [
        { Type: 'zip', Key: 'plz', Label: 'Postleitzahl', Required: true },
        {
          Type: 'choice',
          Key: 'gebaeudeart',
          Label: 'Gebäudeart',
          Required: true,
          Options: [
            { Value: 'efh', Label: 'Einfamilienhaus' },
            { Value: 'mfh', Label: 'Mehrfamilienhaus' },
          ],
        },
      ],
    },
    {
      Id: 2,
      OrderWeight: 30,
      Title: 'Haushalt',
      Inputs: [
        {
          Type: 'number',
          Key: 'personen',
          Label: 'Personen',
          Required: true,
          Unit: 'Personen',
          Min: 1,
          Max: 12,
          Step: 1,
        },
      ],
    },
    {
      Id: 3,
      OrderWeight: 20,
      Title: 'Fläche',
      Inputs: [
        {
          Type: 'number',
          Key: 'flaeche',
          Label: 'Wohnfläche',
          Required: true,
          Unit: 'm²',
          Min: 30,
          Max: 1000,
          Step: 1,
        },
      ],
    },
    {
      Id: 4,
      OrderWeight: 40,
      Title: 'Verbrauch',
      Inputs: [
        {
          Type: 'choice',
          Key: 'modus',
          Label: 'Was wissen Sie?',
          Required: true,
          Options: [
            { Value: 'jahr', Label: 'Verbrauch pro Jahr' },
            { Value: 'fuellung', Label: 'Letzte Füllung' },
          ],
        },
        {
          Type: 'number',
          Key: 'liter',
          Label: 'Liter pro Jahr',
          Required: true,
          Unit: 'Liter',
          Min: 100,
          Max: 30000,
          Step: 1,
          VisibleWhen: { Key: 'modus', Values: ['jahr'] },
        },
        {
          Type: 'number',
          Key: 'fuellmenge',
          Label: 'Füllmenge',
          Required: true,
          Unit: 'Liter',
          Min: 100,
          Max: 32000,
          Step: 1,
          VisibleWhen: { Key: 'modus', Values: ['fuellung'] },
        },
        {
          Type: 'number',
          Key: 'monate',
          Label: 'Monate',
          Required: true,
          Unit: 'Monate',
          Min: 3,
          Max: 36,
          Step: 1,
          VisibleWhen: { Key: 'modus', Values: ['fuellung'] },
        },
      ],
    },
  ],
});

/** The answers the tests give, flattened as the compare call sends them (SPEC §7). */
export const sentAnswers = () => ({
  plz: '10115',
  gebaeudeart: 'efh',
  flaeche: '140',
  personen: '3',
  modus: 'jahr',
  liter: '2400',
});

export const compareFixture = (): CompareResult => ({
  GuideId: 1,
  CountryId: 1,
  Currency: 'EUR',
  ExpectedLitresPerYear: 2000,
  OwnLitresPerYear: 2500,
  EfficientLitresPerYear: 1600,
  DeviationPercent: 25,
  DeviationLitresPerYear: 500,
  DeviationPerYear: 525,
  OwnCostPerYear: 2625,
  ExpectedCostPerYear: 2100,
  PricePer100L: 105,
  PriceAmountLitres: 3000,
  PriceDate: '2026-11-20T08:00:00.000Z',
  OwnKwhPerM2: 178,
  ExpectedKwhPerM2: 143,
  Co2KgPerYear: 6650,
  ExpectedCo2KgPerYear: 5320,
  Rating: 'hoch',
  RatingText: 'Ihr Haus braucht deutlich mehr Heizöl als vergleichbare Gebäude.',
  Measures: [
    {
      Id: 'hydraulischer-abgleich',
      Title: 'Hydraulischer Abgleich',
      Text: 'Verteilt die Wärme gleichmäßig.',
      SavingLitresPerYear: 150,
      SavingPerYear: 158,
      InvestmentHint: 'ca. 500–1.000 €',
    },
  ],
  Information: [
    { Id: 1, Title: 'Heizungscheck', Text: 'Ein Fachbetrieb prüft Ihre Anlage.' },
    { Id: 2, Title: 'Modernisierung', Text: 'Beratung zu neuer Technik.' },
  ],
  Chart: [
    { Key: 'own', Label: 'Ihr Verbrauch', LitresPerYear: 2500, CostPerYear: 2625 },
    { Key: 'expected', Label: 'Vergleichbares Haus', LitresPerYear: 2000, CostPerYear: 2100 },
    { Key: 'efficient', Label: 'Nach Maßnahmen', LitresPerYear: 1600, CostPerYear: 1680 },
  ],
});

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export interface GuideServer {
  zips: Set<string>;
  /** 'fail' answers 500, 'offline' throws like a lost connection. */
  compare: 'ok' | 'fail' | 'offline' | 'invalid';
  compareBodies: unknown[];
}

/** A fetch stub for the guide's calls (guide, zip check, compare). */
export function stubGuideServer(overrides: Partial<GuideServer> = {}) {
  const server: GuideServer = {
    zips: new Set(['10115']),
    compare: 'ok',
    compareBodies: [],
    ...overrides,
  };
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    if (url.pathname === '/api/leads/guide/1') return Promise.resolve(json(guideFixture()));
    if (url.pathname === '/api/location/check-zipcode') {
      return Promise.resolve(json(server.zips.has((body as { ZipCode: string }).ZipCode)));
    }
    if (url.pathname === '/api/leads/1/compare') {
      server.compareBodies.push(body);
      if (server.compare === 'offline') return Promise.reject(new TypeError('Failed to fetch'));
      if (server.compare === 'invalid')
        return Promise.resolve(
          json({ message: 'Die Wohnfläche muss zwischen 30 und 1.000 m² liegen.' }, 400),
        );
      if (server.compare === 'fail')
        return Promise.resolve(json({ message: 'Interner Fehler' }, 500));
      return Promise.resolve(json(compareFixture()));
    }
    return Promise.resolve(json({ message: 'Nicht gefunden' }, 404));
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, server };
}
