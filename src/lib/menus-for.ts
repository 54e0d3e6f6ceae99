/**
 * The SPEC §2 menus by role, and which a logged-in user gets (SPEC §6): the customer menu for
 * customer-side roles and impersonated sessions, the supporter menu for support roles, the ad
 * manager's and the editor's menus, the admin menu (admins pass every check). Entries appear
 * once even when two menus name the same page. Only lazily loaded parts (the account panel, the
 * staff area) import this, so the staff entries are in no page's first download.
 */
import {
  hasRole,
  isAdManager,
  isAdmin,
  isDealerUser,
  isEditor,
  isStaff,
  isSupport,
  DEALER_ROLE,
  type GuardUser,
} from './roles';
import { paths } from './paths';
import { staffPaths } from './staff-routes';
import { defaultMenu, type MenuItem } from './menus';

/** SPEC §2 names four menus; the staff area adds one per staff task. */
export type MenuName =
  'default' | 'customer' | 'dealer' | 'supporter' | 'adManager' | 'editor' | 'admin';

const staffStart: MenuItem = { label: 'Support-Start', to: staffPaths.support };

/** SPEC §2 menus by name ("Mein meX" joins the customer menu with the mex dashboard). */
export const menus: Record<MenuName, readonly MenuItem[]> = {
  default: defaultMenu,
  customer: [
    { label: 'Übersicht', to: paths.customerHome },
    { label: 'Bestellungen', to: paths.orders },
    { label: 'Persönliche Daten', to: paths.personalData },
  ],
  // The dealer area (decision 026): its screens so far.
  dealer: [{ label: 'Aufträge', to: paths.dealerArea }],
  // Staff menus (docs/decisions/016): each lists the screens its guard opens. An admin passes
  // every check and gets all of them; an entry shows once (menusFor).
  supporter: [
    staffStart,
    { label: 'Benutzer', to: staffPaths.supportUserList },
    { label: 'Fehler und Web Vitals', to: staffPaths.supportTelemetry },
    { label: 'Sammelbestellungen', to: staffPaths.supportGroupOrders },
    { label: 'Liefertermine', to: staffPaths.supportDeliveryBookings },
  ],
  adManager: [
    staffStart,
    { label: 'Werbemittel', to: staffPaths.supportAdverts },
    { label: 'Kampagnen', to: staffPaths.supportCampaigns },
    { label: 'Werbeplätze', to: staffPaths.supportSlots },
  ],
  editor: [staffStart, { label: 'Seiten und Artikel', to: staffPaths.supportCmsList }],
  admin: [
    staffStart,
    { label: 'Caches', to: staffPaths.supportCache },
    { label: 'Hintergrundaufträge', to: staffPaths.supportJobs },
  ],
};

export interface MenuSection {
  name: MenuName;
  items: readonly MenuItem[];
}

/** SPEC §2/§6: "Mein meX" is in the customer menu for users with hasMexEnabled. */
const mexItem: MenuItem = { label: 'Mein meX', to: paths.mex };

function itemsOf(name: MenuName, user: GuardUser): readonly MenuItem[] {
  return name === 'customer' && user.hasMexEnabled ? [...menus.customer, mexItem] : menus[name];
}

export function menusFor(user: GuardUser): MenuSection[] {
  const names: MenuName[] = [];
  // A dealer user is no customer: its account opens the dealer area, not the customer's pages.
  const dealerUser = isDealerUser(user.roles);
  const customerSide =
    user.roles.some((r) => r.startsWith('Role_') && r !== DEALER_ROLE) ||
    (!isStaff(user.roles) && !dealerUser);
  if (customerSide || user.isImpersonated) names.push('customer');
  if (dealerUser) names.push('dealer');
  if (isSupport(user.roles)) names.push('supporter');
  if (!dealerUser && hasRole(user.roles, 'DealerSupport')) names.push('dealer');
  if (isAdManager(user.roles)) names.push('adManager');
  if (isEditor(user.roles)) names.push('editor');
  if (isAdmin(user.roles)) names.push('admin');
  const seen = new Set<string>();
  return names
    .map((name) => ({
      name,
      items: itemsOf(name, user).filter((item) => !seen.has(item.to) && seen.add(item.to)),
    }))
    .filter((section) => section.items.length > 0);
}
