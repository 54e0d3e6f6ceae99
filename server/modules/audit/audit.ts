/**
 * The audit log: every staff change is written with who, when, what and the object's
 * fields before and after. Callers pass plain JSON-able objects; secrets (password hashes,
 * device keys) must be left out by the caller.
 */
import { and, desc, eq } from 'drizzle-orm';
import { AUDIT_HISTORY_LIMIT, type AuditEntry } from '../../../src/api/contract/audit';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface AuditActor {
  id: number;
  email: string;
}

export interface AuditChange {
  objectType: string;
  objectId: string | number;
  action: string;
  before?: unknown;
  after?: unknown;
}

/** JSON round trip: Dates become ISO strings, undefined fields drop out. */
function asJson(value: unknown): unknown {
  return value === undefined || value === null ? null : JSON.parse(JSON.stringify(value));
}

/** Writes one entry; pass the transaction when the change runs in one, so both land or neither. */
export async function recordAudit(db: Db, actor: AuditActor, change: AuditChange): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    objectType: change.objectType,
    objectId: String(change.objectId),
    action: change.action,
    before: asJson(change.before),
    after: asJson(change.after),
  });
}

/** The entries of one object, newest first. */
export async function auditHistory(
  db: Db,
  objectType: string,
  objectId: string | number,
): Promise<AuditEntry[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.objectType, objectType), eq(auditLog.objectId, String(objectId))))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_HISTORY_LIMIT);
  return rows.map((r) => ({
    Id: r.id,
    At: r.at.toISOString(),
    ActorEmail: r.actorEmail,
    Action: r.action,
    Before: r.before ?? null,
    After: r.after ?? null,
  }));
}

/** The acting staff member of a guarded request (the guard has run, so auth is set). */
export function actorOf(request: { auth: { id: number; email: string } | null }): AuditActor {
  if (!request.auth) throw new Error('actorOf: a guarded route without a user');
  return { id: request.auth.id, email: request.auth.email };
}
