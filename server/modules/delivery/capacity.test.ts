import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WorkingCalendar } from './calendar';
import {
  capacityOf,
  DeliveryBoard,
  EMPTY_LOAD,
  fits,
  STOPS_PER_TOUR,
  withBooking,
  type Need,
} from './capacity';

const need = (window: Need['window'], stops = 1, litres = 3000): Need => ({
  window,
  stops,
  litres,
});

describe('fits: the capacity arithmetic', () => {
  const two = capacityOf({ tours: 2, litres: 44_000 }); // 10 stops per half day, 20 per day

  it('a half day takes tours × 5 stops, the day twice that', () => {
    expect(two).toEqual({ tours: 2, halfStops: 2 * STOPS_PER_TOUR, stops: 20, litres: 44_000 });
  });

  it('a morning takes exactly its half, then refuses; the afternoon is still free', () => {
    let load = EMPTY_LOAD;
    for (let i = 0; i < 10; i += 1) {
      expect(fits(two, load, need('vormittags', 1, 500))).toBe(true);
      load = withBooking(load, need('vormittags', 1, 500));
    }
    expect(fits(two, load, need('vormittags', 1, 500))).toBe(false);
    expect(fits(two, load, need('nachmittags', 1, 500))).toBe(true);
    expect(fits(two, load, need('ganztags', 1, 500))).toBe(true);
  });

  it('whole-day bookings count against the day: a full day refuses every window', () => {
    let load = EMPTY_LOAD;
    for (let i = 0; i < 20; i += 1) load = withBooking(load, need('ganztags', 1, 500));
    for (const window of ['ganztags', 'vormittags', 'nachmittags'] as const) {
      expect(fits(two, load, need(window, 1, 500))).toBe(false);
    }
  });

  it('litres limit the day too, and unloading points take a stop each', () => {
    expect(
      fits(two, withBooking(EMPTY_LOAD, need('ganztags', 1, 42_000)), need('ganztags', 1, 3000)),
    ).toBe(false);
    expect(fits(two, EMPTY_LOAD, need('vormittags', 11, 5500))).toBe(false);
    expect(fits(two, EMPTY_LOAD, need('vormittags', 10, 5000))).toBe(true);
    expect(fits(capacityOf({ tours: 0, litres: 0 }), EMPTY_LOAD, need('ganztags'))).toBe(false);
  });

  it('whatever the order of bookings, what fits never exceeds the capacity (property)', () => {
    const arbitraryNeed = fc.record({
      window: fc.constantFrom('ganztags' as const, 'vormittags' as const, 'nachmittags' as const),
      stops: fc.integer({ min: 1, max: 4 }),
      litres: fc.integer({ min: 500, max: 12_000 }),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.array(arbitraryNeed, { maxLength: 80 }),
        (tours, needs) => {
          const capacity = capacityOf({ tours, litres: tours * 22_000 });
          let load = EMPTY_LOAD;
          for (const n of needs) if (fits(capacity, load, n)) load = withBooking(load, n);
          expect(load.litres).toBeLessThanOrEqual(capacity.litres);
          expect(load.morningStops).toBeLessThanOrEqual(capacity.halfStops);
          expect(load.afternoonStops).toBeLessThanOrEqual(capacity.halfStops);
          expect(load.morningStops + load.afternoonStops + load.allDayStops).toBeLessThanOrEqual(
            capacity.stops,
          );
        },
      ),
    );
  });
});

describe('DeliveryBoard', () => {
  const calendar = new WorkingCalendar();
  const board = () =>
    new DeliveryBoard(
      {
        depots: [
          { dealerId: 7, depotId: 0, place: 'München', region: 'DE-BY', lat: 48.14, lon: 11.58 },
          { dealerId: 7, depotId: 70, place: 'Hamburg', region: 'DE-HH', lat: 53.55, lon: 10.0 },
        ],
        contingents: [
          // June: one truck in Munich, two in Hamburg.
          { dealerId: 7, depotId: 0, month: 6, tours: 1, litres: 22_000 },
          { dealerId: 7, depotId: 70, month: 6, tours: 2, litres: 44_000 },
        ],
        loads: [
          {
            dealerId: 7,
            depotId: 0,
            day: '2026-06-05',
            morningStops: 5,
            afternoonStops: 0,
            allDayStops: 0,
            litres: 15_000,
          },
        ],
        signature: '1:1',
      },
      calendar,
    );
  // Wednesday 3 June 2026, 10:00 in Germany (08:00 UTC): Corpus Christi is the next day.
  const wednesday = new Date('2026-06-03T08:00:00Z');

  it('delivers from the nearest depot', () => {
    expect(board().depotFor(7, { lat: 48.1, lon: 11.5 })?.place).toBe('München');
    expect(board().depotFor(7, { lat: 53.6, lon: 10.1 })?.place).toBe('Hamburg');
    expect(board().depotFor(8, { lat: 53.6, lon: 10.1 })).toBeUndefined();
  });

  it('skips the Bavarian holiday in Munich but not in Hamburg, and a full morning', () => {
    const b = board();
    const munich = b.depotFor(7, { lat: 48.1, lon: 11.5 })!;
    const hamburg = b.depotFor(7, { lat: 53.6, lon: 10.1 })!;
    const express = (depot: typeof munich) => b.period(depot, wednesday, 1, 2);
    // Munich: Thursday 4 June is Corpus Christi, so the period is Friday and Monday.
    expect(express(munich)).toEqual({
      from: '2026-06-05',
      to: '2026-06-08',
      days: ['2026-06-05', '2026-06-08'],
    });
    expect(express(hamburg)).toMatchObject({ from: '2026-06-04', to: '2026-06-05' });
    // Standard (3–15 working days from Wednesday afternoon's processing day, Friday 5 June).
    expect(b.period(munich, new Date('2026-06-03T13:00:00Z'), 3, 15).days).toHaveLength(13);
    // Friday's morning in Munich is full (5 of 5 stops); its afternoon is not.
    expect(b.earliest(munich, express(munich), need('vormittags'))).toBe('2026-06-08');
    expect(b.earliest(munich, express(munich), need('nachmittags'))).toBe('2026-06-05');
    // 15,000 L booked of 22,000: 8,000 L more do not fit that day.
    expect(b.earliest(munich, express(munich), need('nachmittags', 1, 8000))).toBe('2026-06-08');
    expect(b.slots(hamburg, express(hamburg), need('ganztags'))).toEqual([
      { Date: '2026-06-04', Window: 'ganztags' },
      { Date: '2026-06-05', Window: 'ganztags' },
    ]);
  });

  it('a booking patched in takes the day; a release gives it back', () => {
    const b = board();
    const munich = b.depotFor(7, { lat: 48.1, lon: 11.5 })!;
    const period = b.period(munich, wednesday, 1, 2);
    for (let i = 0; i < 5; i += 1) b.addBooking(munich, '2026-06-05', need('nachmittags', 1, 100));
    expect(b.earliest(munich, period, need('nachmittags', 1, 100))).toBe('2026-06-08');
    b.addBooking(munich, '2026-06-05', need('nachmittags', 1, 100), -1);
    expect(b.earliest(munich, period, need('nachmittags', 1, 100))).toBe('2026-06-05');
  });

  it('the regional load: normal when little is booked, high when nearly everything is', () => {
    const b = board();
    const hamburg = b.depotFor(7, { lat: 53.6, lon: 10.1 })!;
    expect(b.regionalLoad([hamburg], wednesday)).toBe('normal');
    let day = '2026-06-03';
    for (let i = 0; i < 10; i += 1) {
      day = calendar.nextWorkingDay('DE-HH', day);
      for (let s = 0; s < 17; s += 1) b.addBooking(hamburg, day, need('ganztags', 1, 500));
    }
    expect(b.regionalLoad([hamburg], wednesday)).toBe('high');
  });
});
