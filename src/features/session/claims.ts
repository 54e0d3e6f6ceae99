/**
 * The logged-in user of SPEC §3, read from the JWT access token's claims. The payload is decoded
 * without verifying the signature: the server verifies every token it receives, so a forged
 * token can change what this tab shows, never what the server allows (docs/decisions/008).
 * Kept free of zod: this runs on the first download of every page.
 */
import { isAdManager as hasAdManagerRole, normaliseRoles, type GuardUser } from '../../lib/roles';

/** SPEC §3 Logged-in user. */
export interface SessionUser {
  id: string;
  title1: string;
  title2: string;
  roles: readonly string[];
  isImpersonatedS: boolean;
  hasMexEnabled: boolean;
  hasAnyOrder: boolean;
  firstName: string;
  /** Falls back to the first name (SPEC §3). */
  lastName: string;
  loggedIn: boolean;
  isAdManager: boolean;
  /** Staff may see support info (SPEC §6 AllowSupportInfo). */
  allowSupportInfo: boolean;
  /** The token's exp claim, epoch seconds. */
  exp: number;
}

/** SPEC §5 boolean text parsing: true, yes, ja, 1 (case-insensitive); booleans pass through. */
export function parseBooleanText(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1;
  if (typeof value !== 'string') return false;
  return ['true', 'yes', 'ja', '1'].includes(value.trim().toLowerCase());
}

/** The JSON payload of a JWT, or undefined when the text is not one. */
export function decodeJwtPayload(token: string): Record<string, unknown> | undefined {
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    // atob gives bytes; names carry umlauts, so decode them as UTF-8.
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** The user behind a token, or null when the token is unreadable or lacks id/exp. */
export function userFromToken(token: string): SessionUser | null {
  const claims = decodeJwtPayload(token);
  if (!claims) return null;
  const id = text(claims.id) || text(claims.sub);
  const exp = claims.exp;
  if (!id || typeof exp !== 'number') return null;
  const roleClaim = claims.role;
  const roles = normaliseRoles(
    typeof roleClaim === 'string'
      ? roleClaim
      : Array.isArray(roleClaim)
        ? roleClaim.filter((r): r is string => typeof r === 'string')
        : undefined,
  );
  const firstName = text(claims.firstName);
  return {
    id,
    title1: text(claims.title1),
    title2: text(claims.title2),
    roles,
    isImpersonatedS: parseBooleanText(claims.isImpersonatedS),
    hasMexEnabled: parseBooleanText(claims.hasMexEnabled),
    hasAnyOrder: parseBooleanText(claims.hasAnyOrder),
    firstName,
    lastName: text(claims.lastName) || firstName,
    loggedIn: true,
    isAdManager: parseBooleanText(claims.isAdManager) || hasAdManagerRole(roles),
    allowSupportInfo: parseBooleanText(claims.allowSupportInfo),
    exp,
  };
}

/** What the SPEC §6 guards need. */
export function guardUserOf(
  user:
    | (Readonly<Pick<SessionUser, 'isImpersonatedS' | 'hasMexEnabled'>> & {
        readonly roles: readonly string[];
      })
    | null,
): GuardUser | null {
  if (!user) return null;
  return {
    roles: user.roles,
    isImpersonated: user.isImpersonatedS,
    hasMexEnabled: user.hasMexEnabled,
  };
}

/** "Erika Mustermann"; a user without names shows as nothing (the caller has a fallback). */
export function displayName(user: Readonly<Pick<SessionUser, 'firstName' | 'lastName'>>): string {
  return user.firstName === user.lastName
    ? user.firstName
    : `${user.firstName} ${user.lastName}`.trim();
}
