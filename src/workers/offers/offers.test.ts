import { describe, expect, it } from 'vitest';
import type { Offer } from '../../api/contract/calculation';
import { formatPrice } from '../../lib/format';
import { generateOffers } from './offers.fixtures';
import {
  bestPlaces,
  formatDistance,
  formatPercentNumber,
  rankOffers,
  sortOffers,
  type OfferSort,
} from './offers';

/** A contract-shaped offer; only what a test cares about is given. */
function offer(partial: Partial<Offer> & { Id: number }): Offer {
  const total = partial.TotalPrice ?? 3000;
  return {
    DealerName: `Händler ${partial.Id}`,
    DealerPlace: 'Berlin',
    DealerZip: '10115',
    Rating: 4.5,
    RatingCount: 10,
    DistanceKm: 12,
    IsFavourite: false,
    ProductId: 1,
    ProductName: 'Heizöl EL schwefelarm',
    DeliveryTime: 'Standard (bis 3 Wochen)',
    DeliveryDays: 15,
    PaymentName: 'Rechnung',
    UnitPrice: total / 30,
    TotalPrice: total,
    VatAmount: Math.round((total - total / 1.19) * 100) / 100,
    VatRatePercent: 19,
    Currency: 'EUR',
    Breakdown: [{ Kind: 'product', Label: 'Heizöl', Amount: total }],
    Installment: null,
    ClimateNeutral: false,
    AppointmentPlus: false,
    ...partial,
  };
}

const ids = (offers: readonly { Id: number }[]) => offers.map((o) => o.Id);

describe('sortOffers', () => {
  const offers = [
    offer({ Id: 1, TotalPrice: 3100, Rating: 4.9, RatingCount: 50, DeliveryDays: 15 }),
    offer({ Id: 2, TotalPrice: 2900, Rating: 3.0, RatingCount: 5, DeliveryDays: 30 }),
    offer({ Id: 3, TotalPrice: 3000, Rating: 4.2, RatingCount: 80, DeliveryDays: 2 }),
    offer({ Id: 4, TotalPrice: 3000, Rating: 4.8, RatingCount: 3, DeliveryDays: 5 }),
    offer({ Id: 5, TotalPrice: 2950, Rating: 0, RatingCount: 0, DeliveryDays: 5 }),
  ];

  it('by price: total ascending, a tie goes to the better rating', () => {
    expect(ids(sortOffers(offers, 'price'))).toEqual([2, 5, 4, 3, 1]);
  });

  it('by rating: best first, unrated last, ties by price', () => {
    expect(ids(sortOffers(offers, 'rating'))).toEqual([1, 4, 3, 2, 5]);
    const tie = [
      offer({ Id: 7, Rating: 4.5, RatingCount: 10, TotalPrice: 3100 }),
      offer({ Id: 6, Rating: 4.5, RatingCount: 10, TotalPrice: 3000 }),
      offer({ Id: 8, Rating: 4.5, RatingCount: 11, TotalPrice: 3200 }),
    ];
    // More ratings first (a 4,5 from 11 says more than from 10), then the cheaper.
    expect(ids(sortOffers(tie, 'rating'))).toEqual([8, 6, 7]);
  });

  it('by delivery time: fastest first, ties by price', () => {
    expect(ids(sortOffers(offers, 'delivery'))).toEqual([3, 5, 4, 1, 2]);
  });

  it('is stable: fully equal offers keep the dealer-id order, whatever the input order', () => {
    const same = [offer({ Id: 30 }), offer({ Id: 10 }), offer({ Id: 20 })];
    for (const sort of ['price', 'rating', 'delivery'] as OfferSort[]) {
      expect(ids(sortOffers(same, sort))).toEqual([10, 20, 30]);
      expect(ids(sortOffers([...same].reverse(), sort))).toEqual([10, 20, 30]);
    }
  });

  it('leaves the input alone', () => {
    const input = [...offers];
    sortOffers(input, 'rating');
    expect(ids(input)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('sortOffers with delivery days', () => {
  it('by price: an equal total goes to the earlier first delivery day, before the rating', () => {
    const offers = [
      offer({ Id: 1, TotalPrice: 3000, Rating: 4.9, EarliestDelivery: '2026-12-03' }),
      offer({ Id: 2, TotalPrice: 3000, Rating: 3.0, EarliestDelivery: '2026-12-01' }),
      offer({ Id: 3, TotalPrice: 2900, Rating: 3.0, EarliestDelivery: '2026-12-20' }),
      offer({ Id: 4, TotalPrice: 3000, Rating: 5.0, EarliestDelivery: '2026-11-30' }),
    ];
    expect(ids(sortOffers(offers, 'price'))).toEqual([3, 4, 2, 1]);
  });

  it('by price: an offer without a delivery day comes after the equal ones with one', () => {
    const offers = [
      offer({ Id: 1, TotalPrice: 3000, Rating: 5.0 }),
      offer({ Id: 2, TotalPrice: 3000, Rating: 3.0, EarliestDelivery: '2026-12-09' }),
      offer({ Id: 3, TotalPrice: 3000, Rating: 4.0, EarliestDelivery: '' }),
      offer({ Id: 4, TotalPrice: 2999, Rating: 1.0 }),
    ];
    // Among the ones without a day (undefined or empty) the rating decides as before.
    expect(ids(sortOffers(offers, 'price'))).toEqual([4, 2, 1, 3]);
  });

  it('without any delivery day the order is by price alone', () => {
    const offers = [
      offer({ Id: 1, TotalPrice: 3000, Rating: 4.2 }),
      offer({ Id: 2, TotalPrice: 3000, Rating: 4.8 }),
    ];
    expect(ids(sortOffers(offers, 'price'))).toEqual([2, 1]);
  });

  it('by delivery time: the earliest day first, then the period, then the price', () => {
    const offers = [
      offer({ Id: 1, DeliveryDays: 2, TotalPrice: 3000, EarliestDelivery: '2026-12-04' }),
      offer({ Id: 2, DeliveryDays: 15, TotalPrice: 2900, EarliestDelivery: '2026-12-02' }),
      offer({ Id: 3, DeliveryDays: 5, TotalPrice: 2800, EarliestDelivery: '2026-12-02' }),
      offer({ Id: 4, DeliveryDays: 5, TotalPrice: 2700, EarliestDelivery: '2026-12-02' }),
      // No day (an older result): after every offer with one, whatever its period.
      offer({ Id: 5, DeliveryDays: 1, TotalPrice: 2000 }),
    ];
    expect(ids(sortOffers(offers, 'delivery'))).toEqual([4, 3, 2, 1, 5]);
  });

  it('by delivery time without days: the period as before', () => {
    const offers = [
      offer({ Id: 1, DeliveryDays: 15 }),
      offer({ Id: 2, DeliveryDays: 2 }),
      offer({ Id: 3, DeliveryDays: 5 }),
    ];
    expect(ids(sortOffers(offers, 'delivery'))).toEqual([2, 3, 1]);
  });

  it('formats the earliest day with the German short weekday, null without one', () => {
    const views = rankOffers([
      offer({ Id: 1, TotalPrice: 2900, EarliestDelivery: '2026-12-01' }),
      offer({ Id: 2, TotalPrice: 3000 }),
    ]);
    expect(views.map((v) => [v.id, v.earliestDelivery])).toEqual([
      [1, 'Di., 01.12.'],
      [2, null],
    ]);
  });
});

describe('bestPlaces', () => {
  it('marks the three cheapest, whatever the sort', () => {
    const offers = [
      offer({ Id: 1, TotalPrice: 3100 }),
      offer({ Id: 2, TotalPrice: 2900 }),
      offer({ Id: 3, TotalPrice: 3000 }),
      offer({ Id: 4, TotalPrice: 3050 }),
    ];
    expect([...bestPlaces(offers)]).toEqual([
      [2, 1],
      [3, 2],
      [4, 3],
    ]);
    const byRating = rankOffers(offers, 'rating');
    expect(byRating.map((v) => [v.id, v.place])).toEqual(
      expect.arrayContaining([
        [2, 1],
        [3, 2],
        [4, 3],
        [1, null],
      ]),
    );
  });

  it('marks fewer when there are fewer offers', () => {
    expect(bestPlaces([offer({ Id: 1 })]).size).toBe(1);
    expect(rankOffers([])).toEqual([]);
  });
});

describe('rankOffers formatting', () => {
  it('formats every number of a card with de-DE rules in the offer’s currency', () => {
    const [view] = rankOffers([
      offer({
        Id: 1,
        TotalPrice: 2953.5,
        UnitPrice: 98.45,
        VatAmount: 471.57,
        Rating: 4.6,
        RatingCount: 1234,
        DistanceKm: 3.44,
        Breakdown: [
          { Kind: 'product', Label: 'Heizöl EL schwefelarm, 3.000 L', Amount: 2924.5 },
          { Kind: 'deliveryFee', Label: 'Lieferpauschale', Amount: 29 },
        ],
      }),
    ]);
    expect(view).toMatchObject({
      id: 1,
      place: 1,
      unitPrice: '98,45\u00a0€',
      totalPrice: '2.953,50\u00a0€',
      vatAmount: '471,57\u00a0€',
      vatRatePercent: '19',
      hasRatings: true,
      rating: 4.6,
      ratingText: '4,6',
      ratingCount: 1234,
      ratingCountText: '1.234',
      distance: '3,4',
      breakdown: [
        { kind: 'product', label: 'Heizöl EL schwefelarm, 3.000 L', amount: '2.924,50\u00a0€' },
        { kind: 'deliveryFee', label: 'Lieferpauschale', amount: '29,00\u00a0€' },
      ],
      installment: null,
    });
  });

  it('shows CHF for Swiss offers and 8,1 % VAT', () => {
    const [view] = rankOffers([
      offer({ Id: 1, Currency: 'CHF', TotalPrice: 3312.4, VatRatePercent: 8.1 }),
    ]);
    expect(view?.totalPrice).toBe('3.312,40\u00a0CHF');
    expect(view?.vatRatePercent).toBe('8,1');
    expect(view?.breakdown[0]?.amount).toBe('3.312,40\u00a0CHF');
  });

  it('formats the installment plan: monthly rate, total and effective rate', () => {
    const [view] = rankOffers([
      offer({
        Id: 1,
        TotalPrice: 3045.6,
        Installment: { Months: 12, MonthlyRate: 253.8, Total: 3045.6, EffectiveRatePercent: 5.9 },
      }),
    ]);
    expect(view?.installment).toEqual({
      months: 12,
      monthlyRate: '253,80\u00a0€',
      total: '3.045,60\u00a0€',
      effectiveRatePercent: '5,9',
    });
  });

  it('says when a dealer has no ratings yet', () => {
    const [view] = rankOffers([offer({ Id: 1, Rating: 0, RatingCount: 0 })]);
    expect(view).toMatchObject({
      hasRatings: false,
      rating: 0,
      ratingText: '',
      ratingCountText: '0',
    });
  });

  it('keeps the breakdown lines in order so they add up to the total', () => {
    const offers = generateOffers({ count: 50, seed: 7, installment: true });
    const views = rankOffers(offers, 'price');
    for (const view of views) {
      const source = offers.find((o) => o.Id === view.id);
      expect(source).toBeDefined();
      if (!source) continue;
      const sumCents = source.Breakdown.reduce((s, l) => s + Math.round(l.Amount * 100), 0);
      expect(sumCents).toBe(Math.round(source.TotalPrice * 100));
      expect(view.breakdown.map((l) => l.amount)).toEqual(
        source.Breakdown.map((l) => formatPrice(l.Amount, 'EUR')),
      );
    }
  });
});

describe('number helpers', () => {
  it.each([
    [19, '19'],
    [20, '20'],
    [8.1, '8,1'],
    [7.7, '7,7'],
    [5.95, '5,95'],
  ])('formatPercentNumber(%s) = %s', (value, text) => {
    expect(formatPercentNumber(value)).toBe(text);
  });

  it.each([
    [0.4, '0,4'],
    [9.96, '10'],
    [12.4, '12'],
    [78.6, '79'],
  ])('formatDistance(%s) = %s', (value, text) => {
    expect(formatDistance(value)).toBe(text);
  });
});

describe('a thousand offers', () => {
  it('ranks and formats them in every order with the best three by price', () => {
    const offers = generateOffers({ count: 1000, seed: 42 });
    const cheapest = sortOffers(offers, 'price')
      .slice(0, 3)
      .map((o) => o.Id);
    for (const sort of ['price', 'rating', 'delivery'] as OfferSort[]) {
      const views = rankOffers(offers, sort);
      expect(views).toHaveLength(1000);
      expect(views.filter((v) => v.place !== null).map((v) => [v.place, v.id])).toEqual(
        expect.arrayContaining([
          [1, cheapest[0]],
          [2, cheapest[1]],
          [3, cheapest[2]],
        ]),
      );
    }
  });
});
