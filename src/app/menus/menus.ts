/**
 * The menus of SPEC §2 (admin, customer, default, supporter). Only routes that exist are listed;
 * the customer, supporter and admin menus get their entries with the account and support areas.
 */
import { paths } from '../../lib/paths';

export interface MenuItem {
  label: string;
  to: string;
}

export type MenuName = 'default' | 'customer' | 'supporter' | 'admin';

export const menus: Record<MenuName, readonly MenuItem[]> = {
  default: [{ label: 'Heizöl bestellen', to: paths.home }],
  customer: [],
  supporter: [],
  admin: [],
};
