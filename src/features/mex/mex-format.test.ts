import { describe, expect, it } from 'vitest';
import {
  dayAfter,
  formatAge,
  formatDayMonthDe,
  newestFirst,
  offerAmountFor,
  offerHrefFor,
} from './mex-format';

describe('formatAge', () => {
  const now = Date.parse('2026-11-20T12:00:00Z');
  it.each([
    ['2026-11-20T11:59:30Z', 'gerade eben'],
    ['2026-11-20T11:59:00Z', 'vor 1 Minute'],
    ['2026-11-20T11:15:00Z', 'vor 45 Minuten'],
    ['2026-11-20T11:00:00Z', 'vor 1 Stunde'],
    ['2026-11-20T09:00:00Z', 'vor 3 Stunden'],
    ['2026-11-19T11:00:00Z', 'vor 1 Tag'],
    ['2026-11-17T12:00:00Z', 'vor 3 Tagen'],
    ['kein Datum', 'unbekannt'],
  ])('%s → %s', (iso, text) => {
    expect(formatAge(iso, now)).toBe(text);
  });
});

describe('the days', () => {
  it('writes the short German day', () => {
    expect(formatDayMonthDe('2027-02-12')).toBe('12.02.');
  });
  it('counts whole days from now in Germany', () => {
    expect(dayAfter(10.7, Date.parse('2026-11-20T23:30:00Z'))).toBe('2026-12-01');
  });
});

describe('offerHrefFor', () => {
  it('opens the heating-oil offer list with the postal code and the free litres', () => {
    expect(offerHrefFor({ ZipCode: '10115', FreeL: 1834.6, ProductGroupId: 1 })).toBe(
      '/heizoel/angebotsliste?zipCode=10115&amount=1834',
    );
  });
  it('opens the diesel offer list for product group 2', () => {
    expect(offerHrefFor({ ZipCode: '80331', FreeL: 2000, ProductGroupId: 2 })).toBe(
      '/diesel/angebotsliste?zipCode=80331&amount=2000',
    );
  });
  it('keeps the amount within what the calculator accepts', () => {
    expect(offerAmountFor(120)).toBe(500);
    expect(offerAmountFor(50_000)).toBe(32_000);
  });
});

it('orders points newest first', () => {
  const points = [
    { At: '2026-11-01T00:00:00Z', Litres: 3 },
    { At: '2026-11-03T00:00:00Z', Litres: 1 },
    { At: '2026-11-02T00:00:00Z', Litres: 2 },
  ];
  expect(newestFirst(points).map((p) => p.Litres)).toEqual([1, 2, 3]);
});
