import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../../../src/api/contract/common';
import {
  CompareResultSchema,
  GuideSchema,
  LEAD_CONSENT_TEXT,
  LeadBannerResponseSchema,
  LeadFormResponseSchema,
} from '../../../src/api/contract/leads';
import { csrfHeaders } from '../../../tests/support/auth';
import { buildAppOn, useTestApp } from '../../../tests/support/test-app';
import { leads } from '../../db/schema';
import { averagePrice } from './service';
import { TEST_GUIDE_ANSWERS } from './test-answers';

const t = useTestApp();

const ANSWERS = TEST_GUIDE_ANSWERS;

function compare(answers: unknown, query = '?countryId=1', guideId: number | string = 1) {
  return t.app.inject({
    method: 'POST',
    url: `/api/leads/${guideId}/compare${query}`,
    payload: answers as object,
  });
}

async function expectGerman400(response: Awaited<ReturnType<typeof compare>>) {
  expect(response.statusCode).toBe(400);
  const body = ApiErrorSchema.parse(response.json());
  expect(body.message).not.toMatch(/must|Expected|Invalid|undefined/);
  return body;
}

describe('GET /api/leads/guide/{id}', () => {
  it('returns guide 1 with its steps in OrderWeight order, cacheable for an hour', async () => {
    const response = await t.app.inject({ url: '/api/leads/guide/1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const guide = GuideSchema.parse(response.json());
    expect(guide.Id).toBe(1);
    expect(guide.Title).toBe('Heizölverbrauch vergleichen');
    expect(guide.Steps.map((s) => s.OrderWeight)).toEqual([10, 20, 30, 40, 50]);
    const keys = guide.Steps.flatMap((s) => s.Inputs.map((i) => i.Key));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain('plz');
  });

  it('answers 404 JSON for an unknown guide and 400 for a non-numeric id', async () => {
    const missing = await t.app.inject({ url: '/api/leads/guide/99' });
    expect(missing.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(missing.json()).message).toBe('Den Fragebogen 99 gibt es nicht.');
    const bad = await t.app.inject({ url: '/api/leads/guide/eins' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api/leads/{guideId}/compare', () => {
  it('computes the comparison at the median price of the country', async () => {
    const response = await compare(ANSWERS);
    expect(response.statusCode).toBe(200);
    const r = CompareResultSchema.parse(response.json());
    // Benchmark arithmetic as in compare.test.ts case A.
    expect(r.ExpectedLitresPerYear).toBe(3020);
    expect(r.OwnLitresPerYear).toBe(3000);
    expect(r.DeviationPercent).toBe(-0.7);
    expect(r.Currency).toBe('EUR');
    expect(r.PriceAmountLitres).toBe(3000);
    // The price is the engine's median over the German dealers (README: 95.94–113.29 €).
    const price = averagePrice(t.app.leads, 1);
    expect(r.PricePer100L).toBe(price?.per100L);
    expect(r.PricePer100L).toBeGreaterThan(95.94);
    expect(r.PricePer100L).toBeLessThan(113.29);
    expect(r.OwnCostPerYear).toBe(Math.round(3000 * (r.PricePer100L / 100)));
    expect(r.DeviationPerYear).toBe(Math.round(-20 * (r.PricePer100L / 100)));
  });

  it('uses Swiss francs for Switzerland', async () => {
    const response = await compare({ ...ANSWERS, plz: '8001' }, '?countryId=3');
    expect(response.statusCode).toBe(200);
    const r = CompareResultSchema.parse(response.json());
    expect(r.Currency).toBe('CHF');
    expect(r.CountryId).toBe(3);
  });

  it.each([
    ['a missing answer', { ...ANSWERS, bewohner: '' }, /„Personen im Haushalt“/],
    ['an unknown key', { ...ANSWERS, kamin: 'ja' }, /„kamin“ gehört zu keiner Frage/],
    ['an area out of bounds', { ...ANSWERS, wohnflaeche: '5000' }, /zwischen 30 und 1\.000 m²/],
    [
      'a wrong option',
      { ...ANSWERS, heizungsalter: '1900' },
      /„Wann wurde der Heizkessel eingebaut\?“/,
    ],
    ['a malformed postal code', { ...ANSWERS, plz: '101' }, /5 Ziffern/],
    ['an unknown postal code', { ...ANSWERS, plz: '00000' }, /00000 .* nicht bekannt/],
    ['a number instead of text', { ...ANSWERS, wohnflaeche: 140 }, /Anfrage ist ungültig/],
    ['an array body', [ANSWERS], /Anfrage ist ungültig/],
  ])('refuses %s with a German 400', async (_, answers, message) => {
    const body = await expectGerman400(await compare(answers));
    expect(body.message).toMatch(message);
  });

  it('refuses a missing or wrong countryId and answers 404 for an unknown guide', async () => {
    await expectGerman400(await compare(ANSWERS, ''));
    await expectGerman400(await compare(ANSWERS, '?countryId=4'));
    const missing = await compare(ANSWERS, '?countryId=1', 7);
    expect(missing.statusCode).toBe(404);
  });
});

describe('POST /api/leads/lead-formular', () => {
  let ip = 0;
  /** Each test from its own address so the per-IP limit does not interfere. */
  function submit(body: object, headers: Record<string, string> = csrfHeaders()) {
    ip += 1;
    return t.app.inject({
      method: 'POST',
      url: '/api/leads/lead-formular',
      payload: body,
      headers,
      remoteAddress: `192.0.2.${ip}`,
    });
  }
  const FORM = {
    GuideId: 1,
    CountryId: 1,
    ZipCode: '10115',
    Title1: 'Frau',
    FirstName: 'Erika',
    LastName: 'Mustermann',
    Email: 'Erika@Example.org',
    Phone: '030 1234567',
    Answers: ANSWERS,
    SelectedInformationId: 1,
    PartnerConsent: true,
    ConsentText: LEAD_CONSENT_TEXT,
  };
  const leadCount = async () =>
    (await t.database.db.select({ n: count() }).from(leads))[0]?.n ?? -1;

  it('stores a lead with consent, recomputes the result and passes it on', async () => {
    const response = await submit({
      ...FORM,
      // A result sent by the client is ignored: the schema drops unknown fields.
      CompareResult: { OwnLitresPerYear: 1 },
    });
    expect(response.statusCode).toBe(200);
    const body = LeadFormResponseSchema.parse(response.json());
    expect(body.PassedToPartner).toBe(true);
    expect(body.Result.ExpectedLitresPerYear).toBe(3020);
    const [row] = await t.database.db.select().from(leads).where(eq(leads.id, body.LeadId));
    expect(row).toMatchObject({
      guideId: 1,
      countryId: 1,
      zip: '10115',
      title1: 'Frau',
      firstName: 'Erika',
      email: 'erika@example.org',
      partnerConsent: true,
      consentText: LEAD_CONSENT_TEXT,
      selectedInformationId: 1,
      answers: ANSWERS,
    });
    expect(row?.passedToPartnerAt).toBeInstanceOf(Date);
    expect((row?.compareResult as { OwnLitresPerYear: number }).OwnLitresPerYear).toBe(3000);
  });

  it('stores a lead without consent and passes nothing on', async () => {
    const response = await submit({ ...FORM, PartnerConsent: false, SelectedInformationId: null });
    expect(response.statusCode).toBe(200);
    const body = LeadFormResponseSchema.parse(response.json());
    expect(body.PassedToPartner).toBe(false);
    const [row] = await t.database.db.select().from(leads).where(eq(leads.id, body.LeadId));
    expect(row?.partnerConsent).toBe(false);
    expect(row?.passedToPartnerAt).toBeNull();
    expect(row?.selectedInformationId).toBeNull();
  });

  it.each([
    ['no consent flag', { ...FORM, PartnerConsent: undefined }, 400],
    ['consent as text', { ...FORM, PartnerConsent: 'ja' }, 400],
    ['another consent text', { ...FORM, ConsentText: 'Ich bin einverstanden.' }, 400],
    ['a bad e-mail address', { ...FORM, Email: 'erika@' }, 400],
    ['an empty last name', { ...FORM, LastName: ' ' }, 400],
    ['an unknown contact postal code', { ...FORM, ZipCode: '99999' }, 400],
    ['an invalid answer', { ...FORM, Answers: { ...ANSWERS, bewohner: '0' } }, 400],
    ['missing answers', { ...FORM, Answers: {} }, 400],
    ['an information id not in the result', { ...FORM, SelectedInformationId: 42 }, 400],
    ['an unknown guide', { ...FORM, GuideId: 9 }, 404],
  ])('refuses %s and stores nothing', async (_, body, status) => {
    const before = await leadCount();
    const response = await submit(body);
    expect(response.statusCode).toBe(status);
    expect(ApiErrorSchema.parse(response.json()).message).not.toMatch(/must|Expected|Invalid/);
    expect(await leadCount()).toBe(before);
  });

  it('refuses a submission without the CSRF header (403) and stores nothing', async () => {
    const before = await leadCount();
    const response = await submit(FORM, {});
    expect(response.statusCode).toBe(403);
    expect(await leadCount()).toBe(before);
  });

  it('limits submissions per address (5 per 10 minutes)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/leads/lead-formular',
        payload: { ...FORM, Email: 'x' }, // invalid bodies count too
        headers: csrfHeaders(),
        remoteAddress: '198.51.100.7',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('holds the limit across two processes on one database: 5 in total, not 5 each', async () => {
    // A second app on the same database (PGlite: the same object; PostgreSQL: a second pool),
    // as a second server process behind the load balancer would be.
    const second = await buildAppOn(t);
    try {
      const before = await leadCount();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const app = i % 2 === 0 ? t.app : second.app;
        const response = await app.inject({
          method: 'POST',
          url: '/api/leads/lead-formular',
          payload: FORM,
          headers: csrfHeaders(),
          remoteAddress: '198.51.100.8',
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
          expect(ApiErrorSchema.parse(response.json()).message).toMatch(/Zu viele Anfragen/);
        }
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      expect(await leadCount()).toBe(before + 5);
    } finally {
      await second.close();
    }
  });
});

describe('GET /api/waermepartner/lead-banner', () => {
  const banner = (query: string) => t.app.inject({ url: `/api/waermepartner/lead-banner${query}` });

  it('names the partner services of the state, cacheable for 120 s', async () => {
    const response = await banner('?countryId=1&zipCode=10115');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=120');
    const body = LeadBannerResponseSchema.parse(response.json());
    expect(body.IsSuccess).toBe(true);
    expect(body.Payload.HasData).toBe(true);
    expect(body.Payload.LeadData?.StateName).toBe('Berlin');
    // Berlin is a city state: no tank cleaning there.
    expect(body.Payload.LeadData?.Services.map((s) => s.Id)).toEqual([
      'heizungscheck',
      'modernisierung',
    ]);
    expect(body.Payload.LeadData?.Url).toBe('/heizoel-verbrauchsvergleich');
  });

  it('has no data where the partner does not work (Switzerland, Tirol)', async () => {
    for (const query of ['?countryId=3&zipCode=8001', '?countryId=2&zipCode=6020']) {
      const response = await banner(query);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=120');
      expect(LeadBannerResponseSchema.parse(response.json()).Payload).toEqual({
        HasData: false,
        LeadData: null,
      });
    }
  });

  it('keeps an answer 120 s on the server', async () => {
    const first = await banner('?countryId=1&zipCode=80331');
    expect(t.app.leads.bannerCache.get('1|80331')).toEqual(first.json());
  });

  it.each([
    ['', 'no parameters'],
    ['?countryId=1', 'no postal code'],
    ['?countryId=1&zipCode=1011', 'a malformed postal code'],
    ['?countryId=1&zipCode=00000', 'an unknown postal code'],
    ['?countryId=9&zipCode=10115', 'an unknown country'],
  ])('refuses %s (%s) with 400', async (query) => {
    const response = await banner(query);
    expect(response.statusCode).toBe(400);
    // Not the answer's 120 s: a refusal is never kept (securityPlugin's default).
    expect(response.headers['cache-control']).toBe('private, no-store');
    ApiErrorSchema.parse(response.json());
  });
});
