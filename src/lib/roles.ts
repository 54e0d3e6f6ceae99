/**
 * Roles and route guards of SPEC §6, shared by the server (authoritative: API and page guards)
 * and the app (client routes). Staff roles carry a company prefix (server config ROLE_PREFIX,
 * ending in ".", "_" or "-"); a role matches a staff name when it is the name itself or ends in
 * separator + name, so the app need not know the prefix. The server checks roles from a verified
 * token only, so a role string can not be forged by a client.
 */

export const CUSTOMER_ROLES = ['Role_Customer', 'Role_Press', 'Role_AdvertisingPartner'] as const;
export const STAFF_ROLE_NAMES = [
  'Admin',
  'DealerSupport',
  'CustomerSupport',
  'Editor',
  'Financial',
  'Marketing',
  'meXSupport',
  'AdManager',
] as const;
export type StaffRoleName = (typeof STAFF_ROLE_NAMES)[number];

/** What a guard needs to know about the user (SPEC §3 Logged-in user). */
export interface GuardUser {
  roles: readonly string[];
  isImpersonated: boolean;
  hasMexEnabled: boolean;
}

/** SPEC §6 route guards. */
export type GuardName =
  'user' | 'admin' | 'editor' | 'support' | 'impersonateSupport' | 'adManager' | 'mexOwner';

/** ok: pass; login: 302 to the login page with ReturnUrl; root: 302 to "/" (SPEC §6). */
export type GuardOutcome = 'ok' | 'login' | 'root';

const SEPARATORS = ['.', '_', '-'];

/** SPEC §6: the role claim is a single value or a list. */
export function normaliseRoles(claim: string | readonly string[] | undefined | null): string[] {
  if (claim == null) return [];
  return (typeof claim === 'string' ? [claim] : [...claim]).filter((r) => r.length > 0);
}

export function hasStaffRole(roles: readonly string[], name: StaffRoleName): boolean {
  return roles.some((r) => r === name || SEPARATORS.some((s) => r.endsWith(s + name)));
}

export function isAdmin(roles: readonly string[]): boolean {
  return hasStaffRole(roles, 'Admin');
}

/** SPEC §6: "An admin passes every role check." */
export function hasRole(roles: readonly string[], name: StaffRoleName): boolean {
  return isAdmin(roles) || hasStaffRole(roles, name);
}

export function isEditor(roles: readonly string[]): boolean {
  return hasRole(roles, 'Editor');
}

/** Dealer support or customer support (admin also passes). */
export function isSupport(roles: readonly string[]): boolean {
  return hasRole(roles, 'DealerSupport') || hasRole(roles, 'CustomerSupport');
}

export function isAdManager(roles: readonly string[]): boolean {
  return hasRole(roles, 'AdManager');
}

/** SPEC §6: staff roles, i.e. anything beyond the customer-side roles. */
export function isStaff(roles: readonly string[]): boolean {
  return roles.some((r) => !r.startsWith('Role_'));
}

/** SPEC §6 metrics: dealer support, customer support or an impersonated session count as support. */
export function countsAsSupport(user: GuardUser): boolean {
  return (
    hasStaffRole(user.roles, 'DealerSupport') ||
    hasStaffRole(user.roles, 'CustomerSupport') ||
    user.isImpersonated
  );
}

export function evaluateGuard(guard: GuardName, user: GuardUser | null): GuardOutcome {
  if (!user) return 'login';
  const { roles } = user;
  switch (guard) {
    case 'user':
      return 'ok';
    case 'admin':
      return isAdmin(roles) ? 'ok' : 'root';
    case 'editor':
      return isEditor(roles) ? 'ok' : 'root';
    case 'support':
      return isSupport(roles) ? 'ok' : 'root';
    case 'impersonateSupport':
      return isSupport(roles) || user.isImpersonated ? 'ok' : 'root';
    case 'adManager':
      return isAdManager(roles) ? 'ok' : 'root';
    case 'mexOwner':
      return user.hasMexEnabled || isAdmin(roles) ? 'ok' : 'root';
  }
}

/**
 * SPEC §2 ReturnUrl: only a same-site relative path ("/x", not "//host" or "/\host"), so the
 * login page can never be used as an open redirect. Anything else becomes "/".
 */
export function safeReturnUrl(value: string | null | undefined): string {
  if (!value || value.length > 2048) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // Control characters and backslashes are how browsers get talked into another host.
  if (value.includes('\\') || [...value].some((c) => c.charCodeAt(0) < 0x20 || c === '\u007f')) {
    return '/';
  }
  try {
    const url = new URL(value, 'http://same.invalid');
    if (url.host !== 'same.invalid') return '/';
    return url.pathname + url.search + url.hash;
  } catch {
    return '/';
  }
}
