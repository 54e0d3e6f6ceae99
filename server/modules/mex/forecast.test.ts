/**
 * The reorder-by forecast against hand-computed cases ("Forecast arithmetic
 * unit-tested"). 2026-11-26 is a Thursday.
 */
import { describe, expect, it } from 'vitest';
import {
  addDays,
  averageConsumption,
  forecast,
  priceTrend,
  screenReadings,
  seasonStart,
  workingDaysBefore,
  type DailyLevel,
  type ForecastInput,
} from './forecast';

const TODAY = '2026-11-26';

/** Levels from `from` to `to`, falling by `perDay` litres a day from `start`. */
function falling(from: string, to: string, start: number, perDay: number): DailyLevel[] {
  const out: DailyLevel[] = [];
  for (let d = from, l = start; d <= to; d = addDays(d, 1), l -= perDay) {
    out.push({ day: d, litres: l });
  }
  return out;
}

/** The forecast of a 5000 L tank today, ordered with 5 days' lead, without prices; overrides given. */
function tankForecast(input: Partial<ForecastInput> & Pick<ForecastInput, 'litres' | 'levels'>) {
  return forecast({ today: TODAY, usableL: 5000, leadDays: 5, prices: [], ...input });
}

describe('calendar helpers', () => {
  it('counts working days back, skipping weekends', () => {
    expect(workingDaysBefore('2026-11-30', 1)).toBe('2026-11-27'); // Mon → Fri
    expect(workingDaysBefore('2026-11-26', 3)).toBe('2026-11-23'); // Thu → Mon
    expect(workingDaysBefore('2026-11-29', 0)).toBe('2026-11-27'); // Sun moves to Fri
    expect(workingDaysBefore('2026-11-28', 2)).toBe('2026-11-25'); // Sat → Fri, then Thu, Wed
  });

  it('starts the heating season on 1 September', () => {
    expect(seasonStart('2026-11-26')).toBe('2026-09-01');
    expect(seasonStart('2026-09-01')).toBe('2026-09-01');
    expect(seasonStart('2026-08-31')).toBe('2025-09-01');
    expect(seasonStart('2026-07-15')).toBe('2025-09-01');
  });
});

describe('consumption', () => {
  it('constant consumption: 20 L a day, 150 days left, order 5 working days before', () => {
    const levels = falling('2026-11-01', TODAY, 3500, 20); // 25 days → 3000 L today
    expect(levels.at(-1)).toEqual({ day: TODAY, litres: 3000 });
    const f = tankForecast({
      litres: 3000,
      levels,
      prices: [
        { day: '2026-11-12', price: 100 },
        { day: '2026-11-20', price: 99 },
        { day: TODAY, price: 97 },
      ],
    });
    expect(f.Avg7Days).toBe(20);
    expect(f.AvgSeason).toBe(20);
    expect(f.PerDay).toBe(20);
    // 3000 / 20 = 150 days: 26 Nov 2026 + 150 = 25 Apr 2027 (a Sunday).
    expect(f.DaysLeft).toBe(150);
    expect(f.EmptyOn).toBe('2027-04-25');
    // Minus 3 days safety: Thu 22 Apr; minus 5 working days: 21, 20, 19, 16, 15 Apr.
    expect(f.OrderBy).toBe('2027-04-15');
    expect(f.LeadDays).toBe(5);
    // 100 → 97: −3 %.
    expect(f.PriceChangePercent).toBe(-3);
    expect(f.PriceTrend).toBe('fallend');
    expect(f.Advice).toBe(
      'Die Preise fallen: Sie können mit der Bestellung noch warten, spätestens bis 15.04.2027.',
    );
  });

  it('ignores a refill (a rise of more than 2 % of the usable volume)', () => {
    const levels: DailyLevel[] = [
      { day: '2026-11-20', litres: 500 },
      { day: '2026-11-21', litres: 480 },
      { day: '2026-11-22', litres: 460 },
      { day: '2026-11-23', litres: 4000 }, // refill: neither litres nor days
      { day: '2026-11-24', litres: 3980 },
      { day: '2026-11-25', litres: 3960 },
      { day: TODAY, litres: 3940 },
    ];
    // From 19 Nov: 5 intervals of 20 L → 100 L / 5 days.
    expect(averageConsumption(levels, 5000, '2026-11-19')).toEqual({ perDay: 20, days: 5 });
    const f = tankForecast({
      litres: 3940,
      levels,
      leadDays: 3,
    });
    expect(f.PerDay).toBe(20);
    expect(f.DaysLeft).toBe(197); // floor(3940 / 20)
  });

  it('counts a small rise (sensor noise) against the consumption', () => {
    const levels: DailyLevel[] = [
      { day: '2026-11-23', litres: 1000 },
      { day: '2026-11-24', litres: 1010 }, // +10 L = 0.2 %: noise
      { day: '2026-11-25', litres: 980 },
      { day: TODAY, litres: 970 },
    ];
    // (−10 + 30 + 10) / 3 days = 10 L a day.
    expect(averageConsumption(levels, 5000, '2026-11-19').perDay).toBe(10);
  });

  it('spreads the fall over a gap in the readings', () => {
    const levels: DailyLevel[] = [
      { day: '2026-11-19', litres: 1000 },
      { day: '2026-11-20', litres: 980 },
      { day: '2026-11-24', litres: 900 }, // 4 days silent, 80 L
      { day: '2026-11-25', litres: 880 },
      { day: TODAY, litres: 860 },
    ];
    // (20 + 80 + 20 + 20) / (1 + 4 + 1 + 1) = 140 / 7 = 20.
    const f = tankForecast({
      litres: 860,
      usableL: 3000,
      levels,
      leadDays: 2,
    });
    expect(f.Avg7Days).toBe(20);
    expect(f.DaysLeft).toBe(43);
    expect(f.EmptyOn).toBe('2027-01-08');
  });

  it('uses the season average when the last 7 days have fewer than 3 days of data', () => {
    const levels = [
      ...falling('2026-09-01', '2026-11-10', 3000, 10), // 70 days, 700 L → 2300 on 10 Nov
      { day: '2026-11-25', litres: 2150 }, // 15 days, 150 L
      { day: TODAY, litres: 2120 }, // 1 day, 30 L
    ];
    const f = tankForecast({
      litres: 2120,
      levels,
    });
    expect(f.Avg7Days).toBe(30);
    // (700 + 150 + 30) / (70 + 15 + 1) = 880 / 86 = 10.23…
    expect(f.AvgSeason).toBe(10.2);
    expect(f.PerDay).toBe(10.2);
    expect(f.DaysLeft).toBe(207); // floor(2120 / 10.2)
  });

  it('no consumption in summer: no days left, no dates', () => {
    const levels = falling('2026-06-15', '2026-07-15', 3000, 0);
    const f = tankForecast({
      today: '2026-07-15',
      litres: 3000,
      levels,
    });
    expect(f.Avg7Days).toBe(0);
    expect(f.PerDay).toBe(0);
    expect(f.DaysLeft).toBeNull();
    expect(f.EmptyOn).toBeNull();
    expect(f.OrderBy).toBeNull();
    expect(f.PriceTrend).toBe('unbekannt');
    expect(f.Advice).toBe('Ihr Verbrauch ist derzeit gering: Eine Bestellung eilt nicht.');
  });

  it('without any readings everything is unknown', () => {
    const f = tankForecast({
      litres: 0,
      levels: [],
      leadDays: null,
    });
    expect(f).toMatchObject({ Avg7Days: null, AvgSeason: null, PerDay: null, DaysLeft: null });
  });

  it('clamps an OrderBy in the past to today and says "jetzt bestellen"', () => {
    const levels = falling('2026-11-16', TODAY, 300, 20); // 10 days → 100 L today
    const f = tankForecast({
      litres: 100,
      levels,
    });
    // 100 / 20 = 5 days → Tue 1 Dec; −3 → Sat 28 Nov → Fri 27 Nov; −5 working days → 20 Nov.
    expect(f.DaysLeft).toBe(5);
    expect(f.EmptyOn).toBe('2026-12-01');
    expect(f.OrderBy).toBe(TODAY);
    expect(f.Advice).toContain('jetzt bestellen');
    expect(f.Advice).toContain('01.12.2026');
  });

  it('no dealer: no OrderBy, the advice says so', () => {
    const levels = falling('2026-11-16', TODAY, 1200, 20);
    const f = tankForecast({
      litres: 1000,
      levels,
      leadDays: null,
    });
    expect(f.OrderBy).toBeNull();
    expect(f.Advice).toContain('kein Händler');
  });
});

describe('a sudden drop is no consumption', () => {
  // A 5000 L tank burning 20 L a day, at 39.9 % (1995 L) this morning.
  const USABLE = 5000;
  const before = falling('2026-11-16', TODAY, 2195, 20).map((l) => ({ ...l }));
  const forecastOf = (readings: { day: string; litres: number }[]) => {
    const screened = screenReadings(readings, USABLE);
    return {
      screened,
      f: tankForecast({
        litres: screened.litres,
        usableL: USABLE,
        levels: screened.levels,
        drop: screened.drop,
      }),
    };
  };

  it('one reading 39.9 % → 23.7 % minutes later does not move the forecast, and is named', () => {
    const steady = forecastOf(before).f;
    const { f, screened } = forecastOf([...before, { day: TODAY, litres: 1185 }]);
    expect(screened.drop).toMatchObject({ from: 1995, to: 1185, confirmed: false });
    expect(f.PerDay).toBe(steady.PerDay);
    expect(f.DaysLeft).toBe(steady.DaysLeft);
    expect(f.OrderBy).toBe(steady.OrderBy);
    expect(f.OrderBy! > TODAY).toBe(true);
    expect(f.Advice).not.toContain('jetzt bestellen');
    expect(f.Advice).toMatch(
      /^Der letzte Messwert ist ungewöhnlich stark gefallen \(39,9 % → 23,7 %\)/,
    );
  });

  it('a glitch the next reading contradicts is left out without a word', () => {
    const { f, screened } = forecastOf([
      ...before,
      { day: TODAY, litres: 1185 },
      { day: TODAY, litres: 1995 },
    ]);
    expect(screened.drop).toBeNull();
    expect(screened.litres).toBe(1995);
    expect(f.PerDay).toBe(20);
    expect(f.Advice).not.toContain('gefallen');
  });

  it('a drop the next reading confirms is a loss: the new level counts, the rate stays, a leak is named', () => {
    const yesterday = addDays(TODAY, -1);
    const readings = [
      ...before.filter((l) => l.day < TODAY),
      { day: yesterday, litres: 1200 },
      { day: TODAY, litres: 1180 },
    ];
    const { f, screened } = forecastOf(readings);
    expect(screened.drop).toMatchObject({ day: yesterday, confirmed: true });
    expect(screened.litres).toBe(1180);
    expect(f.PerDay).toBe(20);
    expect(f.DaysLeft).toBe(59); // floor(1180 / 20)
    expect(f.Advice).toMatch(/plötzlich um 815 Liter gefallen .* auf ein Leck\. /);
  });
});

describe('price trend', () => {
  const p = (day: string, price: number) => ({ day, price });

  it('compares the first and last price of the last 14 days', () => {
    expect(priceTrend([p('2026-11-01', 50), p('2026-11-12', 100), p(TODAY, 102)], TODAY)).toEqual({
      percent: 2,
      trend: 'steigend',
    });
    expect(priceTrend([p('2026-11-12', 100), p(TODAY, 101.5)], TODAY)).toEqual({
      percent: 1.5,
      trend: 'stabil',
    });
    expect(priceTrend([p('2026-11-12', 100), p(TODAY, 98.4)], TODAY)).toEqual({
      percent: -1.6,
      trend: 'fallend',
    });
  });

  it('is unknown with fewer than two prices', () => {
    expect(priceTrend([], TODAY)).toEqual({ percent: null, trend: 'unbekannt' });
    expect(priceTrend([p('2026-10-01', 90), p(TODAY, 100)], TODAY).trend).toBe('unbekannt');
  });

  it('gives the advice for rising prices when there is time', () => {
    const levels = falling('2026-11-01', TODAY, 3500, 20);
    const f = tankForecast({
      litres: 3000,
      levels,
      prices: [p('2026-11-12', 100), p(TODAY, 103)],
    });
    expect(f.PriceTrend).toBe('steigend');
    expect(f.Advice).toBe(
      'Die Preise steigen: Eine Bestellung in den nächsten Tagen kann sich lohnen, spätestens bis 15.04.2027.',
    );
  });
});
