/**
 * The dealer directory over HTTP: /api/site answers (SPEC §7, §9 3600 s), the pages'
 * statuses, redirects and structured data (SPEC §2), and the sitemap.
 */
import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../../../src/api/contract/common';
import {
  DealerDirectorySchema,
  DealerReviewsSchema,
  DealerSchema,
} from '../../../src/api/contract/dealers';
import { TEST_PUBLIC_URL, useTestApp } from '../../../tests/support/test-app';
import { dealerBranches, dealers } from '../../db/schema';
import type { PageResolution } from '../../plugins/page-resolvers';
import { schemaOpeningHours } from './plugin';
import { insertRating } from './test-ratings';

const t = useTestApp();
/** A German dealer with branches and ratings, its first branch, and a dealer without ratings. */
let rated: { id: number; zip: string; ratingCount: number };
let branch: { id: number; zip: string };
let unrated: { id: number };
let otherBranch: { id: number };

beforeAll(async () => {
  const db = t.database.db;
  const [row] = await db
    .select({ id: dealers.id, zip: dealers.zip, ratingCount: dealers.ratingCount })
    .from(dealers)
    .where(
      and(
        eq(dealers.countryId, 1),
        gt(dealers.ratingCount, 0),
        isNotNull(dealers.deliveryRadiusKm),
        sql`exists (select 1 from ${dealerBranches} where ${dealerBranches.dealerId} = ${dealers.id})`,
      ),
    )
    .orderBy(asc(dealers.id))
    .limit(1);
  const [none] = await db
    .select({ id: dealers.id })
    .from(dealers)
    .where(eq(dealers.ratingCount, 0))
    .limit(1);
  if (!row || !none) throw new Error('seed lacks the dealers this test needs');
  rated = row;
  unrated = none;
  const [first] = await db
    .select({ id: dealerBranches.id, zip: dealerBranches.zip })
    .from(dealerBranches)
    .where(eq(dealerBranches.dealerId, row.id))
    .orderBy(asc(dealerBranches.id))
    .limit(1);
  const [other] = await db
    .select({ id: dealerBranches.id })
    .from(dealerBranches)
    .where(sql`${dealerBranches.dealerId} <> ${row.id}`)
    .limit(1);
  if (!first || !other) throw new Error('no branches');
  branch = first;
  otherBranch = other;
}, 120_000);

const get = (url: string) => t.app.inject({ method: 'GET', url });

async function dealerOf(id: number) {
  return DealerSchema.parse((await get(`/api/site/1/dealers/${id}`)).json());
}

describe('GET /api/site/{countryId}/dealers/{id}', () => {
  it('answers a dealer for any country id, cached 3600 s', async () => {
    const res = await get(`/api/site/1/dealers/${rated.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const dealer = DealerSchema.parse(res.json());
    expect(dealer).toMatchObject({ Id: rated.id, CountryId: 1, ZipCode: rated.zip, Branch: null });
    expect(dealer.Rating.Count).toBe(rated.ratingCount);
    // Dealer ids are global: the country in the path does not hide it.
    const viaSwiss = await get(`/api/site/3/dealers/${rated.id}`);
    expect(viaSwiss.statusCode).toBe(200);
    expect(DealerSchema.parse(viaSwiss.json()).CountryId).toBe(1);
  });

  it('answers a branch of the dealer, and 404 for a branch of another dealer', async () => {
    const res = await get(`/api/site/1/dealers/${rated.id}?branchId=${branch.id}`);
    expect(res.statusCode).toBe(200);
    expect(DealerSchema.parse(res.json()).Branch).toMatchObject({
      Id: branch.id,
      ZipCode: branch.zip,
    });
    const foreign = await get(`/api/site/1/dealers/${rated.id}?branchId=${otherBranch.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Diesen Händler kennen wir nicht.' });
  });

  it('404 for an unknown dealer, 400 for malformed ids', async () => {
    const unknown = await get('/api/site/1/dealers/999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Diesen Händler kennen wir nicht.' });
    for (const url of [
      '/api/site/1/dealers/abc',
      '/api/site/1/dealers/0',
      '/api/site/1/dealers/-5',
      '/api/site/1/dealers/1.5',
      '/api/site/1/dealers/99999999999',
      '/api/site/4/dealers/1000',
      `/api/site/1/dealers/${rated.id}?branchId=x`,
      `/api/site/1/dealers/${rated.id}?branchId=0`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      const body = ApiErrorSchema.parse(res.json());
      expect(body.message, url).toBe('Die Anfrage ist ungültig.');
      expect(body.issues?.length, url).toBeGreaterThan(0);
    }
  });
});

describe('GET /api/site/{countryId}/dealers/{id}/reviews', () => {
  it('answers a page of reviews, cached 3600 s; 400 for a bad page, 404 for an unknown dealer', async () => {
    const res = await get(`/api/site/1/dealers/${rated.id}/reviews?page=2`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(DealerReviewsSchema.parse(res.json())).toMatchObject({ Page: 2, Size: 5 });
    const first = DealerReviewsSchema.parse(
      (await get(`/api/site/1/dealers/${rated.id}/reviews`)).json(),
    );
    expect(first.Page).toBe(1);
    for (const page of ['0', 'x', '1.5', '10001']) {
      const bad = await get(`/api/site/1/dealers/${rated.id}/reviews?page=${page}`);
      expect(bad.statusCode, page).toBe(400);
      expect(ApiErrorSchema.parse(bad.json()).issues?.[0]?.path).toBe('querystring.page');
    }
    expect((await get('/api/site/1/dealers/999999/reviews')).statusCode).toBe(404);
  });
});

describe('GET /api/site/dealers/directory', () => {
  it('answers every level, cached 3600 s', async () => {
    for (const [query, level] of [
      ['countryId=2', 'country'],
      ['countryId=1&state=bayern', 'state'],
      ['countryId=1&state=bayern&zipCode=80', 'area'],
      ['countryId=1&state=bayern&zipCode=80331', 'zip'],
      ['countryId=1&state=tirol&zipCode=6020', 'zip'],
    ] as const) {
      const res = await get(`/api/site/dealers/directory?${query}`);
      expect(res.statusCode, query).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      expect(DealerDirectorySchema.parse(res.json()).Level, query).toBe(level);
    }
  });

  it('404 for an unknown place, 400 for malformed input', async () => {
    for (const query of [
      'countryId=1&state=atlantis',
      'countryId=1&state=bayern&zipCode=10',
      'countryId=1&state=bayern&zipCode=10115',
    ]) {
      const res = await get(`/api/site/dealers/directory?${query}`);
      expect(res.statusCode, query).toBe(404);
      expect(ApiErrorSchema.parse(res.json()).message).toMatch(/kennen wir nicht/);
    }
    for (const query of [
      '',
      'countryId=9',
      'countryId=1&state=Bayern',
      'countryId=1&state=bay%20ern',
      'countryId=1&state=bayern&zipCode=8',
      'countryId=1&state=bayern&zipCode=803',
      'countryId=1&state=bayern&zipCode=803311',
      'countryId=1&state=bayern&zipCode=80a',
    ]) {
      const res = await get(`/api/site/dealers/directory?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(ApiErrorSchema.parse(res.json()).message).toBe('Die Anfrage ist ungültig.');
    }
  });
});

describe('the pages', () => {
  /** The JSON-LD blocks of a page. */
  function jsonLdOf(html: string): Record<string, unknown>[] {
    return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1] ?? 'null') as Record<string, unknown>,
    );
  }

  async function resolve(
    route: 'heizoelhaendler-haendler' | 'heizoelhaendler-filiale',
    params: Record<string, string>,
  ): Promise<PageResolution> {
    const resolver = t.app.pageResolvers.of(route);
    if (!resolver) throw new Error(`no resolver for ${route}`);
    return resolver(params);
  }

  it('lists: 200 with title and breadcrumbs, 404 for an unknown state or area', async () => {
    const root = await get('/heizoelhaendler');
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain(
      '<title>Heizölhändler in Deutschland, Österreich und der Schweiz – Ölkompass</title>',
    );
    const state = await get('/heizoelhaendler/bayern');
    expect(state.statusCode).toBe(200);
    expect(state.body).toContain('<title>Heizölhändler in Bayern – Ölkompass</title>');
    const crumbs = jsonLdOf(state.body).find((j) => j['@type'] === 'BreadcrumbList');
    expect(crumbs?.itemListElement).toEqual([
      {
        '@type': 'ListItem',
        position: 1,
        name: 'Heizölhändler',
        item: `${TEST_PUBLIC_URL}/heizoelhaendler`,
      },
      {
        '@type': 'ListItem',
        position: 2,
        name: 'Bayern',
        item: `${TEST_PUBLIC_URL}/heizoelhaendler/bayern`,
      },
    ]);
    expect((await get('/heizoelhaendler/bayern/80331')).statusCode).toBe(200);
    expect((await get('/heizoelhaendler/atlantis')).statusCode).toBe(404);
    expect((await get('/heizoelhaendler/bayern/10')).statusCode).toBe(404);
    expect((await get('/heizoelhaendler/bayern/10115')).statusCode).toBe(404);
  });

  it('a dealer: 200 at its address, 301 from a wrong state or postal code, 404 when unknown', async () => {
    const dealer = await dealerOf(rated.id);
    const page = await get(dealer.Link);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      `<title>Heizölhändler ${dealer.Name.replace(/&/g, '&amp;')} in ${dealer.Place} – Ölkompass</title>`,
    );
    const business = jsonLdOf(page.body).find((j) => j['@type'] === 'LocalBusiness');
    expect(business).toMatchObject({ name: dealer.Name, url: `${TEST_PUBLIC_URL}${dealer.Link}` });

    for (const wrong of [
      `/heizoelhaendler/atlantis/${dealer.ZipCode}/${dealer.Id}`,
      dealer.Link.replace(`/${dealer.ZipCode}/`, '/10115/'),
      dealer.Link.replace(`/${dealer.ZipCode}/`, `/${dealer.ZipCode.slice(0, 2)}/`),
    ]) {
      const moved = await get(`${wrong}?x=1`);
      expect(moved.statusCode, wrong).toBe(301);
      expect(moved.headers.location).toBe(`${dealer.Link}?x=1`);
    }
    expect((await get(`/heizoelhaendler/bayern/80331/999999`)).statusCode).toBe(404);
  });

  it('a branch: 200 at its address, 301 from a wrong one, 404 under another dealer', async () => {
    const dealer = DealerSchema.parse(
      (await get(`/api/site/1/dealers/${rated.id}?branchId=${branch.id}`)).json(),
    );
    const link = dealer.Branch!.Link;
    const page = await get(link);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`in ${dealer.Branch!.Place} – Ölkompass</title>`);
    const moved = await get(`/heizoelhaendler/hessen/12345/${branch.id}/${rated.id}`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(link);
    const foreign = link.replace(`/${branch.id}/`, `/${otherBranch.id}/`);
    expect((await get(foreign)).statusCode).toBe(404);
    expect(
      await resolve('heizoelhaendler-filiale', {
        stateName: 'bayern',
        zipCode: '80331',
        branchId: String(branch.id),
        dealerId: '999999',
      }),
    ).toEqual({ kind: 'not-found' });
  });

  it('LocalBusiness has an aggregateRating only from reviews written through the rating link', async () => {
    // The seeded dealer has collected ratings (the offer list shows them) but no written review
    // on its page yet: no AggregateRating, which must reflect the reviews the page lists.
    const before = await dealerOf(rated.id);
    expect(before.Rating.Count).toBeGreaterThan(0);
    expect(before.Reviews.Count).toBe(0);
    const [, s0, z0] = before.Link.split('/').slice(1);
    const unreviewed = await resolve('heizoelhaendler-haendler', {
      stateName: s0!,
      zipCode: z0!,
      dealerId: String(rated.id),
    });
    if (unreviewed.kind !== 'page') throw new Error(`expected a page, got ${unreviewed.kind}`);
    expect(
      unreviewed.jsonLd?.find((j) => (j as Record<string, unknown>)['@type'] === 'LocalBusiness'),
    ).not.toHaveProperty('aggregateRating');

    await insertRating(t.database.db, rated.id, 5, '2026-10-01T09:00:00Z');
    await insertRating(t.database.db, rated.id, 4, '2026-10-02T09:00:00Z');
    const withRatings = await dealerOf(rated.id);
    expect(withRatings.Reviews).toEqual({ Average: 4.5, Count: 2 });
    const [, state, zip] = withRatings.Link.split('/').slice(1);
    const page = await resolve('heizoelhaendler-haendler', {
      stateName: state!,
      zipCode: zip!,
      dealerId: String(rated.id),
    });
    if (page.kind !== 'page') throw new Error(`expected a page, got ${page.kind}`);
    expect(page.description).toContain(withRatings.Name);
    expect(page.description).toMatch(/bewertet mit \d,\d von 5 Sternen/);
    const business = page.jsonLd?.find(
      (j) => (j as Record<string, unknown>)['@type'] === 'LocalBusiness',
    );
    expect(business).toMatchObject({
      '@type': 'LocalBusiness',
      name: withRatings.Name,
      telephone: withRatings.Phone,
      address: {
        '@type': 'PostalAddress',
        streetAddress: withRatings.Street,
        postalCode: withRatings.ZipCode,
        addressLocality: withRatings.Place,
        addressCountry: 'DE',
      },
      openingHours: schemaOpeningHours(withRatings.OpeningHours),
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: 4.5,
        reviewCount: 2,
        bestRating: 5,
      },
    });
    expect(
      page.jsonLd?.find((j) => (j as Record<string, unknown>)['@type'] === 'BreadcrumbList'),
    ).toBeDefined();

    const without = await dealerOf(unrated.id);
    const [, state2, zip2] = without.Link.split('/').slice(1);
    const plain = await resolve('heizoelhaendler-haendler', {
      stateName: state2!,
      zipCode: zip2!,
      dealerId: String(unrated.id),
    });
    if (plain.kind !== 'page') throw new Error(`expected a page, got ${plain.kind}`);
    expect(plain.description).toContain('noch ohne Bewertungen');
    const business2 = plain.jsonLd?.find(
      (j) => (j as Record<string, unknown>)['@type'] === 'LocalBusiness',
    );
    expect(business2).toBeDefined();
    expect(business2).not.toHaveProperty('aggregateRating');
  });

  it('schema.org opening hours: English day codes, one entry per time range', () => {
    expect(
      schemaOpeningHours([
        { Days: 'Mo–Fr', Hours: '08:00–12:00, 13:00–17:00' },
        { Days: 'Sa', Hours: 'nach Vereinbarung' },
        { Days: 'Di–Do', Hours: '07:30–16:30' },
      ]),
    ).toEqual(['Mo-Fr 08:00-12:00', 'Mo-Fr 13:00-17:00', 'Tu-Th 07:30-16:30']);
  });

  it('the sitemap lists the directory, a dealer and a branch page', async () => {
    const sitemap = (await get('/sitemap.xml')).body;
    const dealer = DealerSchema.parse(
      (await get(`/api/site/1/dealers/${rated.id}?branchId=${branch.id}`)).json(),
    );
    for (const path of [
      '/heizoelhaendler',
      '/heizoelhaendler/bayern',
      dealer.Link,
      dealer.Branch!.Link,
    ]) {
      expect(sitemap).toContain(`<loc>${TEST_PUBLIC_URL}${path}</loc>`);
    }
  });
});
