/**
 * Delivery capacity in the database (decision 023): what the price index's board is
 * built from, the booking inside an order's transaction, its release on cancellation, and the
 * support report's rows.
 *
 * A booking is one statement: `UPDATE delivery_day SET … WHERE <the tour still fits>`.
 * PostgreSQL takes the row lock before it evaluates the condition and re-evaluates it on the
 * newest row version when another transaction held the lock (READ COMMITTED), so however many
 * bookings run at once, each sees every committed one and the last stop goes once. PGlite runs
 * one statement at a time anyway.
 */
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import {
  countryStates,
  dealerBranches,
  dealers,
  deliveryBookings,
  deliveryContingents,
  deliveryDayLoads,
  orders,
  postalCodes,
} from '../../db/schema';
import type { DeliveryWindow } from '../../../src/api/contract/delivery';
import type { DayCapacity, DayLoadRow, DeliveryData, DepotRow } from './capacity';

/** Changes with every booking and release (version +1 each) of the day rows still relevant. */
export async function loadDeliverySignature(db: DbOrTx): Promise<string> {
  const [row] = await db
    .select({
      n: sql<number>`count(*)`.mapWith(Number),
      v: sql<number>`coalesce(sum(${deliveryDayLoads.version}), 0)`.mapWith(Number),
    })
    .from(deliveryDayLoads)
    .where(gte(deliveryDayLoads.day, sql`current_date - 1`));
  return `${row?.n ?? 0}:${row?.v ?? 0}`;
}

/** The booked totals from yesterday on, with their signature read first. */
export async function loadDayLoads(
  db: DbOrTx,
): Promise<{ signature: string; loads: DayLoadRow[] }> {
  const signature = await loadDeliverySignature(db);
  const loads = await db
    .select({
      dealerId: deliveryDayLoads.dealerId,
      depotId: deliveryDayLoads.depotId,
      day: deliveryDayLoads.day,
      morningStops: deliveryDayLoads.morningStops,
      afternoonStops: deliveryDayLoads.afternoonStops,
      allDayStops: deliveryDayLoads.allDayStops,
      litres: deliveryDayLoads.litres,
    })
    .from(deliveryDayLoads)
    .where(gte(deliveryDayLoads.day, sql`current_date - 1`));
  return { signature, loads };
}

/** Depots (seats and branches with their state or canton), contingents and booked totals. */
export async function loadDeliveryData(db: DbOrTx): Promise<DeliveryData> {
  const { signature, loads } = await loadDayLoads(db);
  const [seats, branches, contingents] = await Promise.all([
    db
      .select({
        dealerId: dealers.id,
        place: dealers.place,
        region: countryStates.iso,
        lat: dealers.lat,
        lon: dealers.lon,
      })
      .from(dealers)
      .innerJoin(countryStates, eq(countryStates.id, dealers.stateId))
      .where(eq(dealers.active, true)),
    db
      .select({
        dealerId: dealerBranches.dealerId,
        depotId: dealerBranches.id,
        place: dealerBranches.place,
        // The branch's state from its postal code; the seat's when the code is unknown.
        region: sql<string>`coalesce(
          (select min(cs.iso) from ${postalCodes} pc join ${countryStates} cs on cs.id = pc.state_id
            where pc.zip = ${dealerBranches.zip} and pc.country_id = ${dealers.countryId}),
          ${countryStates.iso})`,
        lat: dealerBranches.lat,
        lon: dealerBranches.lon,
      })
      .from(dealerBranches)
      .innerJoin(dealers, eq(dealers.id, dealerBranches.dealerId))
      .innerJoin(countryStates, eq(countryStates.id, dealers.stateId))
      .where(eq(dealers.active, true)),
    db.select().from(deliveryContingents),
  ]);
  const depots: DepotRow[] = [...seats.map((s) => ({ ...s, depotId: 0 })), ...branches];
  return { depots, contingents, loads, signature };
}

/** One order's part of a tour: its litres and unloading points. */
export interface TourPart {
  orderId: number;
  litres: number;
  stops: number;
}

export interface TourInput {
  dealerId: number;
  depotId: number;
  window: DeliveryWindow;
  /** The orders on the tour (one for a checkout, every household of a group order). */
  parts: readonly TourPart[];
}

/**
 * Books a tour on `day` inside the orders' transaction: one conditional UPDATE adds the parts'
 * litres and stops together only where the sum still fits the day's contingent (`capacity`, as
 * the board computes it; nothing on days off), then each order gets its booking row. True when
 * it fit and is stored; false when the day (or its half) is full, and then nothing was written.
 */
export async function bookTour(
  tx: DbOrTx,
  input: TourInput,
  day: string,
  capacity: DayCapacity,
): Promise<boolean> {
  if (capacity.stops === 0 || input.parts.length === 0) return false;
  const litres = input.parts.reduce((sum, p) => sum + p.litres, 0);
  const stops = input.parts.reduce((sum, p) => sum + p.stops, 0);
  await tx
    .insert(deliveryDayLoads)
    .values({ dealerId: input.dealerId, depotId: input.depotId, day })
    .onConflictDoNothing();
  const morning = input.window === 'vormittags' ? stops : 0;
  const afternoon = input.window === 'nachmittags' ? stops : 0;
  const allDay = input.window === 'ganztags' ? stops : 0;
  const d = deliveryDayLoads;
  const updated = await tx
    .update(d)
    .set({
      morningStops: sql`${d.morningStops} + ${morning}`,
      afternoonStops: sql`${d.afternoonStops} + ${afternoon}`,
      allDayStops: sql`${d.allDayStops} + ${allDay}`,
      litres: sql`${d.litres} + ${litres}`,
      version: sql`${d.version} + 1`,
    })
    .where(
      and(
        eq(d.dealerId, input.dealerId),
        eq(d.depotId, input.depotId),
        eq(d.day, day),
        sql`${d.litres} + ${litres} <= ${capacity.litres}`,
        sql`${d.morningStops} + ${d.afternoonStops} + ${d.allDayStops} + ${stops} <= ${capacity.stops}`,
        sql`${d.morningStops} + ${morning} <= ${capacity.halfStops}`,
        sql`${d.afternoonStops} + ${afternoon} <= ${capacity.halfStops}`,
      ),
    )
    .returning({ day: d.day });
  if (updated.length === 0) return false;
  await tx.insert(deliveryBookings).values(
    input.parts.map((part) => ({
      orderId: part.orderId,
      dealerId: input.dealerId,
      depotId: input.depotId,
      day,
      window: input.window,
      litres: part.litres,
      stops: part.stops,
    })),
  );
  return true;
}

/**
 * Frees an order's booking (a cancellation): the day row gives its stops and litres back and
 * the booking is gone. The released booking, or undefined when the order had none.
 */
export async function releaseBooking(tx: DbOrTx, orderId: number): Promise<boolean> {
  const [booking] = await tx
    .delete(deliveryBookings)
    .where(eq(deliveryBookings.orderId, orderId))
    .returning();
  if (!booking) return false;
  const stops = booking.stops;
  const d = deliveryDayLoads;
  await tx
    .update(d)
    .set({
      morningStops: sql`${d.morningStops} - ${booking.window === 'vormittags' ? stops : 0}`,
      afternoonStops: sql`${d.afternoonStops} - ${booking.window === 'nachmittags' ? stops : 0}`,
      allDayStops: sql`${d.allDayStops} - ${booking.window === 'ganztags' ? stops : 0}`,
      litres: sql`${d.litres} - ${booking.litres}`,
      version: sql`${d.version} + 1`,
    })
    .where(
      and(eq(d.dealerId, booking.dealerId), eq(d.depotId, booking.depotId), eq(d.day, booking.day)),
    );
  return true;
}

/** A dealer's bookings within [from, to] with the order's number and place (support report). */
export async function bookingsOfDealer(db: Db, dealerId: number, from: string, to: string) {
  return db
    .select({
      depotId: deliveryBookings.depotId,
      day: deliveryBookings.day,
      window: deliveryBookings.window,
      litres: deliveryBookings.litres,
      stops: deliveryBookings.stops,
      orderNumber: orders.orderNumber,
      address: orders.deliveryAddress,
    })
    .from(deliveryBookings)
    .innerJoin(orders, eq(orders.id, deliveryBookings.orderId))
    .where(
      and(
        eq(deliveryBookings.dealerId, dealerId),
        gte(deliveryBookings.day, from),
        lte(deliveryBookings.day, to),
      ),
    )
    .orderBy(asc(deliveryBookings.day), asc(orders.orderNumber));
}

/** A dealer's day rows within [from, to]. */
export async function dayLoadsOfDealer(db: Db, dealerId: number, from: string, to: string) {
  return db
    .select()
    .from(deliveryDayLoads)
    .where(
      and(
        eq(deliveryDayLoads.dealerId, dealerId),
        gte(deliveryDayLoads.day, from),
        lte(deliveryDayLoads.day, to),
      ),
    );
}
