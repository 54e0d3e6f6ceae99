/**
 * Access tokens (docs/decisions/008): jose HS256 with a key derived from the app secret
 * (HMAC(SECRET, "jwt"), so the cookie-signing secret itself never signs tokens), issuer
 * `oelkompass`, audience `oelkompass-app`, claims as SPEC §3 "Logged-in user" / contract
 * TokenClaimsSchema.
 */
import { createHmac } from 'node:crypto';
import { SignJWT, compactVerify, jwtVerify } from 'jose';
import { TokenClaimsSchema, type TokenClaims } from '../../../src/api/contract/account';
import { isAdManager, normaliseRoles } from '../../../src/lib/roles';

export const JWT_ISSUER = 'oelkompass';
export const JWT_AUDIENCE = 'oelkompass-app';

/** What a token says about its user; the claims are derived from it. */
export interface TokenUser {
  id: number;
  email: string;
  roles: readonly string[];
  title1: string;
  title2: string;
  firstName: string;
  lastName: string;
  hasMexEnabled: boolean;
  hasAnyOrder: boolean;
  allowSupportInfo: boolean;
  /** Set when support staff act as this user: the staff user's id (claim `imp`). */
  impersonatorId: number | null;
  /**
   * The session the token belongs to: its refresh-token family (claim `sid`). A logout or an
   * ended impersonation revokes the family, and routes that change state or show personal data
   * refuse its tokens from then on (docs/decisions/008).
   */
  sessionId?: string | null;
}

/** A verified token: the parsed claims plus the normalised user. */
export interface VerifiedToken {
  claims: TokenClaims & { imp?: number };
  user: TokenUser & { isImpersonated: boolean; isAdManager: boolean };
}

const keys = new Map<string, Uint8Array>();

/** HMAC(secret, "jwt"): the signing key (docs/decisions/008). */
export function jwtKey(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    key = new Uint8Array(createHmac('sha256', secret).update('jwt').digest());
    keys.set(secret, key);
  }
  return key;
}

/** The token payload for a user (without the registered claims iss, aud, iat, exp). */
export function tokenClaims(user: TokenUser): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    sub: user.email,
    id: user.id,
    title1: user.title1,
    title2: user.title2,
    role: [...user.roles],
    isImpersonatedS: user.impersonatorId !== null ? 'true' : 'false',
    hasMexEnabled: user.hasMexEnabled,
    hasAnyOrder: user.hasAnyOrder,
    firstName: user.firstName,
    // SPEC §3: lastName falls back to the first name.
    lastName: user.lastName || user.firstName,
    // SPEC §3 lists isAdManager as a claim of its own; it follows from the roles.
    isAdManager: isAdManager(user.roles),
    allowSupportInfo: user.allowSupportInfo,
  };
  if (user.impersonatorId !== null) payload.imp = user.impersonatorId;
  if (user.sessionId) payload.sid = user.sessionId;
  return payload;
}

export async function signAccessToken(
  secret: string,
  user: TokenUser,
  ttlSeconds: number,
): Promise<{ token: string; expiresAt: number }> {
  const now = Math.floor(Date.now() / 1000);
  const expiresAt = now + ttlSeconds;
  const token = await new SignJWT(tokenClaims(user))
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(expiresAt)
    .sign(jwtKey(secret));
  return { token, expiresAt };
}

/** SPEC §5 boolean text: true, yes, ja, 1 (case-insensitive). */
export function flag(value: boolean | string | undefined): boolean {
  if (typeof value === 'boolean') return value;
  if (value === undefined) return false;
  return ['true', 'yes', 'ja', '1'].includes(value.trim().toLowerCase());
}

/** The verified token, or null when it is malformed, tampered with, expired or not ours. */
export async function verifyAccessToken(
  secret: string,
  token: string,
): Promise<VerifiedToken | null> {
  if (!token || token.length > 4096) return null;
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, jwtKey(secret), {
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
      algorithms: ['HS256'],
    }));
  } catch {
    return null;
  }
  const parsed = TokenClaimsSchema.safeParse(payload);
  if (!parsed.success) return null;
  const claims = parsed.data;
  const id = typeof claims.id === 'number' ? claims.id : Number(claims.id);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const rawImp = (payload as { imp?: unknown }).imp;
  const imp = typeof rawImp === 'number' && Number.isSafeInteger(rawImp) ? rawImp : null;
  const rawSid = (payload as { sid?: unknown }).sid;
  const sessionId = typeof rawSid === 'string' && rawSid.length <= 64 ? rawSid : null;
  const roles = normaliseRoles(claims.role);
  const firstName = claims.firstName ?? '';
  return {
    claims: imp === null ? claims : { ...claims, imp },
    user: {
      id,
      email: claims.sub,
      roles,
      title1: claims.title1 ?? '',
      title2: claims.title2 ?? '',
      firstName,
      lastName: claims.lastName || firstName,
      hasMexEnabled: flag(claims.hasMexEnabled),
      hasAnyOrder: flag(claims.hasAnyOrder),
      allowSupportInfo: flag(claims.allowSupportInfo),
      impersonatorId: imp,
      sessionId,
      isImpersonated: flag(claims.isImpersonatedS),
      isAdManager: flag(claims.isAdManager),
    },
  };
}

/**
 * The session (claim `sid`) of a token we signed, expired or not; null for anything else. For the
 * CSRF binding (csrf.ts): the refresh call comes with an expired token of the same session.
 */
export async function tokenSessionId(secret: string, token: string): Promise<string | null> {
  if (!token || token.length > 4096) return null;
  let payload: unknown;
  try {
    const verified = await compactVerify(token, jwtKey(secret), { algorithms: ['HS256'] });
    payload = JSON.parse(new TextDecoder().decode(verified.payload));
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null) return null;
  const { iss, aud, sid } = payload as { iss?: unknown; aud?: unknown; sid?: unknown };
  const audiences: unknown[] = Array.isArray(aud) ? aud : [aud];
  if (iss !== JWT_ISSUER || !audiences.includes(JWT_AUDIENCE)) return null;
  return typeof sid === 'string' && sid.length > 0 && sid.length <= 64 ? sid : null;
}
