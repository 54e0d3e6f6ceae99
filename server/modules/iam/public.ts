/**
 * The public advert calls (SPEC §3, §7 /api/iam/*): what a page may show in a slot now, the
 * advert's content and its stylesheet.
 */
import {
  ADVERT_CSS_FILE,
  type AdvertContent,
  type IamSlot,
  type IamSlotSummary,
  zipInRanges,
} from '../../../src/api/contract/iam';
import { INT4_MAX } from '../../../src/api/contract/common';
import { zipPatternFor } from '../../../src/lib/locale';
import { runsAt } from './period';
import {
  advertById,
  allSlots,
  slotByKey,
  slotItemsWithCampaign,
  type SlotRow,
  type Tx,
} from './repo';
import { advertOutputHtml, cssHash, sanitizeAdvertCss, stylesFileName } from './sanitize';

/** A slot as the public list shows it; the staff's view adds to it. */
export function slotSummary(s: SlotRow): IamSlotSummary {
  return {
    Id: s.id,
    SlotKey: s.slotKey,
    Name: s.name,
    SlotTypeId: s.slotTypeId,
    AppliesZipFiltering: s.appliesZipFiltering,
    Width: s.width,
    Height: s.height,
  };
}

export async function listSlots(db: Tx): Promise<IamSlotSummary[]> {
  return (await allSlots(db)).map(slotSummary);
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
