/**
 * The menus on every page: the header's default menu and the knowledge links. The menus by role
 * (customer, staff, admin) are in menus-for.ts, which only lazily loaded parts import.
 */
import { paths } from './paths';

export interface MenuItem {
  label: string;
  to: string;
}

/** The header's menu on every page. */
export const defaultMenu: readonly MenuItem[] = [
  { label: 'Heizöl bestellen', to: paths.home },
  { label: 'Diesel bestellen', to: paths.offerListDiesel },
  { label: 'Verbrauch vergleichen', to: paths.guide },
];

/**
 * The pages people find us by: in the sidebar under the main menu (phones and
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
