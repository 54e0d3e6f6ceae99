/**
 * Delivery capacity (decision 023), pure: no I/O. The price index holds one
 * `DeliveryBoard` beside its dealers (price-index.ts) and the calculation asks it, per offer,
 * for the earliest free day; the order's transaction books against the database's day rows with
 * the same `fits` rule (repo.ts), so the board only ever decides what is shown, never what is
 * booked.
 *
 * The model. A dealer delivers from depots: its seat (depot 0) and each branch (depot = branch
 * id); an order is delivered from the depot nearest to its postal code. Per depot and month the
 * dealer gives the portal a contingent per working day: `tours` trucks per half day and `litres`.
 * A tour makes at most STOPS_PER_TOUR deliveries, so a half day (vormittags 7–12, nachmittags
 * 12–17) takes tours × 5 stops and the whole day twice that. A booking takes one stop per
 * unloading point and its litres; "ganztags" may go into either half (the dealer decides), so it
 * only counts against the day:
 *   litres + booked litres ≤ day litres
 *   stops + all stops of the day ≤ 2 × half
 *   vormittags: stops + morning stops ≤ half;  nachmittags: stops + afternoon stops ≤ half
 */
import type {
  DeliveryLoad,
  DeliverySlot,
  DeliveryWindow,
} from '../../../src/api/contract/delivery';
import { haversineKm, type GeoPoint } from '../../../src/lib/geo';
import { addDays } from '../../../src/lib/dates';
import { scheduleEpoch, type Region, type WorkingCalendar } from './calendar';

/** Deliveries one truck makes on a half-day tour. */
export const STOPS_PER_TOUR = 5;

/** How far ahead a delivery may be booked (calendar days from today); the board holds these. */
export const BOOKING_HORIZON_DAYS = 60;

/** The regional hint looks at this many working days from the first possible delivery. */
export const LOAD_HINT_WORKING_DAYS = 10;

/** A dealer without a contingent of its own (one added after the seed): one truck, 25,000 L. */
export const DEFAULT_CONTINGENT = { tours: 1, litres: 25_000 } as const;

/** The "Lieferzeitfenster" options (SPEC §3 group 5): 9 ganztags, 8 vormittags, 10 nachmittags. */
export const WINDOW_OF_PARAMETER: Readonly<Record<number, DeliveryWindow>> = {
  9: 'ganztags',
  8: 'vormittags',
  10: 'nachmittags',
};

/** A window as stored (delivery_booking.window, text): anything unknown is the whole day. */
export function storedWindow(value: string): DeliveryWindow {
  return value === 'vormittags' || value === 'nachmittags' ? value : 'ganztags';
}

export function windowOfParameter(parameterId: number | undefined): DeliveryWindow {
  return (parameterId !== undefined && WINDOW_OF_PARAMETER[parameterId]) || 'ganztags';
}

// ---------------------------------------------------------------------------------------------
// Rows (repo.ts reads them)

export interface DepotRow {
  dealerId: number;
  /** 0: the dealer's seat; else the dealer_branch id. */
  depotId: number;
  /** The town the tours start in. */
  place: string;
  region: Region;
  lat: number;
  lon: number;
}

export interface ContingentRow {
  dealerId: number;
  depotId: number;
  /** 1–12 */
  month: number;
  tours: number;
  litres: number;
}

export interface DayLoadRow {
  dealerId: number;
  depotId: number;
  day: string;
  morningStops: number;
  afternoonStops: number;
  allDayStops: number;
  litres: number;
}

export interface DeliveryData {
  depots: DepotRow[];
  contingents: ContingentRow[];
  /** Booked totals from yesterday on (day rows of the database). */
  loads: DayLoadRow[];
  /** Changes with every booking and release; read BEFORE the loads. */
  signature: string;
}

// ---------------------------------------------------------------------------------------------
// The rule

export interface DayCapacity {
  tours: number;
  /** Stops per half day. */
  halfStops: number;
  /** Stops per day (both halves). */
  stops: number;
  litres: number;
}

export interface DayLoad {
  morningStops: number;
  afternoonStops: number;
  allDayStops: number;
  litres: number;
}

export const EMPTY_LOAD: DayLoad = {
  morningStops: 0,
  afternoonStops: 0,
  allDayStops: 0,
  litres: 0,
};

export interface Need {
  litres: number;
  /** Unloading points. */
  stops: number;
  window: DeliveryWindow;
}

export function capacityOf(contingent: { tours: number; litres: number }): DayCapacity {
  const halfStops = contingent.tours * STOPS_PER_TOUR;
  return { tours: contingent.tours, halfStops, stops: 2 * halfStops, litres: contingent.litres };
}

/** Whether a booking of `need` still fits a day with this capacity and load. */
export function fits(capacity: DayCapacity, load: DayLoad, need: Need): boolean {
  if (load.litres + need.litres > capacity.litres) return false;
  const stops = load.morningStops + load.afternoonStops + load.allDayStops;
  if (stops + need.stops > capacity.stops) return false;
  if (need.window === 'vormittags') return load.morningStops + need.stops <= capacity.halfStops;
  if (need.window === 'nachmittags') {
    return load.afternoonStops + need.stops <= capacity.halfStops;
  }
  return true;
}

/** A load with a booking added (or released, with sign −1). */
export function withBooking(load: DayLoad, need: Need, sign: 1 | -1 = 1): DayLoad {
  const stops = sign * need.stops;
  return {
    morningStops: load.morningStops + (need.window === 'vormittags' ? stops : 0),
    afternoonStops: load.afternoonStops + (need.window === 'nachmittags' ? stops : 0),
    allDayStops: load.allDayStops + (need.window === 'ganztags' ? stops : 0),
    litres: load.litres + sign * need.litres,
  };
}

// ---------------------------------------------------------------------------------------------
// The board

export interface Depot {
  key: string;
  dealerId: number;
  depotId: number;
  place: string;
  region: Region;
  point: GeoPoint;
  /** Index 0–11: January–December, as capacities of a working day. */
  capacities: readonly DayCapacity[];
}

const depotKey = (dealerId: number, depotId: number) => `${dealerId}:${depotId}`;

/** The period an offer may be delivered in: working days after the processing day. */
export interface Period {
  from: string;
  to: string;
  /** Every working day of the period, in order. */
  days: readonly string[];
}

const NO_CAPACITY = capacityOf({ tours: 0, litres: 0 });

export class DeliveryBoard {
  private readonly depotsByDealer = new Map<number, Depot[]>();
  private loads = new Map<string, DayLoad>();
  private signatureValue: string;
  /**
   * Periods and hint days per region for the current epoch (calendar.ts scheduleEpoch): a
   * calculation asks for the same few dozen and the calendar walk costs microseconds a day.
   */
  private memo = new Map<string, Period>();
  private memoEpoch = '';
  /** The last clock reading asked about: one calculation asks with the same Date many times. */
  private lastNow: Date | undefined;

  constructor(
    data: DeliveryData,
    readonly calendar: WorkingCalendar,
  ) {
    const contingents = new Map<string, { tours: number; litres: number }[]>();
    for (const row of data.contingents) {
      const key = depotKey(row.dealerId, row.depotId);
      let months = contingents.get(key);
      if (!months) contingents.set(key, (months = []));
      months[row.month - 1] = { tours: row.tours, litres: row.litres };
    }
    for (const row of data.depots) {
      const key = depotKey(row.dealerId, row.depotId);
      const months = contingents.get(key) ?? [];
      const depot: Depot = {
        key,
        dealerId: row.dealerId,
        depotId: row.depotId,
        place: row.place,
        region: row.region,
        point: { lat: row.lat, lon: row.lon },
        capacities: Array.from({ length: 12 }, (_, i) =>
          capacityOf(months[i] ?? DEFAULT_CONTINGENT),
        ),
      };
      const list = this.depotsByDealer.get(row.dealerId);
      if (list) list.push(depot);
      else this.depotsByDealer.set(row.dealerId, [depot]);
    }
    this.signatureValue = data.signature;
    this.setLoads(data.loads);
  }

  get signature(): string {
    return this.signatureValue;
  }

  /** The booked totals as read from the database (and their signature, read before them). */
  applyLoads(loads: readonly DayLoadRow[], signature: string): void {
    this.setLoads(loads);
    this.signatureValue = signature;
  }

  private setLoads(rows: readonly DayLoadRow[]): void {
    const loads = new Map<string, DayLoad>();
    for (const row of rows) {
      loads.set(`${depotKey(row.dealerId, row.depotId)}|${row.day}`, {
        morningStops: row.morningStops,
        afternoonStops: row.afternoonStops,
        allDayStops: row.allDayStops,
        litres: row.litres,
      });
    }
    this.loads = loads;
  }

  /**
   * A booking this process just committed: shown on its next calculation without waiting for
   * the change check (which then reads the database's totals anyway).
   */
  addBooking(depot: Depot, day: string, need: Need, sign: 1 | -1 = 1): void {
    const key = `${depot.key}|${day}`;
    this.loads.set(key, withBooking(this.loads.get(key) ?? EMPTY_LOAD, need, sign));
  }

  /** The depot an order to `point` is delivered from: the nearest of seat and branches. */
  depotFor(dealerId: number, point: GeoPoint): Depot | undefined {
    const depots = this.depotsByDealer.get(dealerId);
    if (!depots) return undefined;
    let best = depots[0];
    let bestKm = Infinity;
    for (const depot of depots) {
      const km = haversineKm(depot.point, point);
      if (km < bestKm) {
        best = depot;
        bestKm = km;
      }
    }
    return best;
  }

  /** Every depot's state or canton (the holiday calendars to build). */
  regions(): Region[] {
    return [...new Set([...this.depotsByDealer.values()].flat().map((d) => d.region))];
  }

  depots(dealerId: number): readonly Depot[] {
    return this.depotsByDealer.get(dealerId) ?? [];
  }

  /** The contingent of a day; nothing on weekends and holidays. */
  capacity(depot: Depot, day: string): DayCapacity {
    if (!this.calendar.isWorkingDay(depot.region, day)) return NO_CAPACITY;
    return this.workingDayCapacity(depot, day);
  }

  /** The contingent of a day known to be a working day. */
  private workingDayCapacity(depot: Depot, day: string): DayCapacity {
    return depot.capacities[Number(day.slice(5, 7)) - 1] ?? NO_CAPACITY;
  }

  private remembered(now: Date, key: string, make: () => Period): Period {
    if (now !== this.lastNow) {
      this.lastNow = now;
      const epoch = scheduleEpoch(now);
      if (epoch !== this.memoEpoch) {
        this.memo.clear();
        this.memoEpoch = epoch;
      }
    }
    let period = this.memo.get(key);
    if (!period) {
      period = make();
      this.memo.set(key, period);
    }
    return period;
  }

  load(depot: Depot, day: string): DayLoad {
    return this.loads.get(`${depot.key}|${day}`) ?? EMPTY_LOAD;
  }

  /**
   * The period of a delivery time: from `leadDays` to `deliveryDays` working days after the
   * day the order is processed (calendar.ts ORDER_CUTOFF), never beyond the booking horizon.
   */
  period(depot: Depot, now: Date, leadDays: number, deliveryDays: number): Period {
    const region = depot.region;
    return this.remembered(now, `${region}|${leadDays}|${deliveryDays}`, () => {
      const processing = this.calendar.processingDay(region, now);
      const horizon = addDays(processing, BOOKING_HORIZON_DAYS);
      const days: string[] = [];
      let day = processing;
      for (let n = 1; n <= Math.max(deliveryDays, leadDays, 1); n += 1) {
        day = this.calendar.nextWorkingDay(region, day);
        if (day > horizon) break;
        if (n >= Math.max(1, leadDays)) days.push(day);
      }
      return { from: days[0] ?? horizon, to: days[days.length - 1] ?? horizon, days };
    });
  }

  /** The days within the period that still take `need`, earliest first, at most `limit`. */
  freeDays(depot: Depot, period: Period, need: Need, limit = Infinity): string[] {
    const free: string[] = [];
    for (const day of period.days) {
      if (free.length >= limit) break;
      if (fits(this.workingDayCapacity(depot, day), this.load(depot, day), need)) free.push(day);
    }
    return free;
  }

  earliest(depot: Depot, period: Period, need: Need): string | undefined {
    return this.freeDays(depot, period, need, 1)[0];
  }

  slots(depot: Depot, period: Period, need: Need): DeliverySlot[] {
    return this.freeDays(depot, period, need).map((Date) => ({ Date, Window: need.window }));
  }

  /**
   * "Lieferzeiten in Ihrer Region": the booked share of these depots' contingents over the
   * working days of the next two weeks, the larger of the litre and the stop share.
   */
  regionalLoad(depots: readonly Depot[], now: Date): DeliveryLoad {
    let capacityLitres = 0;
    let bookedLitres = 0;
    let capacityStops = 0;
    let bookedStops = 0;
    for (const depot of depots) {
      for (const day of this.period(depot, now, 1, LOAD_HINT_WORKING_DAYS).days) {
        const capacity = this.workingDayCapacity(depot, day);
        const load = this.load(depot, day);
        capacityLitres += capacity.litres;
        bookedLitres += load.litres;
        capacityStops += capacity.stops;
        bookedStops += load.morningStops + load.afternoonStops + load.allDayStops;
      }
    }
    const share = Math.max(
      capacityLitres > 0 ? bookedLitres / capacityLitres : 0,
      capacityStops > 0 ? bookedStops / capacityStops : 0,
    );
    return share >= 0.8 ? 'high' : share >= 0.5 ? 'elevated' : 'normal';
  }
}
