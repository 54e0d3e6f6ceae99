/**
 * Server-side session state (docs/decisions/008): legacy sessions behind `ok_auth`, rotating
 * refresh tokens behind `ok_refresh`, and single-use password-reset tokens. Cookies and links
 * carry 32 random bytes; the database keeps only their SHA-256, so a leaked table hands out
 * nothing.
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { legacySessions, oneTimeTokens, refreshTokens, users } from '../../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Legacy session lifetime, extended by GET /session/renew (sliding). Product choice. */
export const LEGACY_SESSION_TTL_MS = 30 * DAY_MS;
/** docs/decisions/008: refresh tokens live 30 days. */
export const REFRESH_TOKEN_TTL_MS = 30 * DAY_MS;
/**
 * A used refresh token whose use is not tied to a browser (used before the browser was stored with it) still
 * answers with its (unused) successor this long instead of counting as reuse: the answer that
 * carried the successor may have been lost on the way. Okta's grace allows up to 60 s.
 * A use tied to a browser gets its retry from that browser for the token's whole life
 * (rotateRefreshToken): a lost answer followed by an outage of minutes logs no one out.
 */
export const REFRESH_REUSE_GRACE_MS = 60_000;
/** The reset link is valid for 60 minutes. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** Values we issue are 43 characters of base64url; anything else is not looked up. */
function plausible(value: string | undefined | null): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{20,128}$/.test(value);
}

// --- legacy sessions -------------------------------------------------------------------------

export interface SessionRef {
  userId: number;
  impersonatorId: number | null;
}

export async function createLegacySession(
  db: Db,
  userId: number,
  impersonatorId: number | null = null,
): Promise<string> {
  const value = randomToken();
  await db.insert(legacySessions).values({
    tokenHash: hashToken(value),
    userId,
    impersonatorId,
    expiresAt: new Date(Date.now() + LEGACY_SESSION_TTL_MS),
  });
  return value;
}

/** The live session behind a cookie value: not revoked, not expired, user active. */
export async function findLegacySession(
  db: Db,
  value: string | undefined,
): Promise<SessionRef | undefined> {
  if (!plausible(value)) return undefined;
  const [row] = await db
    .select({ userId: legacySessions.userId, impersonatorId: legacySessions.impersonatorId })
    .from(legacySessions)
    .innerJoin(users, eq(users.id, legacySessions.userId))
    .where(
      and(
        eq(legacySessions.tokenHash, hashToken(value)),
        isNull(legacySessions.revokedAt),
        gt(legacySessions.expiresAt, new Date()),
        eq(users.active, true),
      ),
    )
    .limit(1);
  return row;
}

/** Extends a live session (GET /session/renew); false when there is none. */
export async function renewLegacySession(db: Db, value: string | undefined): Promise<boolean> {
  if (!plausible(value)) return false;
  const renewed = await db
    .update(legacySessions)
    .set({ expiresAt: new Date(Date.now() + LEGACY_SESSION_TTL_MS) })
    .where(
      and(
        eq(legacySessions.tokenHash, hashToken(value)),
        isNull(legacySessions.revokedAt),
        gt(legacySessions.expiresAt, new Date()),
      ),
    )
    .returning({ userId: legacySessions.userId });
  return renewed.length > 0;
}

export async function revokeLegacySession(db: Db, value: string | undefined): Promise<void> {
  if (!plausible(value)) return;
  await db
    .update(legacySessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(legacySessions.tokenHash, hashToken(value)), isNull(legacySessions.revokedAt)));
}

// --- refresh tokens --------------------------------------------------------------------------

export async function issueRefreshToken(
  db: Db,
  ref: SessionRef,
  familyId: string = randomUUID(),
  value: string = randomToken(),
): Promise<{ value: string; familyId: string }> {
  await db
    .insert(refreshTokens)
    .values({
      tokenHash: hashToken(value),
      familyId,
      userId: ref.userId,
      impersonatorId: ref.impersonatorId,
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
    })
    // Two concurrent retries of one token derive the same successor: the second finds it.
    .onConflictDoNothing();
  return { value, familyId };
}

/**
 * The successor of a refresh token is derived from it, HMAC(secret, token): as unguessable as a
 * random value, yet the server can hand the same successor out again when a retry presents the
 * token whose answer was lost, without keeping any token value at rest (only SHA-256 hashes).
 */
export function successorOf(secret: string, value: string): string {
  return createHmac('sha256', secret).update(`refresh-successor:${value}`).digest('base64url');
}

export type RotateResult =
  | { kind: 'ok'; ref: SessionRef; value: string; familyId: string }
  | { kind: 'invalid' }
  /** A used or revoked token came back: the whole family is revoked now. */
  | { kind: 'reused' };

/**
 * Uses a refresh token once and issues its successor in the same family. The conditional
 * update makes two concurrent uses of one token end in one success and one retry.
 *
 * A retry after a lost answer gets that same successor again, as long as the successor has not
 * been used: from the browser that used the token (`browser`, browserKeyOf its id), for as long
 * as the token would have been valid, whatever the outage in between; for a use not
 * tied to a browser, within REFRESH_REUSE_GRACE_MS. Anything else presented a second time — by
 * another browser, or after the successor was used — is reuse (theft detection): the whole
 * family is revoked.
 */
export async function rotateRefreshToken(
  db: Db,
  secret: string,
  value: string | undefined,
  browser: string | undefined,
  now: Date = new Date(),
): Promise<RotateResult> {
  if (!plausible(value)) return { kind: 'invalid' };
  const tokenHash = hashToken(value);
  const [claimed] = await db
    .update(refreshTokens)
    .set({ usedAt: now, usedBy: browser ?? null })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
      ),
    )
    .returning();
  const successor = successorOf(secret, value);
  if (!claimed) {
    const [known] = await db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .limit(1);
    if (!known) return { kind: 'invalid' };
    const retryMayCome =
      known.usedBy === null
        ? known.usedAt !== null && now.getTime() - known.usedAt.getTime() <= REFRESH_REUSE_GRACE_MS
        : known.usedBy === browser && known.expiresAt > now;
    if (known.usedAt && !known.revokedAt && retryMayCome) {
      const [next] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(successor)))
        .limit(1);
      // No successor yet: the first use is still on its way (two tabs at once); derive it here,
      // the insert of whichever comes second does nothing.
      const retry = next
        ? !next.usedAt && !next.revokedAt && next.familyId === known.familyId
        : true;
      if (retry && (await userActive(db, known.userId))) {
        const ref = { userId: known.userId, impersonatorId: known.impersonatorId };
        if (!next) await issueRefreshToken(db, ref, known.familyId, successor);
        return { kind: 'ok', ref, value: successor, familyId: known.familyId };
      }
    }
    if (known.usedAt || known.revokedAt) {
      await revokeRefreshFamily(db, known.familyId);
      return { kind: 'reused' };
    }
    return { kind: 'invalid' };
  }
  if (!(await userActive(db, claimed.userId))) {
    await revokeRefreshFamily(db, claimed.familyId);
    return { kind: 'invalid' };
  }
  const ref = { userId: claimed.userId, impersonatorId: claimed.impersonatorId };
  const next = await issueRefreshToken(db, ref, claimed.familyId, successor);
  return { kind: 'ok', ref, ...next };
}

async function userActive(db: Db, userId: number): Promise<boolean> {
  const [user] = await db
    .select({ active: users.active })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user?.active === true;
}

/** The family of a presented token (logout), whether or not it is still usable. */
export async function refreshFamilyOf(
  db: Db,
  value: string | undefined,
): Promise<string | undefined> {
  if (!plausible(value)) return undefined;
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(value)))
    .limit(1);
  return row?.familyId;
}

/**
 * Whether a session (refresh family) is still live: not revoked by a logout, an ended
 * impersonation, a reuse or a password reset. One indexed lookup (refresh_token_family_idx).
 */
export async function isSessionLive(db: Db, familyId: string): Promise<boolean> {
  const [row] = await db
    .select({ revokedAt: refreshTokens.revokedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.familyId, familyId))
    .orderBy(desc(refreshTokens.createdAt))
    .limit(1);
  return row !== undefined && row.revokedAt === null;
}

export async function revokeRefreshFamily(db: Db, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Ends every session of a user (password reset). */
export async function revokeAllSessionsOf(db: Db, userId: number): Promise<void> {
  const now = new Date();
  await db
    .update(legacySessions)
    .set({ revokedAt: now })
    .where(and(eq(legacySessions.userId, userId), isNull(legacySessions.revokedAt)));
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

// --- password reset tokens -------------------------------------------------------------------

export const RESET_PURPOSE = 'password-reset';

export async function createResetToken(db: Db, userId: number): Promise<string> {
  const value = randomToken();
  await db.insert(oneTimeTokens).values({
    tokenHash: hashToken(value),
    purpose: RESET_PURPOSE,
    userId,
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
  });
  return value;
}

function liveReset(value: string, now: Date) {
  return and(
    eq(oneTimeTokens.tokenHash, hashToken(value)),
    eq(oneTimeTokens.purpose, RESET_PURPOSE),
    isNull(oneTimeTokens.usedAt),
    gt(oneTimeTokens.expiresAt, now),
  );
}

export async function isResetTokenValid(db: Db, value: string): Promise<boolean> {
  if (!plausible(value)) return false;
  const [row] = await db
    .select({ userId: oneTimeTokens.userId })
    .from(oneTimeTokens)
    .where(liveReset(value, new Date()))
    .limit(1);
  return row?.userId != null;
}

/** Marks the token used (atomically: a second use finds nothing) and answers its user. */
export async function consumeResetToken(db: Db, value: string): Promise<number | undefined> {
  if (!plausible(value)) return undefined;
  const now = new Date();
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(liveReset(value, now))
    .returning({ userId: oneTimeTokens.userId });
  return row?.userId ?? undefined;
}
