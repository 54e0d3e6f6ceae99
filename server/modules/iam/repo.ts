/** Queries of adverts, campaigns, slots and slot items. */
import { asc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { advertSlotItems, advertSlots, adverts, campaigns } from '../../db/schema';

export type AdvertRow = typeof adverts.$inferSelect;
export type CampaignRow = typeof campaigns.$inferSelect;
export type SlotRow = typeof advertSlots.$inferSelect;
export type SlotItemRow = typeof advertSlotItems.$inferSelect;

/** A database handle or a transaction. */
export type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

// Adverts

export function allAdverts(db: Tx): Promise<AdvertRow[]> {
  return db.select().from(adverts).orderBy(asc(adverts.name), asc(adverts.id));
}

export async function advertById(db: Tx, id: number): Promise<AdvertRow | undefined> {
  const [row] = await db.select().from(adverts).where(eq(adverts.id, id));
  return row;
}

export async function advertIdsExisting(db: Tx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: adverts.id })
    .from(adverts)
    .where(inArray(adverts.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

// Campaigns

export function allCampaigns(db: Tx): Promise<CampaignRow[]> {
  return db.select().from(campaigns).orderBy(asc(campaigns.name), asc(campaigns.id));
}

export async function campaignById(db: Tx, id: number): Promise<CampaignRow | undefined> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  return row;
}

export async function campaignIdsExisting(db: Tx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(inArray(campaigns.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

// Slots

export function allSlots(db: Tx): Promise<SlotRow[]> {
  return db.select().from(advertSlots).orderBy(asc(advertSlots.slotKey));
}

export async function slotById(db: Tx, id: number): Promise<SlotRow | undefined> {
  const [row] = await db.select().from(advertSlots).where(eq(advertSlots.id, id));
  return row;
}

export async function slotByKey(db: Tx, slotKey: string): Promise<SlotRow | undefined> {
  const [row] = await db.select().from(advertSlots).where(eq(advertSlots.slotKey, slotKey));
  return row;
}

/** Items of some slots, in the order they were saved (the house fallback takes the first). */
export function itemsOfSlots(db: Tx, slotIds: readonly number[]): Promise<SlotItemRow[]> {
  if (slotIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(advertSlotItems)
    .where(inArray(advertSlotItems.slotId, [...slotIds]))
    .orderBy(asc(advertSlotItems.slotId), asc(advertSlotItems.id));
}

export async function replaceSlotItems(
  db: Tx,
  slotId: number,
  items: readonly { CampaignId: number; AdvertId: number }[],
): Promise<void> {
  await db.delete(advertSlotItems).where(eq(advertSlotItems.slotId, slotId));
  if (items.length === 0) return;
  // One insert keeps the given order in the ids (serial in VALUES order).
  await db
    .insert(advertSlotItems)
    .values(items.map((i) => ({ slotId, campaignId: i.CampaignId, advertId: i.AdvertId })));
}

/** A slot's items with their campaign (public slot answer). */
export function slotItemsWithCampaign(db: Tx, slotId: number) {
  return db
    .select({
      id: advertSlotItems.id,
      slotId: advertSlotItems.slotId,
      advertId: advertSlotItems.advertId,
      campaignTypeId: campaigns.campaignTypeId,
      weight: campaigns.weight,
      startsAt: campaigns.startsAt,
      endsAt: campaigns.endsAt,
      countryIds: campaigns.countryIds,
      zipRanges: campaigns.zipRanges,
      active: campaigns.active,
    })
    .from(advertSlotItems)
    .innerJoin(campaigns, eq(campaigns.id, advertSlotItems.campaignId))
    .where(eq(advertSlotItems.slotId, slotId))
    .orderBy(asc(advertSlotItems.id));
}

/** Where adverts or campaigns are placed: slot, campaign and advert of every matching item. */
export function usageOf(db: Tx, of: { advertIds?: number[]; campaignIds?: number[] }) {
  const conditions = [
    ...(of.advertIds?.length ? [inArray(advertSlotItems.advertId, of.advertIds)] : []),
    ...(of.campaignIds?.length ? [inArray(advertSlotItems.campaignId, of.campaignIds)] : []),
  ];
  const query = db
    .select({
      itemId: advertSlotItems.id,
      slotId: advertSlots.id,
      slotKey: advertSlots.slotKey,
      slotName: advertSlots.name,
      campaignId: campaigns.id,
      campaignName: campaigns.name,
      advertId: adverts.id,
      advertName: adverts.name,
    })
    .from(advertSlotItems)
    .innerJoin(advertSlots, eq(advertSlots.id, advertSlotItems.slotId))
    .innerJoin(campaigns, eq(campaigns.id, advertSlotItems.campaignId))
    .innerJoin(adverts, eq(adverts.id, advertSlotItems.advertId));
  return (conditions.length > 0 ? query.where(or(...conditions)) : query).orderBy(
    asc(advertSlots.slotKey),
    asc(advertSlotItems.id),
  );
}
export type UsageRow = Awaited<ReturnType<typeof usageOf>>[number];
