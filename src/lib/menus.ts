/**
 * The menus of SPEC §2 (admin, customer, default, supporter). Only routes that exist are listed.
 * The account menu in the header (account-menu.tsx) shows the customer, supporter and admin menus
 * by role (menusFor). "Mein meX" joins the customer menu with the mex dashboard (hasMexEnabled).
 */
import { paths } from './paths';

export interface MenuItem {
  label: string;
  to: string;
}

/** SPEC §2 names four menus; the staff area (issue 13) adds one per staff task. */
export type MenuName = 'default' | 'customer' | 'supporter' | 'adManager' | 'editor' | 'admin';

const staffStart: MenuItem = { label: 'Support-Start', to: paths.support };

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
  // Staff menus (docs/decisions/016): each lists the screens its guard opens. An admin passes
  // every check and gets all of them; an entry shows once (menusFor).
  supporter: [
    staffStart,
    { label: 'Benutzer', to: paths.supportUserList },
    { label: 'Fehler und Web Vitals', to: paths.supportTelemetry },
  ],
  adManager: [
    staffStart,
    { label: 'Werbemittel', to: paths.supportAdverts },
    { label: 'Kampagnen', to: paths.supportCampaigns },
    { label: 'Werbeplätze', to: paths.supportSlots },
  ],
  editor: [staffStart, { label: 'Seiten und Artikel', to: paths.supportCmsList }],
  admin: [staffStart, { label: 'Caches', to: paths.supportCache }],
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
