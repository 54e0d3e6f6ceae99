/**
 * The audit log of staff changes: who, when, what, before/after. Every staff screen
 * shows the entries of its object (GET …/{id}/history under the screen's own guard).
 */
import { z } from 'zod/mini';

export const AuditEntrySchema = z.object({
  Id: z.number(),
  /** ISO 8601. */
  At: z.string(),
  ActorEmail: z.string(),
  /** e.g. create, update, delete, publish, restore, clear, lock. */
  Action: z.string(),
  /** The object's fields before and after the change (null: none, e.g. before a create). */
  Before: z.nullable(z.unknown()),
  After: z.nullable(z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** Newest first, at most AUDIT_HISTORY_LIMIT. */
export const AuditHistorySchema = z.array(AuditEntrySchema);
export const AUDIT_HISTORY_LIMIT = 100;

/** German labels for the actions, shared by every history view. */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  create: 'angelegt',
  update: 'geändert',
  delete: 'gelöscht',
  publish: 'veröffentlicht',
  unpublish: 'zurückgezogen',
  restore: 'Version wiederhergestellt',
  clear: 'geleert',
  lock: 'gesperrt',
  unlock: 'entsperrt',
  roles: 'Rollen geändert',
  'reset-password': 'Kennwort-Mail verschickt',
  impersonate: 'übernommen',
};
