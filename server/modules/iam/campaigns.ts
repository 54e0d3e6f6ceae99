/**
 * The ad manager's campaigns (SPEC §4, §7 /api/iam/admin/campaigns): period, countries, postal
 * code ranges and weight, with the status they have now and where they are placed.
 */
import { eq } from 'drizzle-orm';
import { type Campaign, type CampaignBody, formatZipRanges } from '../../../src/api/contract/iam';
import { campaigns } from '../../db/schema';
import { auditedChanges, usageOut } from './audited';
import { campaignStatus, daysOf, periodOf } from './period';
import {
  allCampaigns,
  campaignById,
  usageOf,
  type CampaignRow,
  type Tx,
  type UsageRow,
} from './repo';

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

export const campaignChanges = auditedChanges({
  objectType: 'campaign',
  usageOf: (id) => ({ campaignIds: [id] }),
  byId: campaignById,
  insert: (tx, values) => tx.insert(campaigns).values(values).returning(),
  update: (tx, id, values) =>
    tx.update(campaigns).set(values).where(eq(campaigns.id, id)).returning(),
  remove: (tx, id) => tx.delete(campaigns).where(eq(campaigns.id, id)),
  values: (body: CampaignBody) => ({
    name: body.Name,
    campaignTypeId: body.CampaignTypeId,
    weight: body.Weight,
    ...periodOf(body.StartsAt, body.EndsAt),
    countryIds: [...body.CountryIds].sort((a, b) => a - b),
    zipRanges: body.ZipRanges,
    active: body.Active,
  }),
  snapshot: campaignSnapshot,
  // A new campaign has no usage yet; the query then finds none.
  answer: async (db, c) => campaignOut(c, await usageOf(db, { campaignIds: [c.id] }), new Date()),
});
