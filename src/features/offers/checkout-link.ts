/**
 * The address of the checkout for one offer: `/bestellung?dealer=<id>&productGroup=<1|2>&` plus
 * the offer-list query (SPEC §3), so the checkout can recalculate and show exactly that offer.
 */
import { paths } from '../../lib/paths';
import { offerSearch, type ConfigSnapshot } from './query';

export function checkoutHref(config: ConfigSnapshot, dealerId: number): string {
  return `${paths.checkout}?dealer=${dealerId}&productGroup=${config.ProductGroupId}&${offerSearch(config)}`;
}

export interface CheckoutSelection {
  dealerId: number;
  productGroupId: 1 | 2;
}

/** The dealer and product group of a checkout address; null when the dealer is missing. */
export function readCheckoutSelection(search: string): CheckoutSelection | null {
  const params = new URLSearchParams(search);
  const dealer = params.get('dealer');
  if (dealer === null || !/^\d+$/.test(dealer)) return null;
  return {
    dealerId: Number(dealer),
    productGroupId: params.get('productGroup') === '2' ? 2 : 1,
  };
}

/**
 * The start of a group order for the configuration on screen: the organiser's own
 * order, with the offer-list query, so the start page prices exactly that and survives a reload.
 */
export function groupStartHref(config: ConfigSnapshot): string {
  return `${paths.groupStart}?productGroup=${config.ProductGroupId}&${offerSearch(config)}`;
}
