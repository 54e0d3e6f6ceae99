/**
 * The ad manager's slots (SPEC §4, §7 /api/iam/admin/slots): a slot with its items, each change
 * checked (unique key, existing campaigns and adverts) and written to the audit log in the same
 * transaction.
 */
import { eq } from 'drizzle-orm';
import type { Deleted, Slot, SlotBody } from '../../../src/api/contract/iam';
import type { Db } from '../../db/client';
import { advertSlots } from '../../db/schema';
import { recordAudit, type AuditActor } from '../audit';
import { notFound, ok, same, type Outcome } from './outcome';
import { slotSummary } from './public';
import {
  advertIdsExisting,
  allSlots,
  campaignIdsExisting,
  itemsOfSlots,
  replaceSlotItems,
  slotById,
  slotByKey,
  type SlotItemRow,
  type SlotRow,
  type Tx,
} from './repo';

function slotOut(s: SlotRow, items: readonly SlotItemRow[]): Slot {
  return {
    ...slotSummary(s),
    UpdatedAt: s.updatedAt.toISOString(),
    Items: items
      .filter((i) => i.slotId === s.id)
      .map((i) => ({ Id: i.id, CampaignId: i.campaignId, AdvertId: i.advertId })),
  };
}

/** The slot's fields (the id is the audit entry's) and items, for its history. */
function slotSnapshot(s: SlotRow, items: readonly SlotItemRow[] | SlotBody['Items']) {
  const { Id: _id, ...fields } = slotSummary(s);
  return {
    ...fields,
    Items: items.map((i) =>
      'CampaignId' in i
        ? { CampaignId: i.CampaignId, AdvertId: i.AdvertId }
        : { CampaignId: i.campaignId, AdvertId: i.advertId },
    ),
  };
}

export async function listSlotsForStaff(db: Tx): Promise<Slot[]> {
  const slots = await allSlots(db);
  const items = await itemsOfSlots(
    db,
    slots.map((s) => s.id),
  );
  return slots.map((s) => slotOut(s, items));
}

export async function getSlot(db: Tx, id: number): Promise<Slot | null> {
  const slot = await slotById(db, id);
  if (!slot) return null;
  return slotOut(slot, await itemsOfSlots(db, [id]));
}

const SLOT_KEY_TAKEN = (key: string) =>
  `Den Schlüssel „${key}“ hat schon eine andere Platzierung. Bitte einen anderen wählen.`;

/** The first item naming a campaign or advert that does not exist, as a German message. */
async function missingReference(tx: Tx, items: SlotBody['Items']): Promise<string | null> {
  const campaignIds = [...new Set(items.map((i) => i.CampaignId))];
  const advertIds = [...new Set(items.map((i) => i.AdvertId))];
  const [haveCampaigns, haveAdverts] = await Promise.all([
    campaignIdsExisting(tx, campaignIds),
    advertIdsExisting(tx, advertIds),
  ]);
  const campaign = campaignIds.find((id) => !haveCampaigns.has(id));
  if (campaign !== undefined) return `Die Kampagne ${campaign} gibt es nicht (mehr).`;
  const advert = advertIds.find((id) => !haveAdverts.has(id));
  if (advert !== undefined) return `Die Anzeige ${advert} gibt es nicht (mehr).`;
  return null;
}

/** PostgreSQL 23505 (unique violation), wherever the driver or Drizzle put it. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (typeof e === 'object' && (e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

function slotValues(body: SlotBody) {
  return {
    slotKey: body.SlotKey,
    name: body.Name,
    slotTypeId: body.SlotTypeId,
    appliesZipFiltering: body.AppliesZipFiltering,
    width: body.Width,
    height: body.Height,
  };
}

class Refused extends Error {
  constructor(readonly outcome: Outcome<never>) {
    super('refused');
  }
}

/**
 * Runs a slot change; a refusal rolls the transaction back and becomes the outcome, and so does
 * a key another slot took in the meantime (unique violation).
 */
async function slotChange(db: Db, body: SlotBody, work: (tx: Db) => Promise<Outcome<Slot>>) {
  try {
    return await db.transaction(async (tx) => {
      const outcome = await work(tx);
      if (outcome.kind !== 'ok') throw new Refused(outcome);
      return outcome;
    });
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    if (isUniqueViolation(error)) {
      return { kind: 'conflict', message: SLOT_KEY_TAKEN(body.SlotKey) } as const;
    }
    throw error;
  }
}

/** Why the body cannot be saved (for slot `id`): its key is another slot's, or an item's reference is gone. */
async function refusal(tx: Tx, body: SlotBody, id?: number): Promise<Outcome<never> | null> {
  const owner = await slotByKey(tx, body.SlotKey);
  if (owner && owner.id !== id) return { kind: 'conflict', message: SLOT_KEY_TAKEN(body.SlotKey) };
  const missing = await missingReference(tx, body.Items);
  return missing ? { kind: 'invalid', message: missing } : null;
}

/** Saves the slot's items and writes the change, with the slot as it is now, to its history. */
async function saveItems(
  tx: Db,
  actor: AuditActor,
  row: SlotRow,
  body: SlotBody,
  change: { action: 'create' } | { action: 'update'; before: ReturnType<typeof slotSnapshot> },
): Promise<Outcome<Slot>> {
  await replaceSlotItems(tx, row.id, body.Items);
  const items = await itemsOfSlots(tx, [row.id]);
  await recordAudit(tx, actor, {
    objectType: 'slot',
    objectId: row.id,
    ...change,
    after: slotSnapshot(row, items),
  });
  return ok(slotOut(row, items));
}

export async function createSlot(
  db: Db,
  actor: AuditActor,
  body: SlotBody,
): Promise<Outcome<Slot>> {
  return slotChange(db, body, async (tx) => {
    const refused = await refusal(tx, body);
    if (refused) return refused;
    const [row] = await tx.insert(advertSlots).values(slotValues(body)).returning();
    if (!row) throw new Error('slot insert returned no row');
    return saveItems(tx, actor, row, body, { action: 'create' });
  });
}

export async function updateSlot(
  db: Db,
  actor: AuditActor,
  id: number,
  body: SlotBody,
): Promise<Outcome<Slot>> {
  return slotChange(db, body, async (tx) => {
    const before = await slotById(tx, id);
    if (!before) return notFound;
    const refused = await refusal(tx, body, id);
    if (refused) return refused;
    const itemsBefore = await itemsOfSlots(tx, [id]);
    const snapshotBefore = slotSnapshot(before, itemsBefore);
    const values = slotValues(body);
    if (same(snapshotBefore, slotSnapshot({ ...before, ...values }, body.Items))) {
      return ok(slotOut(before, itemsBefore));
    }
    const [row] = await tx
      .update(advertSlots)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(advertSlots.id, id))
      .returning();
    if (!row) return notFound;
    return saveItems(tx, actor, row, body, { action: 'update', before: snapshotBefore });
  });
}

export async function deleteSlot(db: Db, actor: AuditActor, id: number): Promise<Outcome<Deleted>> {
  const result = await db.transaction(async (tx) => {
    const before = await slotById(tx, id);
    if (!before) return null;
    const items = await itemsOfSlots(tx, [id]);
    await tx.delete(advertSlots).where(eq(advertSlots.id, id));
    await recordAudit(tx, actor, {
      objectType: 'slot',
      objectId: id,
      action: 'delete',
      before: slotSnapshot(before, items),
    });
    return { Deleted: true as const, RemovedSlotItems: items.length };
  });
  return result ? ok(result) : notFound;
}
