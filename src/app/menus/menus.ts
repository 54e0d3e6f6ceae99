/**
 * The menus of SPEC §2 (admin, customer, default, supporter). Only routes that exist are listed.
 * The account menu in the header (account-menu.tsx) shows the customer, supporter and admin menus
 * by role (menusFor). "Mein meX" joins the customer menu with the mex dashboard (hasMexEnabled).
 */
import { paths } from '../../lib/paths';

export interface MenuItem {
  label: string;
  to: string;
}

export type MenuName = 'default' | 'customer' | 'supporter' | 'admin';

export const menus: Record<MenuName, readonly MenuItem[]> = {
  default: [
    { label: 'Heizöl bestellen', to: paths.home },
    { label: 'Diesel bestellen', to: paths.offerListDiesel },
    { label: 'Verbrauch vergleichen', to: paths.guide },
  ],
  customer: [
    { label: 'Übersicht', to: paths.customerHome },
    { label: 'Bestellungen', to: paths.orders },
    { label: 'Persönliche Daten', to: paths.personalData },
  ],
  supporter: [
    { label: 'Support: Benutzer', to: paths.supportUserList },
    { label: 'Support: Fehler und Web Vitals', to: paths.supportTelemetry },
  ],
  // The admin screens of SPEC §2 (adverts, campaigns, slots, cache, CMS) are not built yet;
  // admins pass the support guard and see the supporter menu.
  admin: [],
};

/**
 * The pages people find us by (issue 12): in the sidebar under the main menu (phones and
 * tablets) and in the footer of every page. The header's inline menu keeps its three entries:
 * six did not fit beside the account button at 1024–1280 px.
 */
export const knowledgeMenu: readonly MenuItem[] = [
  { label: 'Heizölpreise', to: paths.prices },
  { label: 'Heizölhändler', to: paths.dealers },
  { label: 'News und Ratgeber', to: paths.news },
  { label: 'Info-Center', to: paths.infoCenter },
  { label: 'Tankwartung', to: paths.tankMaintenance },
];
