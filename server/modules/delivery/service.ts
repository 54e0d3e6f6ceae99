/**
 * The support report of a dealer's deliveries: per working day of the next 30
 * calendar days and depot, the contingent, the booked totals (from the database, not the index:
 * support sees the truth) and the bookings with their orders.
 */
import type {
  DeliveryBookingsResponse,
  DeliveryDayReport,
} from '../../../src/api/contract/delivery';
import { addDays, berlinDay } from '../../../src/lib/dates';
import type { Db } from '../../db/client';
import { storedWindow, type DeliveryBoard } from './capacity';
import { bookingsOfDealer, dayLoadsOfDealer } from './repo';

/** The dealer a report is of: what the report names (a dealers contact fits). */
export interface ReportDealer {
  id: number;
  name: string;
}

export const REPORT_DAYS = 30;

export async function deliveryReport(
  db: Db,
  board: DeliveryBoard,
  dealer: ReportDealer,
  now: Date,
): Promise<DeliveryBookingsResponse> {
  const from = berlinDay(now);
  const to = addDays(from, REPORT_DAYS);
  const [loads, bookings] = await Promise.all([
    dayLoadsOfDealer(db, dealer.id, from, to),
    bookingsOfDealer(db, dealer.id, from, to),
  ]);
  const loadOf = new Map(loads.map((l) => [`${l.depotId}|${l.day}`, l]));
  const depots = board.depots(dealer.id);
  const days: DeliveryDayReport[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    for (const depot of depots) {
      const capacity = board.capacity(depot, day);
      if (capacity.stops === 0) continue; // weekend or holiday at this depot
      const load = loadOf.get(`${depot.depotId}|${day}`);
      days.push({
        Date: day,
        Depot: depot.depotId === 0 ? `${depot.place} (Sitz)` : `Niederlassung ${depot.place}`,
        Tours: capacity.tours,
        CapacityLitres: capacity.litres,
        BookedLitres: load?.litres ?? 0,
        CapacityStops: capacity.stops,
        MorningStops: load?.morningStops ?? 0,
        AfternoonStops: load?.afternoonStops ?? 0,
        AllDayStops: load?.allDayStops ?? 0,
        Bookings: bookings
          .filter((b) => b.day === day && b.depotId === depot.depotId)
          .map((b) => ({
            OrderNumber: b.orderNumber,
            Window: storedWindow(b.window),
            Litres: b.litres,
            Stops: b.stops,
            ZipCode: b.address.zip,
            Place: b.address.place,
          })),
      });
    }
  }
  return { DealerId: dealer.id, DealerName: dealer.name, Days: days };
}
