/**
 * What adverts and campaigns share on the staff side: where they are used (slot items), and
 * their changes, each written to the audit log in the same transaction; a delete takes the slot
 * items with it (ON DELETE CASCADE) and each slot's history says so.
 */
import type { AdvertUsage, Deleted } from '../../../src/api/contract/iam';
import type { Db } from '../../db/client';
import { recordAudit, type AuditActor } from '../audit';
import { notFound, ok, same, type Outcome } from './outcome';
import { itemsOfSlots, usageOf, type SlotItemRow, type Tx, type UsageRow } from './repo';

export function usageOut(rows: readonly UsageRow[]): AdvertUsage[] {
  return rows.map((u) => ({
    SlotId: u.slotId,
    SlotKey: u.slotKey,
    SlotName: u.slotName,
    CampaignId: u.campaignId,
    CampaignName: u.campaignName,
    AdvertId: u.advertId,
    AdvertName: u.advertName,
  }));
}

/** Slot items before and after a cascade, written to each slot's history. */
async function recordCascade(
  tx: Db,
  actor: AuditActor,
  usage: readonly UsageRow[],
  before: ReadonlyMap<number, SlotItemRow[]>,
): Promise<void> {
  const slotIds = [...new Set(usage.map((u) => u.slotId))];
  const after = await itemsOfSlots(tx, slotIds);
  for (const slotId of slotIds) {
    await recordAudit(tx, actor, {
      objectType: 'slot',
      objectId: slotId,
      action: 'update',
      before: { Items: itemsSnapshot(before.get(slotId) ?? []) },
      after: { Items: itemsSnapshot(after.filter((i) => i.slotId === slotId)) },
    });
  }
}

function itemsSnapshot(items: readonly SlotItemRow[]) {
  return items.map((i) => ({ CampaignId: i.campaignId, AdvertId: i.advertId }));
}

async function itemsBySlot(tx: Tx, usage: readonly UsageRow[]) {
  const slotIds = [...new Set(usage.map((u) => u.slotId))];
  const items = await itemsOfSlots(tx, slotIds);
  const map = new Map<number, SlotItemRow[]>();
  for (const item of items) map.set(item.slotId, [...(map.get(item.slotId) ?? []), item]);
  return map;
}

/** An advert or a campaign: its table's queries, its snapshot for the audit log, its answer. */
export interface AuditedKind<Row extends { id: number }, Values, Body, Item> {
  objectType: 'advert' | 'campaign';
  /** The usageOf filter of one object. */
  usageOf(id: number): Parameters<typeof usageOf>[1];
  byId(tx: Tx, id: number): Promise<Row | undefined>;
  insert(tx: Tx, values: Values): Promise<Row[]>;
  update(tx: Tx, id: number, values: Values & { updatedAt: Date }): Promise<Row[]>;
  remove(tx: Tx, id: number): Promise<unknown>;
  /** The columns of a body, or the German reason why it cannot be saved. */
  values(body: Body): Values | { invalid: string };
  snapshot(row: Row): Record<string, unknown>;
  /** The answer for a saved object. */
  answer(db: Tx, row: Row): Promise<Item>;
}

/** Create, update and delete of one kind, each with its audit entry. */
export function auditedChanges<Row extends { id: number }, Values extends object, Body, Item>(
  kind: AuditedKind<Row, Values, Body, Item>,
) {
  const { objectType } = kind;
  return {
    async create(db: Db, actor: AuditActor, body: Body): Promise<Outcome<Item>> {
      const values = kind.values(body);
      if ('invalid' in values) return { kind: 'invalid', message: values.invalid };
      const created = await db.transaction(async (tx) => {
        const [row] = await kind.insert(tx, values);
        if (!row) throw new Error(`${objectType} insert returned no row`);
        await recordAudit(tx, actor, {
          objectType,
          objectId: row.id,
          action: 'create',
          after: kind.snapshot(row),
        });
        return row;
      });
      return ok(await kind.answer(db, created));
    },

    async update(db: Db, actor: AuditActor, id: number, body: Body): Promise<Outcome<Item>> {
      const values = kind.values(body);
      if ('invalid' in values) return { kind: 'invalid', message: values.invalid };
      const updated = await db.transaction(async (tx) => {
        const before = await kind.byId(tx, id);
        if (!before) return null;
        const snapshotBefore = kind.snapshot(before);
        if (same(snapshotBefore, kind.snapshot({ ...before, ...values }))) return before;
        const [row] = await kind.update(tx, id, { ...values, updatedAt: new Date() });
        if (!row) return null;
        await recordAudit(tx, actor, {
          objectType,
          objectId: id,
          action: 'update',
          before: snapshotBefore,
          after: kind.snapshot(row),
        });
        return row;
      });
      return updated ? ok(await kind.answer(db, updated)) : notFound;
    },

    /** Deletes it; its slot entries go with it (ON DELETE CASCADE), each slot's history says so. */
    async remove(db: Db, actor: AuditActor, id: number): Promise<Outcome<Deleted>> {
      const result = await db.transaction(async (tx) => {
        const before = await kind.byId(tx, id);
        if (!before) return null;
        const usage = await usageOf(tx, kind.usageOf(id));
        const slotItemsBefore = await itemsBySlot(tx, usage);
        await kind.remove(tx, id);
        await recordAudit(tx, actor, {
          objectType,
          objectId: id,
          action: 'delete',
          before: { ...kind.snapshot(before), Usage: usageOut(usage) },
        });
        await recordCascade(tx, actor, usage, slotItemsBefore);
        return { Deleted: true as const, RemovedSlotItems: usage.length };
      });
      return result ? ok(result) : notFound;
    },
  };
}
