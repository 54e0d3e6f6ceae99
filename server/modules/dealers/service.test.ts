/**
 * The dealer directory's services on the seeded dealers (~500, real postal codes).
 */
import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { berlinDay } from '../../jobs';
import {
  DEALER_PRICE_AMOUNT,
  DEALER_REVIEWS_PAGE_SIZE,
  DealerDirectorySchema,
  DealerSchema,
  type Dealer,
} from '../../../src/api/contract/dealers';
import { haversineKm } from '../../../src/lib/geo';
import { useTestApp } from '../../../tests/support/test-app';
import {
  dealerBranches,
  dealerDeliveryZips,
  dealerPrices,
  dealers,
  dealerTerms,
  postalCodes,
  products,
} from '../../db/schema';
import { calculateDefault } from '../calculation';
import { insertRating } from './test-ratings';
import { deliveryMap, MAP_MAX_POINTS, MAP_WIDTH } from './area';
import { dealerDirectory, dealersForZip, DIRECTORY_MAX_DEALERS } from './directory';
import { dealerDetail, dealerSitemapPaths, openingHoursOf, pageDealerDetail } from './page';
import { dealerReviews } from './reviews';

const t = useTestApp();

const db = () => t.database.db;
const snapshot = () => t.app.calculation.index.current();

/** The ids of the dealers the price index lets deliver to a postal code. */
function deliveringTo(countryId: number, zip: string): Set<number> {
  return new Set(
    snapshot()
      .delivering(countryId, zip)
      .map((d) => d.dealer.id),
  );
}

/** A seeded dealer with branches and a delivery radius. */
async function dealerWithBranches() {
  const [row] = await db()
    .select({ id: dealers.id, countryId: dealers.countryId })
    .from(dealers)
    .where(
      and(
        isNotNull(dealers.deliveryRadiusKm),
        eq(dealers.countryId, 1),
        sql`exists (select 1 from ${dealerBranches} where ${dealerBranches.dealerId} = ${dealers.id})`,
      ),
    )
    .orderBy(asc(dealers.id))
    .limit(1);
  if (!row) throw new Error('seed has no dealer with branches');
  return row;
}

function viewBoxOf(map: Dealer['DeliveryArea']['Map']) {
  const [x, y, width, height] = map.ViewBox.split(' ').map(Number);
  return { x: x!, y: y!, width: width!, height: height! };
}

function expectInside(map: Dealer['DeliveryArea']['Map'], point: readonly [number, number]) {
  const box = viewBoxOf(map);
  expect(point[0]).toBeGreaterThanOrEqual(box.x);
  expect(point[0]).toBeLessThanOrEqual(box.x + box.width);
  expect(point[1]).toBeGreaterThanOrEqual(box.y);
  expect(point[1]).toBeLessThanOrEqual(box.y + box.height);
}

describe('dealerDirectory', () => {
  it('country: the states with the dealers seated there, by name, in German', async () => {
    const directory = DealerDirectorySchema.parse(await dealerDirectory(t.app, { countryId: 1 }));
    expect(directory).toMatchObject({
      Level: 'country',
      CountryId: 1,
      Title: 'Heizölhändler in Deutschland',
      Breadcrumbs: [{ Name: 'Heizölhändler', Link: '/heizoelhaendler' }],
      Areas: [],
      Dealers: [],
    });
    expect(directory.States).toHaveLength(16);
    expect(directory.States[0]).toMatchObject({
      Name: 'Baden-Württemberg',
      Slug: 'baden-wuerttemberg',
      Link: '/heizoelhaendler/baden-wuerttemberg',
    });
    const [{ n }] = (await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(dealers)
      .where(and(eq(dealers.countryId, 1), eq(dealers.active, true)))) as [{ n: number }];
    expect(directory.States.reduce((sum, s) => sum + s.DealerCount, 0)).toBe(n);
    expect(directory.States.every((s) => s.DealerCount >= 2)).toBe(true);
    expect((await dealerDirectory(t.app, { countryId: 3 }))?.Title).toBe(
      'Heizölhändler in der Schweiz',
    );
  });

  it('state: its postal areas with places and counts, and all its dealers, best rated first', async () => {
    const directory = DealerDirectorySchema.parse(
      await dealerDirectory(t.app, { countryId: 1, state: 'bayern' }),
    );
    expect(directory.Level).toBe('state');
    expect(directory.Title).toBe('Heizölhändler in Bayern');
    expect(directory.Breadcrumbs).toEqual([
      { Name: 'Heizölhändler', Link: '/heizoelhaendler' },
      { Name: 'Bayern', Link: '/heizoelhaendler/bayern' },
    ]);
    const codes = directory.Areas.map((a) => a.Code);
    expect(codes).toEqual([...codes].sort());
    expect(new Set(codes).size).toBe(codes.length);
    for (const area of directory.Areas) {
      expect(area.Code).toMatch(/^\d{2}$/);
      expect(area.Link).toBe(`/heizoelhaendler/bayern/${area.Code}`);
      const places = area.Places.split(', ');
      expect(places.length).toBeGreaterThanOrEqual(1);
      expect(places.length).toBeLessThanOrEqual(3);
      const seated = directory.Dealers.filter((d) => d.ZipCode.startsWith(area.Code));
      expect(area.DealerCount).toBe(seated.length);
      for (const place of places) expect(seated.map((d) => d.Place)).toContain(place);
    }
    expect(directory.Areas.reduce((s, a) => s + a.DealerCount, 0)).toBe(directory.Dealers.length);
    expect(directory.Dealers.length).toBeGreaterThan(20);
    for (const dealer of directory.Dealers) {
      expect(dealer.SeatInArea).toBe(true);
      expect(dealer.Link).toBe(`/heizoelhaendler/bayern/${dealer.ZipCode}/${dealer.Id}`);
    }
    const ratingsInOrder = directory.Dealers.map((d) => d.Rating);
    expect(ratingsInOrder).toEqual([...ratingsInOrder].sort((a, b) => b - a));
  });

  it('finds a state of another country by its slug; the answer has its own country', async () => {
    const directory = await dealerDirectory(t.app, { countryId: 1, state: 'tirol' });
    expect(directory).toMatchObject({
      Level: 'state',
      CountryId: 2,
      Title: 'Heizölhändler in Tirol',
    });
  });

  it('area: dealers seated there first, then those delivering into it, at most 60', async () => {
    const directory = DealerDirectorySchema.parse(
      await dealerDirectory(t.app, { countryId: 1, state: 'bayern', zipCode: '80' }),
    );
    expect(directory.Level).toBe('area');
    expect(directory.Title).toBe('Heizölhändler im PLZ-Gebiet 80 (Bayern)');
    // An area in two states has two titles ("97" read the same under both).
    const inBadenWuerttemberg = DealerDirectorySchema.parse(
      await dealerDirectory(t.app, { countryId: 1, state: 'baden-wuerttemberg', zipCode: '97' }),
    );
    expect(inBadenWuerttemberg.Title).toBe('Heizölhändler im PLZ-Gebiet 97 (Baden-Württemberg)');
    expect(directory.Breadcrumbs.at(-1)).toEqual({
      Name: 'PLZ-Gebiet 80',
      Link: '/heizoelhaendler/bayern/80',
    });
    const list = directory.Dealers;
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(DIRECTORY_MAX_DEALERS);
    const firstOutside = list.findIndex((d) => !d.SeatInArea);
    if (firstOutside >= 0) expect(list.slice(firstOutside).every((d) => !d.SeatInArea)).toBe(true);
    for (const d of list.filter((d) => d.SeatInArea)) expect(d.ZipCode.startsWith('80')).toBe(true);
    // Everybody who delivers to Munich's centre is in the area's list (unless cut at 60).
    if (list.length < DIRECTORY_MAX_DEALERS) {
      const ids = new Set(list.map((d) => d.Id));
      for (const id of deliveringTo(1, '80331')) expect(ids).toContain(id);
    }
    const delivering = list.filter((d) => !d.SeatInArea).map((d) => d.Rating);
    expect(delivering).toEqual([...delivering].sort((a, b) => b - a));
  });

  it('postal code: the dealers delivering there, its place in the title', async () => {
    const directory = DealerDirectorySchema.parse(
      await dealerDirectory(t.app, { countryId: 1, state: 'bayern', zipCode: '80331' }),
    );
    expect(directory.Level).toBe('zip');
    expect(directory.Title).toBe('Heizölhändler für PLZ 80331 (München)');
    expect(directory.Breadcrumbs.map((b) => b.Link)).toEqual([
      '/heizoelhaendler',
      '/heizoelhaendler/bayern',
      '/heizoelhaendler/bayern/80',
      '/heizoelhaendler/bayern/80331',
    ]);
    const expected = deliveringTo(1, '80331');
    expect(expected.size).toBeGreaterThan(0);
    expect(new Set(directory.Dealers.map((d) => d.Id))).toEqual(expected);
    for (const d of directory.Dealers) expect(d.SeatInArea).toBe(d.ZipCode === '80331');
  });

  it('answers null (404) for an unknown state or an area or postal code not in the state', async () => {
    expect(await dealerDirectory(t.app, { countryId: 1, state: 'atlantis' })).toBeNull();
    // Berlin's postal codes are not in Bavaria.
    expect(
      await dealerDirectory(t.app, { countryId: 1, state: 'bayern', zipCode: '10' }),
    ).toBeNull();
    expect(
      await dealerDirectory(t.app, { countryId: 1, state: 'bayern', zipCode: '10115' }),
    ).toBeNull();
    // Looks like a Munich code, does not exist.
    expect(
      await dealerDirectory(t.app, { countryId: 1, state: 'bayern', zipCode: '80000' }),
    ).toBeNull();
    // An Austrian state with a German five-digit code.
    expect(
      await dealerDirectory(t.app, { countryId: 2, state: 'tirol', zipCode: '80331' }),
    ).toBeNull();
    expect(await dealerDirectory(t.app, { countryId: 1, zipCode: '80' })).toBeNull();
  });
});

describe('dealerDetail', () => {
  it('shows the seat, hours, products, payment, delivery and its own price for 3.000 L', async () => {
    const { id } = await dealerWithBranches();
    const dealer = DealerSchema.parse(await dealerDetail(t.app, 1, id));
    const [row] = await db().select().from(dealers).where(eq(dealers.id, id));
    const [terms] = await db().select().from(dealerTerms).where(eq(dealerTerms.dealerId, id));
    if (!row || !terms) throw new Error('dealer row missing');

    expect(dealer).toMatchObject({
      Id: id,
      CountryId: 1,
      Name: row.name,
      Street: row.street,
      ZipCode: row.zip,
      Place: row.place,
      Phone: row.phone,
      Email: row.email,
      Branch: null,
    });
    expect(dealer.Link).toMatch(new RegExp(`^/heizoelhaendler/[a-z-]+/${row.zip}/${id}$`));
    expect(dealer.State.Link).toBe(dealer.Link.split('/').slice(0, 3).join('/'));
    // Weekday order, whatever order the jsonb keys come in.
    expect(dealer.OpeningHours).toEqual(
      Object.entries(row.openingHours)
        .map(([days, hours]) => ({
          Days: days.replace(/-/g, '–'),
          Hours: hours.replace(/-/g, '–'),
        }))
        .sort((a, b) => (a.Days.startsWith('Mo') ? -1 : b.Days.startsWith('Mo') ? 1 : 0)),
    );
    expect(dealer.OpeningHours[0]?.Days).toMatch(/^Mo/);
    for (const { Days, Hours } of dealer.OpeningHours) expect(Days + Hours).not.toContain('-');

    const sold = await db()
      .select({ id: products.id, name: products.name })
      .from(dealerPrices)
      .innerJoin(products, eq(products.id, dealerPrices.productId))
      .where(eq(dealerPrices.dealerId, id));
    expect(dealer.Products.map((p) => p.Name).sort()).toEqual(sold.map((p) => p.name).sort());

    // Defaults always, others only with a surcharge entry (the engine's rule).
    expect(dealer.PaymentMethods).toContain('Rechnung (Überweisung nach Lieferung)');
    expect(dealer.PaymentMethods.includes('PayPal')).toBe('27' in terms.parameterSurcharges);
    expect(dealer.PaymentMethods.includes('Ratenzahlung (12 Monatsraten)')).toBe(
      '23' in terms.parameterSurcharges,
    );
    expect(dealer.DeliveryTimes).toContain('Standard (bis 3 Wochen)');
    expect(dealer.DeliveryTimes.includes('Express (bis 5 Werktage)')).toBe(
      '6' in terms.parameterSurcharges,
    );
    expect(dealer.DeliveryOptions).toContain('Schlauchlänge: bis 40 m');
    expect(dealer.DeliveryOptions.includes('Schlauchlänge: bis 80 m')).toBe(
      '-4' in terms.parameterSurcharges,
    );
    expect(dealer.DeliveryOptions.includes('Klimaneutrale Lieferung')).toBe(
      terms.climateNeutral100 !== null,
    );
    expect(dealer.DeliveryOptions.includes('Wunschtermin (Termin plus)')).toBe(
      terms.appointmentPlusFee !== null,
    );

    const offer = calculateDefault(t.app.calculation, {
      ZipCode: row.zip,
      Amount: 3000,
      CountryId: 1,
      ProductGroupId: 1,
      Stations: 1,
      Parameters: [],
      AppointmentPlus: false,
    }).Items.find((o) => o.Id === id);
    expect(offer).toBeDefined();
    expect(dealer.PriceToday).toEqual({
      Amount: DEALER_PRICE_AMOUNT,
      ZipCode: row.zip,
      ProductName: offer!.ProductName,
      UnitPrice: offer!.UnitPrice,
      TotalPrice: offer!.TotalPrice,
      Currency: 'EUR',
      Day: berlinDay(new Date()),
    });
    expect(dealer.Rating.Count).toBe(row.ratingCount);
  });

  it('draws the delivery area: at most 400 points inside the viewBox, seat and branches too', async () => {
    const { id } = await dealerWithBranches();
    const dealer = DealerSchema.parse(await dealerDetail(t.app, 1, id));
    const { Map: map, RadiusKm, ZipCount } = dealer.DeliveryArea;
    expect(RadiusKm).toBeGreaterThan(0);
    expect(map.ViewBox).toMatch(/^0 0 400 \d+(\.\d)?$/);
    expect(map.Points.length).toBeGreaterThan(0);
    expect(map.Points.length).toBeLessThanOrEqual(MAP_MAX_POINTS);
    expect(ZipCount).toBeGreaterThanOrEqual(map.Points.length);
    for (const point of [...map.Points, map.Seat, ...map.Branches]) {
      expectInside(map, point);
      for (const value of point) expect(value).toBe(Math.round(value * 10) / 10);
    }
    expect(map.Branches).toHaveLength(dealer.Branches.length);
    expect(map.TenKm).toBeGreaterThan(0);
    // The same as the calculator: the seat's postal code is delivered, and the count is exact.
    const zips = new Set<string>();
    const german = await db()
      .selectDistinct({ zip: postalCodes.zip })
      .from(postalCodes)
      .where(eq(postalCodes.countryId, 1));
    for (const { zip } of german) {
      if (
        snapshot()
          .delivering(1, zip)
          .some((d) => d.dealer.id === id)
      )
        zips.add(zip);
    }
    expect(ZipCount).toBe(zips.size);
    // Cached: the same object for the next request.
    const again = await dealerDetail(t.app, 1, id);
    expect(again?.DeliveryArea.Map).toBe((await dealerDetail(t.app, 1, id))?.DeliveryArea.Map);
    expect(again?.DeliveryArea.Map).toEqual(map);
  });

  it('counts a dealer delivering by postal-code list by its list', async () => {
    const [listDealer] = await db()
      .select({ id: dealers.id, countryId: dealers.countryId })
      .from(dealers)
      .where(isNull(dealers.deliveryRadiusKm))
      .orderBy(asc(dealers.id))
      .limit(1);
    if (!listDealer) throw new Error('seed has no list dealer');
    const listed = await db()
      .select({ zip: dealerDeliveryZips.zip })
      .from(dealerDeliveryZips)
      .where(eq(dealerDeliveryZips.dealerId, listDealer.id));
    const dealer = await dealerDetail(t.app, listDealer.countryId, listDealer.id);
    expect(dealer?.DeliveryArea.RadiusKm).toBeNull();
    expect(dealer?.DeliveryArea.ZipCount).toBe(listed.length);
    expect(dealer?.DeliveryArea.Map.Points.length).toBeLessThanOrEqual(MAP_MAX_POINTS);
  });

  it('a branch: its own link, price at its postal code; another dealer’s branch is null', async () => {
    const { id } = await dealerWithBranches();
    const [branch] = await db()
      .select()
      .from(dealerBranches)
      .where(eq(dealerBranches.dealerId, id))
      .orderBy(asc(dealerBranches.id))
      .limit(1);
    if (!branch) throw new Error('no branch');
    const dealer = DealerSchema.parse(await dealerDetail(t.app, 1, id, branch.id));
    expect(dealer.Branch).toMatchObject({
      Id: branch.id,
      ZipCode: branch.zip,
      Place: branch.place,
    });
    expect(dealer.Branch?.Link).toMatch(
      new RegExp(`^/heizoelhaendler/[a-z-]+/${branch.zip}/${branch.id}/${id}$`),
    );
    expect(dealer.Branches.map((b) => b.Id)).toContain(branch.id);
    if (dealer.PriceToday) expect(dealer.PriceToday.ZipCode).toBe(branch.zip);

    const [other] = await db()
      .select({ id: dealerBranches.id })
      .from(dealerBranches)
      .where(sql`${dealerBranches.dealerId} <> ${id}`)
      .limit(1);
    expect(await dealerDetail(t.app, 1, id, other!.id)).toBeNull();
    expect(await dealerDetail(t.app, 1, id, 999_999)).toBeNull();
  });

  it('finds a dealer under any country id; unknown or inactive dealers are null', async () => {
    const [swiss] = await db()
      .select({ id: dealers.id })
      .from(dealers)
      .where(eq(dealers.countryId, 3))
      .limit(1);
    expect((await dealerDetail(t.app, 1, swiss!.id))?.CountryId).toBe(3);
    expect(await dealerDetail(t.app, 1, 999_999)).toBeNull();
    await db().update(dealers).set({ active: false }).where(eq(dealers.id, swiss!.id));
    try {
      expect(await dealerDetail(t.app, 3, swiss!.id)).toBeNull();
      expect(await dealerReviews(db(), swiss!.id, 1)).toBeNull();
    } finally {
      await db().update(dealers).set({ active: true }).where(eq(dealers.id, swiss!.id));
    }
  });
});

describe('openingHoursOf and deliveryMap', () => {
  it('writes day and time ranges with an en dash', () => {
    // As jsonb hands them out: shorter keys first.
    expect(
      openingHoursOf({
        Sa: '08:00 - 12:00, 13:00-15:00',
        Fr: '07:30-14:00',
        'Mo-Do': '07:30-16:30',
      }),
    ).toEqual([
      { Days: 'Mo–Do', Hours: '07:30–16:30' },
      { Days: 'Fr', Hours: '07:30–14:00' },
      { Days: 'Sa', Hours: '08:00–12:00, 13:00–15:00' },
    ]);
  });

  it('merges thousands of points to at most 400, all inside a viewBox 400 wide', () => {
    const seat = { lat: 48.1, lon: 11.6 };
    const points = Array.from({ length: 5000 }, (_, i) => ({
      lat: 47.4 + ((i * 7919) % 1000) / 700,
      lon: 10.6 + ((i * 104_729) % 1000) / 500,
    }));
    const map = deliveryMap(points, seat, [{ lat: 48.8, lon: 12.5 }]);
    expect(map.Points.length).toBeLessThanOrEqual(MAP_MAX_POINTS);
    expect(map.Points.length).toBeGreaterThan(100);
    expect(viewBoxOf(map).width).toBe(MAP_WIDTH);
    for (const point of [...map.Points, map.Seat, ...map.Branches]) expectInside(map, point);
    // 10 km against the seat's and the branch's distance, in the same units.
    const km = haversineKm(seat, { lat: 48.8, lon: 12.5 });
    const units = Math.hypot(map.Seat[0] - map.Branches[0]![0], map.Seat[1] - map.Branches[0]![1]);
    expect(units / map.TenKm).toBeCloseTo(km / 10, 0);
  });

  it('gives a single postal code a map of its own size', () => {
    const map = deliveryMap([{ lat: 54.18, lon: 7.89 }], { lat: 54.18, lon: 7.89 }, []);
    expect(map.Points).toHaveLength(1);
    expect(map.ViewBox).toBe('0 0 400 400');
    expectInside(map, map.Seat);
  });
});

describe('dealerReviews', () => {
  const rate = (dealerId: number, mark: number, at: string, active = true) =>
    insertRating(db(), dealerId, mark, at, active);

  it('pages the active ratings, newest first, with the day in Germany', async () => {
    const { id } = await dealerWithBranches();
    const days = [
      '2026-01-05',
      '2026-01-06',
      '2026-01-07',
      '2026-01-08',
      '2026-01-09',
      '2026-01-10',
    ];
    for (const [i, day] of days.entries()) await rate(id, (i % 5) + 1, `${day}T10:00:00Z`);
    // 23:30 UTC on 11 January is 12 January in Berlin.
    const late = await rate(id, 5, '2026-01-11T23:30:00Z');
    await rate(id, 1, '2026-01-12T12:00:00Z', false);

    const first = await dealerReviews(db(), id, 1);
    expect(first).toMatchObject({ TotalCount: 7, Page: 1, Size: DEALER_REVIEWS_PAGE_SIZE });
    expect(first!.Items).toHaveLength(DEALER_REVIEWS_PAGE_SIZE);
    expect(first!.Items[0]).toEqual({
      Id: late,
      Mark: 5,
      Text: 'Note 5 vom 2026-01-11T23:30:00Z',
      Date: '2026-01-12',
    });
    expect(first!.Items.map((r) => r.Date)).toEqual([
      '2026-01-12',
      '2026-01-10',
      '2026-01-09',
      '2026-01-08',
      '2026-01-07',
    ]);
    const second = await dealerReviews(db(), id, 2);
    expect(second!.Items.map((r) => r.Date)).toEqual(['2026-01-06', '2026-01-05']);
    expect((await dealerReviews(db(), id, 3))!.Items).toEqual([]);
    expect(await dealerReviews(db(), 999_999, 1)).toBeNull();
  });
});

describe('cross-links and the sitemap', () => {
  it('dealersForZip: the dealers delivering there, best rated first, at most `limit`', async () => {
    const list = await dealersForZip(t.app, 1, '80331', 5);
    expect(list).toHaveLength(5);
    const delivering = deliveringTo(1, '80331');
    for (const d of list) expect(delivering).toContain(d.Id);
    const all = await dealersForZip(t.app, 1, '80331', 100);
    expect(all.slice(0, 5)).toEqual(list);
    expect(all.map((d) => d.Rating)).toEqual(all.map((d) => d.Rating).sort((a, b) => b - a));
    expect(await dealersForZip(t.app, 1, '00000', 5)).toEqual([]);
  });

  it('dealerSitemapPaths: the root, states, areas, every dealer and branch page', async () => {
    const paths = await dealerSitemapPaths(db());
    expect(paths[0]).toBe('/heizoelhaendler');
    expect(paths).toContain('/heizoelhaendler/bayern');
    expect(paths).toContain('/heizoelhaendler/bayern/80');
    const { id } = await dealerWithBranches();
    const dealer = await dealerDetail(t.app, 1, id);
    expect(paths).toContain(dealer!.Link);
    for (const branch of dealer!.Branches) expect(paths).toContain(branch.Link);
    const [{ n }] = (await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(dealers)
      .where(and(eq(dealers.active, true), gt(dealers.id, 0)))) as [{ n: number }];
    expect(paths.filter((p) => /^\/heizoelhaendler\/[^/]+\/\d+\/\d+$/.test(p))).toHaveLength(n);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('pageDealerDetail', () => {
  it('loads a dealer once per request: shared for the same route parameters, fresh for others', async () => {
    const [{ id }] = (await t.database.db
      .select({ id: dealers.id })
      .from(dealers)
      .where(eq(dealers.active, true))
      .orderBy(asc(dealers.id))
      .limit(1)) as [{ id: number }];
    const params = { dealerId: String(id) };
    const first = pageDealerDetail(t.app, params, 1, id);
    expect(pageDealerDetail(t.app, params, 1, id)).toBe(first);
    const other = pageDealerDetail(t.app, { dealerId: String(id) }, 1, id);
    expect(other).not.toBe(first);
    expect(await other).toEqual(await first);
    expect(await first).toEqual(await dealerDetail(t.app, 1, id));
  });
});
