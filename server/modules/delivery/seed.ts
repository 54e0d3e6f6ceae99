/**
 * The dealers' delivery contingents: for every depot (seat and branch) without one,
 * twelve months of trucks and litres per working day. Fictitious like the dealers themselves,
 * but shaped like the trade: a seat runs one to three trucks through the portal, a branch one or
 * two; the heating season (October to February) adds trucks and drivers, summer takes them away.
 * Idempotent: a depot that has rows keeps them (staff may have changed them).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deliveryContingents } from '../../db/schema';

/** Share of the year's average, January to December. */
export const SEASON = [1.2, 1.1, 0.9, 0.8, 0.7, 0.7, 0.7, 0.8, 1.0, 1.3, 1.4, 1.3] as const;

/** Litres a truck delivers on a working day (two half-day tours of about 11,000 L). */
export const LITRES_PER_TRUCK_DAY = 22_000;

/** A stable spread of 0…n−1 over ids (Knuth's multiplicative hash). */
function spread(id: number, n: number): number {
  return (Math.imul(id, 2654435761) >>> 0) % n;
}

export function contingentsOf(dealerId: number, depotId: number) {
  const trucks = depotId === 0 ? 1 + spread(dealerId, 3) : 1 + spread(depotId, 2);
  return SEASON.map((factor, i) => {
    const tours = Math.max(1, Math.round(trucks * factor));
    return { dealerId, depotId, month: i + 1, tours, litres: tours * LITRES_PER_TRUCK_DAY };
  });
}

export async function seedDeliveryContingents(db: Db): Promise<number> {
  const result: unknown = await db.execute(sql`
    select d.id as dealer_id, 0 as depot_id from dealer d
      where not exists (select 1 from delivery_contingent c where c.dealer_id = d.id and c.depot_id = 0)
    union all
    select b.dealer_id, b.id as depot_id from dealer_branch b
      where not exists (select 1 from delivery_contingent c where c.dealer_id = b.dealer_id and c.depot_id = b.id)`);
  const missing = (result as { rows: { dealer_id: number | string; depot_id: number | string }[] })
    .rows;
  const rows = missing.flatMap((r) => contingentsOf(Number(r.dealer_id), Number(r.depot_id)));
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insert(deliveryContingents)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing();
  }
  return rows.length;
}
