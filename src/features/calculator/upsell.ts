/**
 * The upsell count of SPEC §2/§3 (Calculator configuration UpsellCount; the green badge on the
 * settings button). Defined here as the number of upgrades the calculator data offers that the
 * configuration does not use yet, one per kind:
 *   - climate neutral: the ClimateNeutralList has an upselling item and Product.ClimateNeutral is off;
 *   - super product: the chosen product has a premium variant (IsUpselling, BaseProductId = it);
 *   - appointment plus: offered as upselling and not chosen;
 *   - each parameter group that has an upselling item (express delivery, installment …) and whose
 *     selected item is not one of them (a group counts once: only one item can be selected).
 * Stations are not an upgrade (the number of tanks is a fact, not a choice), so they never count.
 * Without calculator data the count is 0.
 */
import type {
  CalculatorConfig,
  CalculatorInitResponse,
  UpsellingItem,
} from '../../api/contract/calculation';

export function upsellCount(
  config: Pick<CalculatorConfig, 'Product' | 'Parameters' | 'AppointmentPlus'>,
  init: CalculatorInitResponse | null,
): number {
  if (!init) return 0;
  let count = 0;
  if (!config.Product.ClimateNeutral && init.ClimateNeutralList.some((c) => c.IsUpselling)) count++;
  if (init.Products.some((p) => p.IsUpselling && p.BaseProductId === config.Product.Id)) count++;
  if (!config.AppointmentPlus && init.AppointmentPlus.IsUpselling) count++;
  const chosen = new Set(config.Parameters.map((p) => p.Id));
  for (const group of init.Groups) {
    const upsells = group.Parameters.filter((p) => p.Upselling);
    if (upsells.length > 0 && !upsells.some((p) => chosen.has(p.Id))) count++;
  }
  return count;
}

/** SPEC §2: the badge shows when the target is not diesel and the count is above 0. */
export function showUpsellBadge(count: number, productGroupId: number, target: string): boolean {
  return target !== 'DIESEL' && productGroupId !== 2 && count > 0;
}

/** The smallest upsell price difference across offers ("ab +12,40 €"); null when there is none. */
export function smallestDifference(items: readonly UpsellingItem[]): number | null {
  let min: number | null = null;
  for (const item of items) {
    if (Number.isFinite(item.PriceDifference) && (min === null || item.PriceDifference < min))
      min = item.PriceDifference;
  }
  return min;
}
