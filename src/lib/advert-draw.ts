/**
 * SPEC §4 Advert slots: which of a slot's items is shown. Items of CampaignTypeId 1 (paid) are
 * preferred and drawn at random in proportion to Weight; without any, the first item of
 * CampaignTypeId 2 (house) is shown. Shared by the public slot and the staff screen that shows
 * each item's share.
 */

export const PAID_CAMPAIGN = 1;
export const HOUSE_CAMPAIGN = 2;

export interface DrawItem {
  CampaignTypeId: number;
  Weight: number;
}

/** The paid items that take part in the draw (a weight of 0 or less never wins). */
function paidItems<T extends DrawItem>(items: readonly T[]): T[] {
  return items.filter((i) => i.CampaignTypeId === PAID_CAMPAIGN && i.Weight > 0);
}

/**
 * The item to show, or null when the slot has nothing to show. `random` returns [0, 1) like
 * Math.random (tests pass their own).
 */
export function drawAdvertItem<T extends DrawItem>(
  items: readonly T[],
  random: () => number = Math.random,
): T | null {
  const paid = paidItems(items);
  if (paid.length > 0) {
    const total = paid.reduce((sum, i) => sum + i.Weight, 0);
    let point = random() * total;
    for (const item of paid) {
      point -= item.Weight;
      if (point < 0) return item;
    }
    return paid[paid.length - 1] ?? null;
  }
  return items.find((i) => i.CampaignTypeId === HOUSE_CAMPAIGN) ?? null;
}

/** Each item's chance of being shown (0–1), in the items' order; what the draw above does. */
export function advertShares(items: readonly DrawItem[]): number[] {
  const paid = paidItems(items);
  if (paid.length > 0) {
    const total = paid.reduce((sum, i) => sum + i.Weight, 0);
    return items.map((i) => (paid.includes(i) ? i.Weight / total : 0));
  }
  const house = items.findIndex((i) => i.CampaignTypeId === HOUSE_CAMPAIGN);
  return items.map((_, index) => (index === house ? 1 : 0));
}
