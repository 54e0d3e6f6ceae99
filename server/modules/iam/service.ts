/**
 * Adverts, campaigns and slots (SPEC §3, §4, §7 /api/iam/*): what a page may show in a
 * slot now, the advert's content and stylesheet, and the ad manager's changes, each written to
 * the audit log in the same transaction.
 */
import {
  ADVERT_CSS_FILE,
  type AdvertBody,
  type AdvertContent,
  type AdvertDetail,
  type AdvertListItem,
  type AdvertPreview,
  type AdvertUsage,
  type Campaign,
  type CampaignBody,
  type Deleted,
  formatZipRanges,
  type IamSlot,
  type IamSlotSummary,
  type Slot,
  type SlotBody,
  zipInRanges,
} from '../../../src/api/contract/iam';
import { eq } from 'drizzle-orm';
import { INT4_MAX } from '../../../src/api/contract/common';
import { zipPatternFor } from '../../../src/lib/locale';
import type { Db } from '../../db/client';
import { advertSlots, adverts, campaigns } from '../../db/schema';
import { recordAudit, type AuditActor } from '../audit';
import { campaignStatus, daysOf, periodOf, runsAt } from './period';
import {
  advertById,
  advertIdsExisting,
  allAdverts,
  allCampaigns,
  allSlots,
  campaignById,
  campaignIdsExisting,
  itemsOfSlots,
  replaceSlotItems,
  slotById,
  slotByKey,
  slotItemsWithCampaign,
  usageOf,
  type AdvertRow,
  type CampaignRow,
  type SlotItemRow,
  type SlotRow,
  type Tx,
  type UsageRow,
} from './repo';
import {
  advertOutputHtml,
  cssHash,
  sanitizeAdvertCss,
  sanitizeAdvertHtml,
  stylesFileName,
} from './sanitize';

export type Outcome<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'not-found' }
  | { kind: 'conflict'; message: string }
  | { kind: 'invalid'; message: string };

const notFound = { kind: 'not-found' } as const;
const ok = <T>(value: T): Outcome<T> => ({ kind: 'ok', value });

// ---------------------------------------------------------------------------------------------
// Public

export async function listSlots(db: Tx): Promise<IamSlotSummary[]> {
  return (await allSlots(db)).map((s) => ({
    Id: s.id,
    SlotKey: s.slotKey,
    Name: s.name,
    SlotTypeId: s.slotTypeId,
    AppliesZipFiltering: s.appliesZipFiltering,
    Width: s.width,
    Height: s.height,
  }));
}

/** Whether a postal code fits the country (SPEC §5: DE 5 digits, AT and CH 4). */
export function zipFitsCountry(zipCode: string, countryId: number): boolean {
  return zipPatternFor(countryId).test(zipCode);
}

/**
 * SPEC §3 Advert slot with the items a page may draw from now: campaign active and in its period,
 * for the country; on a slot with postal filtering, a campaign with ranges only when the postal
 * code lies in one (no postal code: only campaigns without ranges).
 */
export async function publicSlot(
  db: Tx,
  slotKey: string,
  query: { countryId: number; zipCode: string },
  now: Date = new Date(),
): Promise<IamSlot | null> {
  const slot = await slotByKey(db, slotKey);
  if (!slot) return null;
  const rows = await slotItemsWithCampaign(db, slot.id);
  const items = rows.filter((r) => {
    if (!r.active || !runsAt(r, now)) return false;
    if (!r.countryIds.includes(query.countryId)) return false;
    if (!slot.appliesZipFiltering || r.zipRanges.length === 0) return true;
    return query.zipCode !== '' && zipInRanges(query.zipCode, r.zipRanges);
  });
  return {
    Id: slot.id,
    SlotKey: slot.slotKey,
    SlotTypeId: slot.slotTypeId,
    AppliesZipFiltering: slot.appliesZipFiltering,
    Width: slot.width,
    Height: slot.height,
    Items: items.map((r) => ({
      CampaignTypeId: r.campaignTypeId,
      Weight: r.weight,
      Id: r.id,
      SlotId: r.slotId,
      AdvertId: r.advertId,
    })),
  };
}

/** SPEC §3 Advert content; the HTML sanitised again on its way out. */
export async function advertContent(db: Tx, advertId: number): Promise<AdvertContent | null> {
  const advert = await advertById(db, advertId);
  if (!advert) return null;
  return {
    Html: advertOutputHtml(advert.html, advert.targetUrl),
    StylesFileName: stylesFileName(advert.id, advert.css),
  };
}

/** The stylesheet behind a StylesFileName; null unless the name is the advert's current one. */
export async function advertStylesheet(db: Tx, fileName: string): Promise<string | null> {
  const match = ADVERT_CSS_FILE.exec(fileName);
  if (!match) return null;
  const id = Number(match[1]);
  if (!Number.isSafeInteger(id) || id < 1 || id > INT4_MAX) return null;
  const advert = await advertById(db, id);
  if (!advert?.css.trim() || cssHash(advert.css) !== match[2]) return null;
  return sanitizeAdvertCss(advert.css);
}

// ---------------------------------------------------------------------------------------------
// Staff: shared

function usageOut(rows: readonly UsageRow[]): AdvertUsage[] {
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

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

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

// ---------------------------------------------------------------------------------------------
// Staff: adverts

/** What the ad manager sees of the HTML and CSS as the server will keep them. */
export function previewAdvert(body: {
  Html: string;
  Css: string;
  TargetUrl: string;
}): AdvertPreview {
  const html = sanitizeAdvertHtml(body.Html);
  const css = sanitizeAdvertCss(body.Css);
  return {
    Html: advertOutputHtml(html, body.TargetUrl),
    Css: css,
    HtmlChanged: html !== body.Html.trim(),
    CssChanged: css !== body.Css.trim(),
  };
}

function advertSnapshot(a: AdvertRow) {
  return { Name: a.name, Html: a.html, Css: a.css, TargetUrl: a.targetUrl };
}

export async function listAdverts(db: Tx): Promise<AdvertListItem[]> {
  const [rows, usage] = await Promise.all([allAdverts(db), usageOf(db, {})]);
  return rows.map((a) => ({
    Id: a.id,
    Name: a.name,
    TargetUrl: a.targetUrl,
    UpdatedAt: a.updatedAt.toISOString(),
    SlotKeys: [...new Set(usage.filter((u) => u.advertId === a.id).map((u) => u.slotKey))],
    SlotNames: [...new Set(usage.filter((u) => u.advertId === a.id).map((u) => u.slotName))],
  }));
}

async function advertDetail(db: Tx, a: AdvertRow): Promise<AdvertDetail> {
  return {
    Id: a.id,
    Name: a.name,
    Html: a.html,
    Css: a.css,
    TargetUrl: a.targetUrl,
    StylesFileName: stylesFileName(a.id, a.css),
    CreatedAt: a.createdAt.toISOString(),
    UpdatedAt: a.updatedAt.toISOString(),
    Usage: usageOut(await usageOf(db, { advertIds: [a.id] })),
  };
}

export async function getAdvert(db: Tx, id: number): Promise<AdvertDetail | null> {
  const advert = await advertById(db, id);
  return advert ? advertDetail(db, advert) : null;
}

function advertValues(body: AdvertBody) {
  return {
    name: body.Name,
    html: sanitizeAdvertHtml(body.Html),
    css: sanitizeAdvertCss(body.Css),
    targetUrl: body.TargetUrl,
  };
}

export async function createAdvert(
  db: Db,
  actor: AuditActor,
  body: AdvertBody,
): Promise<Outcome<AdvertDetail>> {
  const values = advertValues(body);
  if (!values.html) {
    return { kind: 'invalid', message: 'Vom HTML bleibt nach der Bereinigung nichts übrig.' };
  }
  const created = await db.transaction(async (tx) => {
    const [row] = await tx.insert(adverts).values(values).returning();
    if (!row) throw new Error('advert insert returned no row');
    await recordAudit(tx, actor, {
      objectType: 'advert',
      objectId: row.id,
      action: 'create',
      after: advertSnapshot(row),
    });
    return row;
  });
  return ok(await advertDetail(db, created));
}

export async function updateAdvert(
  db: Db,
  actor: AuditActor,
  id: number,
  body: AdvertBody,
): Promise<Outcome<AdvertDetail>> {
  const values = advertValues(body);
  if (!values.html) {
    return { kind: 'invalid', message: 'Vom HTML bleibt nach der Bereinigung nichts übrig.' };
  }
  const updated = await db.transaction(async (tx) => {
    const before = await advertById(tx, id);
    if (!before) return null;
    if (same(advertSnapshot(before), advertSnapshot({ ...before, ...values }))) return before;
    const [row] = await tx
      .update(adverts)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(adverts.id, id))
      .returning();
    if (!row) return null;
    await recordAudit(tx, actor, {
      objectType: 'advert',
      objectId: id,
      action: 'update',
      before: advertSnapshot(before),
      after: advertSnapshot(row),
    });
    return row;
  });
  return updated ? ok(await advertDetail(db, updated)) : notFound;
}

/** Deletes the advert; its slot entries go with it (ON DELETE CASCADE), each slot's history says so. */
export async function deleteAdvert(
  db: Db,
  actor: AuditActor,
  id: number,
): Promise<Outcome<Deleted>> {
  const result = await db.transaction(async (tx) => {
    const before = await advertById(tx, id);
    if (!before) return null;
    const usage = await usageOf(tx, { advertIds: [id] });
    const slotItemsBefore = await itemsBySlot(tx, usage);
    await tx.delete(adverts).where(eq(adverts.id, id));
    await recordAudit(tx, actor, {
      objectType: 'advert',
      objectId: id,
      action: 'delete',
      before: { ...advertSnapshot(before), Usage: usageOut(usage) },
    });
    await recordCascade(tx, actor, usage, slotItemsBefore);
    return { Deleted: true as const, RemovedSlotItems: usage.length };
  });
  return result ? ok(result) : notFound;
}

// ---------------------------------------------------------------------------------------------
// Staff: campaigns

function campaignSnapshot(c: CampaignRow) {
  return {
    Name: c.name,
    CampaignTypeId: c.campaignTypeId,
    Weight: c.weight,
    ...daysOf(c.startsAt, c.endsAt),
    CountryIds: c.countryIds,
    ZipRanges: formatZipRanges(c.zipRanges),
    Active: c.active,
  };
}

function campaignOut(c: CampaignRow, usage: readonly UsageRow[], now: Date): Campaign {
  return {
    Id: c.id,
    ...campaignSnapshot(c),
    Status: campaignStatus(c, now),
    UpdatedAt: c.updatedAt.toISOString(),
    Usage: usageOut(usage.filter((u) => u.campaignId === c.id)),
  };
}

export async function listCampaigns(db: Tx, now: Date = new Date()): Promise<Campaign[]> {
  const [rows, usage] = await Promise.all([allCampaigns(db), usageOf(db, {})]);
  return rows.map((c) => campaignOut(c, usage, now));
}

export async function getCampaign(
  db: Tx,
  id: number,
  now: Date = new Date(),
): Promise<Campaign | null> {
  const row = await campaignById(db, id);
  if (!row) return null;
  return campaignOut(row, await usageOf(db, { campaignIds: [id] }), now);
}

function campaignValues(body: CampaignBody) {
  return {
    name: body.Name,
    campaignTypeId: body.CampaignTypeId,
    weight: body.Weight,
    ...periodOf(body.StartsAt, body.EndsAt),
    countryIds: [...body.CountryIds].sort((a, b) => a - b),
    zipRanges: body.ZipRanges,
    active: body.Active,
  };
}

export async function createCampaign(
  db: Db,
  actor: AuditActor,
  body: CampaignBody,
): Promise<Outcome<Campaign>> {
  const created = await db.transaction(async (tx) => {
    const [row] = await tx.insert(campaigns).values(campaignValues(body)).returning();
    if (!row) throw new Error('campaign insert returned no row');
    await recordAudit(tx, actor, {
      objectType: 'campaign',
      objectId: row.id,
      action: 'create',
      after: campaignSnapshot(row),
    });
    return row;
  });
  return ok(campaignOut(created, [], new Date()));
}

export async function updateCampaign(
  db: Db,
  actor: AuditActor,
  id: number,
  body: CampaignBody,
): Promise<Outcome<Campaign>> {
  const values = campaignValues(body);
  const updated = await db.transaction(async (tx) => {
    const before = await campaignById(tx, id);
    if (!before) return null;
    if (same(campaignSnapshot(before), campaignSnapshot({ ...before, ...values }))) return before;
    const [row] = await tx
      .update(campaigns)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(campaigns.id, id))
      .returning();
    if (!row) return null;
    await recordAudit(tx, actor, {
      objectType: 'campaign',
      objectId: id,
      action: 'update',
      before: campaignSnapshot(before),
      after: campaignSnapshot(row),
    });
    return row;
  });
  if (!updated) return notFound;
  return ok(campaignOut(updated, await usageOf(db, { campaignIds: [id] }), new Date()));
}

export async function deleteCampaign(
  db: Db,
  actor: AuditActor,
  id: number,
): Promise<Outcome<Deleted>> {
  const result = await db.transaction(async (tx) => {
    const before = await campaignById(tx, id);
    if (!before) return null;
    const usage = await usageOf(tx, { campaignIds: [id] });
    const slotItemsBefore = await itemsBySlot(tx, usage);
    await tx.delete(campaigns).where(eq(campaigns.id, id));
    await recordAudit(tx, actor, {
      objectType: 'campaign',
      objectId: id,
      action: 'delete',
      before: { ...campaignSnapshot(before), Usage: usageOut(usage) },
    });
    await recordCascade(tx, actor, usage, slotItemsBefore);
    return { Deleted: true as const, RemovedSlotItems: usage.length };
  });
  return result ? ok(result) : notFound;
}

// ---------------------------------------------------------------------------------------------
// Staff: slots

function slotOut(s: SlotRow, items: readonly SlotItemRow[]): Slot {
  return {
    Id: s.id,
    SlotKey: s.slotKey,
    Name: s.name,
    SlotTypeId: s.slotTypeId,
    AppliesZipFiltering: s.appliesZipFiltering,
    Width: s.width,
    Height: s.height,
    UpdatedAt: s.updatedAt.toISOString(),
    Items: items
      .filter((i) => i.slotId === s.id)
      .map((i) => ({ Id: i.id, CampaignId: i.campaignId, AdvertId: i.advertId })),
  };
}

function slotSnapshot(s: SlotRow, items: readonly SlotItemRow[] | SlotBody['Items']) {
  return {
    SlotKey: s.slotKey,
    Name: s.name,
    SlotTypeId: s.slotTypeId,
    AppliesZipFiltering: s.appliesZipFiltering,
    Width: s.width,
    Height: s.height,
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

/** Runs a slot change; a refusal rolls the transaction back and becomes the outcome. */
async function slotChange(db: Db, work: (tx: Db) => Promise<Outcome<Slot>>) {
  try {
    return await db.transaction(async (tx) => {
      const outcome = await work(tx);
      if (outcome.kind !== 'ok') throw new Refused(outcome);
      return outcome;
    });
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    throw error;
  }
}

export async function createSlot(
  db: Db,
  actor: AuditActor,
  body: SlotBody,
): Promise<Outcome<Slot>> {
  try {
    return await slotChange(db, async (tx) => {
      if (await slotByKey(tx, body.SlotKey)) {
        return { kind: 'conflict', message: SLOT_KEY_TAKEN(body.SlotKey) };
      }
      const missing = await missingReference(tx, body.Items);
      if (missing) return { kind: 'invalid', message: missing };
      const [row] = await tx.insert(advertSlots).values(slotValues(body)).returning();
      if (!row) throw new Error('slot insert returned no row');
      await replaceSlotItems(tx, row.id, body.Items);
      const items = await itemsOfSlots(tx, [row.id]);
      await recordAudit(tx, actor, {
        objectType: 'slot',
        objectId: row.id,
        action: 'create',
        after: slotSnapshot(row, items),
      });
      return ok(slotOut(row, items));
    });
  } catch (error) {
    if (isUniqueViolation(error))
      return { kind: 'conflict', message: SLOT_KEY_TAKEN(body.SlotKey) };
    throw error;
  }
}

export async function updateSlot(
  db: Db,
  actor: AuditActor,
  id: number,
  body: SlotBody,
): Promise<Outcome<Slot>> {
  try {
    return await slotChange(db, async (tx) => {
      const before = await slotById(tx, id);
      if (!before) return notFound;
      const owner = await slotByKey(tx, body.SlotKey);
      if (owner && owner.id !== id) {
        return { kind: 'conflict', message: SLOT_KEY_TAKEN(body.SlotKey) };
      }
      const missing = await missingReference(tx, body.Items);
      if (missing) return { kind: 'invalid', message: missing };
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
      await replaceSlotItems(tx, id, body.Items);
      const items = await itemsOfSlots(tx, [id]);
      await recordAudit(tx, actor, {
        objectType: 'slot',
        objectId: id,
        action: 'update',
        before: snapshotBefore,
        after: slotSnapshot(row, items),
      });
      return ok(slotOut(row, items));
    });
  } catch (error) {
    if (isUniqueViolation(error))
      return { kind: 'conflict', message: SLOT_KEY_TAKEN(body.SlotKey) };
    throw error;
  }
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
