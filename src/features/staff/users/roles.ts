import { CUSTOMER_ROLES, STAFF_ROLE_NAMES } from '../../../api/contract/account';
import { hasStaffRole, isStaff } from '../../../lib/roles';
import { texts } from './texts';

/** A role as people read it: the staff prefix dropped, the name in German. */
export function roleLabel(role: string): string {
  const staffName = STAFF_ROLE_NAMES.find((name) => hasStaffRole([role], name));
  const key = (CUSTOMER_ROLES as readonly string[]).includes(role) ? role : staffName;
  return (key && texts.roles[key]) ?? role;
}

/** Only customer accounts can be impersonated (the server checks it again). */
export function canImpersonate(roles: readonly string[]): boolean {
  return !isStaff(roles);
}
