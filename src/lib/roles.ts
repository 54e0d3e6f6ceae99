/**
 * Roles and route guards of SPEC §6, shared by the server (authoritative: API and page guards)
 * and the app (client routes). Staff roles carry a company prefix (server config ROLE_PREFIX,
 * ending in ".", "_" or "-"); a role matches a staff name when it is the name itself or ends in
 * separator + name, so the app need not know the prefix. The server checks roles from a verified
 * token only, so a role string can not be forged by a client.
 */

export const CUSTOMER_ROLES = ['Role_Customer', 'Role_Press', 'Role_AdvertisingPartner'] as const;
/**
 * Not in SPEC §6: a dealer's own user (decision 026), read from the role claim like the others.
 * Not a staff role (no prefix) and not a customer role: it opens the dealer area only, and only
 * for the one dealer its account is bound to (the server checks the binding).
 */
export const DEALER_ROLE = 'Role_Dealer';
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
  | 'user'
  | 'admin'
  | 'editor'
  | 'support'
  | 'impersonateSupport'
  | 'adManager'
  | 'mexOwner'
  /** Not in SPEC §6: meXSupport (or admin) registers sensors and rotates keys (decision 017). */
  | 'mexSupport'
  /** Not in SPEC §6: any staff role (the /support entry, docs/decisions/016). */
  | 'staff'
  /** Not in SPEC §6: a dealer user, or dealer support (admin also passes; decision 026). */
  | 'dealer';

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

/** A dealer's own user (decision 026); which dealer is the server's binding, not the token's. */
export function isDealerUser(roles: readonly string[]): boolean {
  return roles.includes(DEALER_ROLE);
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
    case 'mexSupport':
      return hasRole(roles, 'meXSupport') ? 'ok' : 'root';
    case 'staff':
      return isStaff(roles) ? 'ok' : 'root';
    case 'dealer':
      return isDealerUser(roles) || hasRole(roles, 'DealerSupport') ? 'ok' : 'root';
  }
}

/** Control characters and backslashes: how browsers get talked into another host. */
function hasUnsafeCharacter(path: string): boolean {
  for (let i = 0; i < path.length; i++) {
    const code = path.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}

const SAME = 'http://same.invalid';

/**
 * SPEC §2 ReturnUrl: only a same-site path starting with a single "/" (not "//host" or "/\host"),
 * so the login page can never be used as an open redirect. Normalised first (dot segments,
 * percent-encoded dots), then decided: "/..//evil.example", "/.//x", "/%2e%2e//x" and "/a/..//x"
 * all normalise to "//…" and fall back to "/", as does anything that is not text (a repeated
 * query key arrives as a list).
 */
export function safeReturnUrl(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > 2048) return '/';
  if (hasUnsafeCharacter(value)) return '/';
  let url: URL;
  try {
    url = new URL(value, SAME);
  } catch {
    return '/';
  }
  if (url.origin !== SAME) return '/';
  const result = url.pathname + url.search + url.hash;
  if (!isSingleSlashPath(result)) return '/';
  // What the path says once decoded must be a same-site path too ("/%2F%2Fhost", "/%5Chost").
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return '/';
  }
  if (!isSingleSlashPath(decoded) || hasUnsafeCharacter(decoded)) return '/';
  return result;
}

function isSingleSlashPath(path: string): boolean {
  return path.startsWith('/') && path[1] !== '/' && path[1] !== '\\';
}
