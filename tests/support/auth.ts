/**
 * Users and request headers for server tests (app.inject):
 *   const user = await createTestUser(t.database, { roles: ['Role_Customer'] });
 *   await t.app.inject({ method: 'POST', url, headers: authHeaders(user), payload });
 * The user is a real app_user row with a real scrypt hash; the token is signed with TEST_SECRET
 * exactly as the server signs it, and the CSRF cookie/header pair is a valid double submit.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { AUTH_COOKIES } from '../../src/api/contract/account';
import type { Database, Db } from '../../server/db/client';
import { users } from '../../server/db/schema';
import {
  createCsrfToken,
  createSessionId,
  csrfBindingOfCookies,
  hashPassword,
  JWT_AUDIENCE,
  JWT_ISSUER,
  jwtKey,
  NO_SESSION,
  SECURE_SID_COOKIE,
  SID_COOKIE,
  tokenClaims,
  type TokenUser,
} from '../../server/modules/account';
import { TEST_SECRET } from './test-app';

/** The staff role prefix the test app uses (buildApp default, config ROLE_PREFIX). */
export const TEST_ROLE_PREFIX = 'Oelkompass.';

export interface TestUserOptions {
  /** Stored as given; staff roles should carry TEST_ROLE_PREFIX (see staffRole). Default customer. */
  roles?: string[];
  email?: string;
  hasMexEnabled?: boolean;
  allowSupportInfo?: boolean;
  password?: string;
  firstName?: string;
  lastName?: string;
  title1?: string;
  title2?: string;
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
  roles: string[];
  hasMexEnabled: boolean;
  allowSupportInfo: boolean;
  firstName: string;
  lastName: string;
  title1: string;
  title2: string;
}

export const DEFAULT_TEST_PASSWORD = 'Test-Passwort-123';

/** e.g. staffRole('Admin') → 'Oelkompass.Admin' */
export function staffRole(name: string): string {
  return `${TEST_ROLE_PREFIX}${name}`;
}

// scrypt is slow on purpose; one hash per distinct password per test process is enough, and test
// users get a cheaper cost (stored in the hash, so the server verifies it as it would any other).
const TEST_HASH_COST = { N: 2 ** 12 };
const hashes = new Map<string, Promise<string>>();

export async function createTestUser(
  database: Database | Db,
  opts: TestUserOptions = {},
): Promise<TestUser> {
  const db = 'db' in database ? database.db : database;
  const password = opts.password ?? DEFAULT_TEST_PASSWORD;
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password, TEST_HASH_COST);
    hashes.set(password, hash);
  }
  const email = (opts.email ?? `test-${randomBytes(6).toString('hex')}@example.org`).toLowerCase();
  const values = {
    email,
    passwordHash: await hash,
    roles: opts.roles ?? ['Role_Customer'],
    hasMexEnabled: opts.hasMexEnabled ?? false,
    allowSupportInfo: opts.allowSupportInfo ?? false,
    firstName: opts.firstName ?? 'Erika',
    lastName: opts.lastName ?? 'Musterfrau',
    title1: opts.title1 ?? 'Frau',
    title2: opts.title2 ?? '',
  };
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  if (!row) throw new Error('createTestUser: insert returned no row');
  return { id: row.id, password, ...values };
}

/**
 * A browser's cookies: its id (ok_sid) and a CSRF value made for it and for the login session
 * `binding` (none by default: a browser without session cookies, e.g. one that sends a bearer).
 */
export function browserCookies(
  sid: string = createSessionId(),
  binding: string = NO_SESSION,
): {
  ok_sid: string;
  ok_csrf: string;
} {
  return { [SID_COOKIE]: sid, [AUTH_COOKIES.csrf]: createCsrfToken(TEST_SECRET, sid, binding) };
}

/**
 * A browser holding the session `cookies`: with its id (`sid`, a new one by default) and a CSRF
 * value the server gave it.
 */
export async function browserCookiesWith(
  cookies: Record<string, string | undefined>,
  sid: string = createSessionId(),
): Promise<{ ok_sid: string; ok_csrf: string }> {
  return browserCookies(sid, await csrfBindingOfCookies(TEST_SECRET, cookies));
}

/** A valid ok_sid + ok_csrf cookie and RequestVerificationToken header (double submit). */
export function csrfHeaders(sid?: string): { cookie: string; RequestVerificationToken: string } {
  const cookies = browserCookies(sid);
  return {
    cookie: `${SID_COOKIE}=${cookies.ok_sid}; ${AUTH_COOKIES.csrf}=${cookies.ok_csrf}`,
    RequestVerificationToken: cookies.ok_csrf,
  };
}

export interface AuthHeaderOptions {
  /** Sign the token as an impersonated session of this staff user id. */
  impersonatorId?: number;
  hasAnyOrder?: boolean;
  /** Lifetime in seconds; negative gives an expired token. Default 900. */
  ttlSeconds?: number;
  /** Sign with another secret (a token the server must refuse). */
  secret?: string;
}

/** A TestUser or any user-like row (id, email, roles; the rest defaults). */
export type AuthSubject = Pick<TestUser, 'id' | 'email' | 'roles'> &
  Partial<Omit<TestUser, 'id' | 'email' | 'roles' | 'password'>>;

/** Bearer token + CSRF pair for `user`, e.g. `headers: authHeaders(user)`. */
export function authHeaders(
  user: AuthSubject,
  opts: AuthHeaderOptions = {},
): Record<string, string> {
  return { authorization: `Bearer ${testToken(user, opts)}`, ...csrfHeaders() };
}

/**
 * An access token as the server signs it (same claims, HS256 with the HMAC(secret, "jwt") key,
 * same issuer and audience), made synchronously with node:crypto so tests can build headers
 * inline; the server verifies it with jose like any other token.
 */
export function testToken(user: AuthSubject, opts: AuthHeaderOptions = {}): string {
  const tokenUser: TokenUser = {
    id: user.id,
    email: user.email,
    roles: user.roles,
    title1: user.title1 ?? '',
    title2: user.title2 ?? '',
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    hasMexEnabled: user.hasMexEnabled ?? false,
    hasAnyOrder: opts.hasAnyOrder ?? false,
    allowSupportInfo: user.allowSupportInfo ?? false,
    impersonatorId: opts.impersonatorId ?? null,
  };
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    ...tokenClaims(tokenUser),
    iss: JWT_ISSUER,
    aud: JWT_AUDIENCE,
    iat: now,
    exp: now + (opts.ttlSeconds ?? 900),
  };
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signingInput = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}`;
  const signature = createHmac('sha256', jwtKey(opts.secret ?? TEST_SECRET))
    .update(signingInput)
    .digest('base64url');
  return `${signingInput}.${signature}`;
}

/**
 * The browser cookies a page answer set (ok_sid and ok_csrf), to send with the next request the
 * way a browser would: `cookies: { ...browserCookiesOf(page) }`.
 */
export function browserCookiesOf(response: {
  cookies: { name: string; value: string }[];
}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of response.cookies) {
    if ([SID_COOKIE, SECURE_SID_COOKIE, AUTH_COOKIES.csrf].includes(c.name)) out[c.name] = c.value;
  }
  return out;
}
