/**
 * The account module's public face: everything outside server/modules/account uses accounts
 * through this file (eslint.config.js zone (j); zone (i) says the same for server/legacy).
 * - identity and route checks: `request.auth`, requireGuard, requireCsrf, guardAllRoutes (the
 *   auth plugin in server/plugins/auth.ts applies them);
 * - the legacy login, registration and password pages (server/legacy) get a small service below,
 *   without the users table, password hashes, session rows or the CSRF binding;
 * - support reads users and signs in as them; the page renderer issues tokens for a legacy
 *   session; tests/support makes tokens, CSRF values and sessions as the module does.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_COOKIES } from '../../../src/api/contract/account';
import type { Db } from '../../db/client';
import { csrfBindingOf, csrfMatches, sessionIdOf } from './csrf';
import { hashPassword, verifyPassword } from './password';
import { findUserByEmail, findUserById, insertUser } from './repo';
import {
  clearAllAuthCookies,
  clearTokenCookies,
  revokeRequestSessions,
  startLegacySession,
} from './service';
import { createResetToken, findLegacySession } from './sessions';

export { CSRF_FIELD } from './csrf';

export { accountRoutes } from './routes';
export { cookieOptions } from './cookies';
export {
  browserKeyOf,
  createCsrfToken,
  createSessionId,
  csrfBindingOf,
  csrfBindingOfCookies,
  NO_SESSION,
  rebindCsrf,
  SECURE_SID_COOKIE,
  sessionIdOf,
  SID_COOKIE,
} from './csrf';
export {
  guardAllRoutes,
  hoistChecks,
  refuseLapsedIdentity,
  requireCsrf,
  requireGuard,
} from './guards';
export {
  authFromToken,
  bearerToken,
  isAnonymousRequest,
  type AuthOptions,
  type AuthUser,
  type GuardedRoute,
} from './identity';
export { JWT_AUDIENCE, JWT_ISSUER, jwtKey, tokenClaims, type TokenUser } from './jwt';
export { pageGuardRedirect } from './page-guard';
export { hashPassword } from './password';
export { findUserByEmail, findUserById, searchUsers, type UserRow } from './repo';
export {
  DEMO_CUSTOMER_EMAIL,
  demoUsersWanted,
  seedDemoUsers,
  type DemoUserSeedResult,
} from './seed';
export { issueTokens, revokeRequestSessions, startLegacySession } from './service';
export {
  createLegacySession,
  createResetToken,
  findLegacySession,
  isSessionLive,
  revokeAllSessionsOf,
} from './sessions';

/**
 * A form's CSRF value is the browser's own: equal to its `ok_csrf` cookie and made for its id and
 * the login session its cookies carry (csrf.ts).
 */
export async function formCsrfValid(
  request: FastifyRequest,
  submitted: string | undefined,
): Promise<boolean> {
  return csrfMatches(
    request.server.authSecret,
    request.cookies[AUTH_COOKIES.csrf],
    submitted,
    sessionIdOf(request),
    await csrfBindingOf(request),
  );
}

/** The e-mail of the user the browser's legacy session belongs to (the login page says so). */
export async function legacySessionEmail(
  db: Db,
  request: FastifyRequest,
): Promise<string | undefined> {
  const session = await findLegacySession(db, request.cookies[AUTH_COOKIES.legacy]);
  return session ? (await findUserById(db, session.userId))?.email : undefined;
}

export interface NewCustomer {
  email: string;
  title1: string;
  firstName: string;
  lastName: string;
}

/** A customer account with this password; undefined when the e-mail address is taken. */
export async function registerCustomer(
  db: Db,
  customer: NewCustomer,
  password: string,
): Promise<{ id: number } | undefined> {
  const created = await insertUser(db, {
    ...customer,
    passwordHash: await hashPassword(password),
    roles: ['Role_Customer'],
  });
  return created ? { id: created.id } : undefined;
}

/** A scrypt hash of a random password: wrong e-mails cost as much time as wrong passwords. */
let dummyHash: Promise<string> | undefined;

/**
 * The active user with this e-mail and password, else undefined. Takes one scrypt verification
 * either way, so the answer's timing does not tell whether the address has an account.
 */
export async function checkLogin(
  db: Db,
  email: string,
  password: string,
): Promise<{ id: number } | { locked: true } | undefined> {
  const user = email && password ? await findUserByEmail(db, email) : undefined;
  dummyHash ??= hashPassword(crypto.randomUUID());
  // The same work for every outcome: the time does not say whether the address has an account.
  const valid = user
    ? await verifyPassword(password, user.passwordHash)
    : (await verifyPassword(password, await dummyHash), false);
  if (!user || !valid) return undefined;
  // A locked account learns it only with the right password (it was told the password
  // was wrong); a stranger still learns nothing about the address.
  return user.active ? { id: user.id } : { locked: true };
}

/**
 * Signs the browser in as `userId` with a legacy session (the app exchanges it for tokens). A
 * previous session in this browser (another user, or impersonation) ends here, and its token
 * cookies must not make the app believe it is still signed in (decision 008).
 */
export async function signInBrowser(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<void> {
  await revokeRequestSessions(app, request);
  clearTokenCookies(request, reply);
  await startLegacySession(app, request, reply, { userId, impersonatorId: null });
}

/** Ends every session the browser carries and clears its auth cookies (a new id and CSRF value). */
export async function signOutBrowser(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  await revokeRequestSessions(app, request);
  clearAllAuthCookies(request, reply);
}

export interface PasswordReset {
  /** The one-time token of the link /neues-kennwort-setzen/{token}. */
  token: string;
  to: string;
  /** "Frau Muster", else the first name, else the address. */
  salutation: string;
}

/** A password-reset token for the active account with this e-mail; undefined when there is none. */
export async function startPasswordReset(
  db: Db,
  email: string,
): Promise<PasswordReset | undefined> {
  const user = await findUserByEmail(db, email);
  if (!user?.active) return undefined;
  return {
    token: await createResetToken(db, user.id),
    to: user.email,
    salutation:
      [user.title1, user.lastName || user.firstName].filter(Boolean).join(' ') || user.email,
  };
}
