/**
 * Which of the SPEC §2 menus a logged-in user gets (SPEC §6 roles): the customer menu for
 * customer-side roles and impersonated sessions, the supporter menu for support roles (admins
 * pass), the ad manager's and the editor's menus (admins pass), the admin menu for admins. Entries appear once even when two menus name the same page.
 */
import {
  isAdManager,
  isAdmin,
  isEditor,
  isStaff,
  isSupport,
  type GuardUser,
} from './roles';
import { menus, type MenuItem, type MenuName } from './menus';

export interface MenuSection {
  name: MenuName;
  items: readonly MenuItem[];
}

export function menusFor(user: GuardUser): MenuSection[] {
  const names: MenuName[] = [];
  const customerSide = user.roles.some((r) => r.startsWith('Role_')) || !isStaff(user.roles);
  if (customerSide || user.isImpersonated) names.push('customer');
  if (isSupport(user.roles)) names.push('supporter');
  if (isAdManager(user.roles)) names.push('adManager');
  if (isEditor(user.roles)) names.push('editor');
  if (isAdmin(user.roles)) names.push('admin');
  const seen = new Set<string>();
  return names
    .map((name) => ({
      name,
      items: menus[name].filter((item) => !seen.has(item.to) && seen.add(item.to)),
    }))
    .filter((section) => section.items.length > 0);
}
