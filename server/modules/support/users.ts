/**
 * Editing a user from the support area (/support/benutzer/{id}/bearbeiten): name and
 * e-mail, roles (admins only), lock and unlock, a set-new-password mail. Every change is written
 * with its audit entry in one transaction (no password hashes in the log).
 *
 * Who may do what (docs/decisions/016):
 * - support (dealer or customer support; admin passes too) edits customer accounts;
 * - a staff account is changed (name, e-mail, lock) by an admin only: a supporter who could set an
 *   admin's e-mail could request that admin's reset mail and take the account over;
 * - roles only by an admin (the route's own guard), and an admin keeps their own Admin role;
 * - nobody locks their own account.
 */
import { eq } from 'drizzle-orm';
import type { SupportUserDetail, SupportUserUpdate } from '../../../src/api/contract/support';
import {
  CUSTOMER_ROLES,
  hasStaffRole,
  isAdmin,
  isStaff,
  STAFF_ROLE_NAMES,
} from '../../../src/lib/roles';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { recordAudit, type AuditActor } from '../audit';
import {
  createResetToken,
  findUserByEmail,
  findUserById,
  revokeAllSessionsOf,
  type UserRow,
} from '../account';
import { enqueueEmail } from '../mail';

export interface Actor extends AuditActor {
  roles: readonly string[];
}

export type Refusal = { status: 403 | 404 | 409; message: string };
export type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

export const userTexts = {
  notFound: 'Diesen Benutzer gibt es nicht.',
  staffNeedsAdmin: 'Mitarbeiterkonten kann nur ein Administrator ändern.',
  emailTaken: 'Diese E-Mail-Adresse gehört bereits zu einem anderen Konto.',
  ownAdmin: 'Sie können sich die Administrator-Rolle nicht selbst entziehen.',
  ownLock: 'Sie können Ihr eigenes Konto nicht sperren.',
  lockedNoMail:
    'Das Konto ist gesperrt: Entsperren Sie es zuerst, sonst kann das neue Kennwort nicht verwendet werden.',
  resetMailSubject: 'Setzen Sie Ihr Kennwort für den Ölkompass neu',
  resetMailText: (name: string, link: string) =>
    `Guten Tag ${name},\n\nunser Kundenservice hat Ihnen auf Ihren Wunsch diesen Link geschickt, mit dem Sie ein neues Kennwort für Ihr Ölkompass-Konto setzen können (60 Minuten gültig, nur einmal verwendbar):\n\n${link}\n\nWenn Sie das nicht erwartet haben, können Sie diese E-Mail ignorieren; Ihr Kennwort bleibt dann unverändert.\n\nIhr Ölkompass-Team`,
} as const;

const refuse = (status: Refusal['status'], message: string): { ok: false; refusal: Refusal } => ({
  ok: false,
  refusal: { status, message },
});

/** The fields an audit entry shows: never the password hash. */
function auditView(user: UserRow) {
  return {
    Title1: user.title1,
    FirstName: user.firstName,
    LastName: user.lastName,
    Email: user.email,
  };
}

export function userDetail(user: UserRow, actor: Actor): SupportUserDetail {
  return {
    Id: user.id,
    Email: user.email,
    Title1: user.title1,
    FirstName: user.firstName,
    LastName: user.lastName,
    Roles: user.roles,
    Active: user.active,
    HasMexEnabled: user.hasMexEnabled,
    CreatedAt: user.createdAt.toISOString(),
    // As the impersonate route decides: active customer accounts, never oneself.
    CanImpersonate: user.active && !isStaff(user.roles) && user.id !== actor.id,
    CanEdit: mayChange(user, actor),
  };
}

function mayChange(user: UserRow, actor: Actor): boolean {
  return !isStaff(user.roles) || isAdmin(actor.roles);
}

/** PostgreSQL unique_violation, wherever the driver wrapper put the code. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

async function loadChangeable(db: Db, id: number, actor: Actor): Promise<Outcome<UserRow>> {
  const user = await findUserById(db, id);
  if (!user) return refuse(404, userTexts.notFound);
  if (!mayChange(user, actor)) return refuse(403, userTexts.staffNeedsAdmin);
  return { ok: true, value: user };
}

export async function updateUser(
  db: Db,
  id: number,
  input: SupportUserUpdate,
  actor: Actor,
): Promise<Outcome<UserRow>> {
  const loaded = await loadChangeable(db, id, actor);
  if (!loaded.ok) return loaded;
  const user = loaded.value;
  const email = input.Email.trim().toLowerCase();
  if (email !== user.email) {
    const other = await findUserByEmail(db, email);
    if (other && other.id !== user.id) return refuse(409, userTexts.emailTaken);
  }
  const next = {
    title1: input.Title1,
    firstName: input.FirstName.trim(),
    lastName: input.LastName.trim(),
    email,
  };
  const before = auditView(user);
  const after = auditView({ ...user, ...next });
  if (JSON.stringify(before) === JSON.stringify(after)) return { ok: true, value: user };
  try {
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ ...next, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      await recordAudit(tx, actor, {
        objectType: 'user',
        objectId: id,
        action: 'update',
        before,
        after,
      });
      return row;
    });
    return updated ? { ok: true, value: updated } : refuse(404, userTexts.notFound);
  } catch (error) {
    // Another account took the address between the check and the update.
    if (isUniqueViolation(error)) return refuse(409, userTexts.emailTaken);
    throw error;
  }
}

/** A stored role as a role name of src/lib/roles.ts, or undefined for one this app does not know. */
function roleName(role: string): string | undefined {
  if ((CUSTOMER_ROLES as readonly string[]).includes(role)) return role;
  return STAFF_ROLE_NAMES.find((name) => hasStaffRole([role], name));
}

/**
 * Sets the roles (names; staff names get the configured prefix). Stored roles this app does not
 * know are kept. When a role is taken away, the user's sessions end: a token carries its roles
 * for up to 15 minutes otherwise.
 */
export async function setRoles(
  db: Db,
  id: number,
  names: readonly string[],
  actor: Actor,
  rolePrefix: string,
): Promise<Outcome<UserRow>> {
  const user = await findUserById(db, id);
  if (!user) return refuse(404, userTexts.notFound);
  const wanted = new Set(names);
  if (user.id === actor.id && isAdmin(user.roles) && !wanted.has('Admin')) {
    return refuse(409, userTexts.ownAdmin);
  }
  const unknown = user.roles.filter((role) => roleName(role) === undefined);
  const roles = [
    ...CUSTOMER_ROLES.filter((role) => wanted.has(role)),
    ...STAFF_ROLE_NAMES.filter((name) => wanted.has(name)).map(
      // A staff role that stays keeps its stored spelling (its prefix).
      (name) => user.roles.find((r) => roleName(r) === name) ?? `${rolePrefix}${name}`,
    ),
    ...unknown,
  ];
  const before = [...user.roles].sort();
  const after = [...roles].sort();
  if (JSON.stringify(before) === JSON.stringify(after)) return { ok: true, value: user };
  const removed = user.roles.some((role) => !roles.includes(role));
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ roles, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    if (removed) await revokeAllSessionsOf(tx, id);
    await recordAudit(tx, actor, {
      objectType: 'user',
      objectId: id,
      action: 'roles',
      before: { Roles: user.roles },
      after: { Roles: roles },
    });
    return row;
  });
  return updated ? { ok: true, value: updated } : refuse(404, userTexts.notFound);
}

/** Locks (active = false, every session ended) or unlocks an account. */
export async function setActive(
  db: Db,
  id: number,
  active: boolean,
  actor: Actor,
): Promise<Outcome<UserRow>> {
  const user = await findUserById(db, id);
  if (!user) return refuse(404, userTexts.notFound);
  if (!active && user.id === actor.id) return refuse(409, userTexts.ownLock);
  if (!mayChange(user, actor)) return refuse(403, userTexts.staffNeedsAdmin);
  if (user.active === active) return { ok: true, value: user };
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ active, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    if (!active) await revokeAllSessionsOf(tx, id);
    await recordAudit(tx, actor, {
      objectType: 'user',
      objectId: id,
      action: active ? 'unlock' : 'lock',
      before: { Active: user.active },
      after: { Active: active },
    });
    return row;
  });
  return updated ? { ok: true, value: updated } : refuse(404, userTexts.notFound);
}

/**
 * The set-new-password mail of the forgot-password flow (a single-use token valid 60 minutes,
 * the link /neues-kennwort-setzen/{token}) through the outbox, sent on a supporter's request.
 */
export async function sendResetMail(
  db: Db,
  id: number,
  actor: Actor,
  absoluteUrl: (path: string) => string,
): Promise<Outcome<UserRow>> {
  const user = await findUserById(db, id);
  if (!user) return refuse(404, userTexts.notFound);
  if (!user.active) return refuse(409, userTexts.lockedNoMail);
  await db.transaction(async (tx) => {
    const token = await createResetToken(tx, user.id);
    await enqueueEmail(tx, {
      kind: 'password-reset',
      to: user.email,
      subject: userTexts.resetMailSubject,
      text: userTexts.resetMailText(
        [user.title1, user.lastName || user.firstName].filter(Boolean).join(' ') || user.email,
        absoluteUrl(`/neues-kennwort-setzen/${token}`),
      ),
    });
    // The address it went to; never the token.
    await recordAudit(tx, actor, {
      objectType: 'user',
      objectId: id,
      action: 'reset-password',
      after: { Email: user.email },
    });
  });
  return { ok: true, value: user };
}
