/**
 * The e-mail outbox: callers insert a row (in their own transaction, so an order and its
 * confirmation are stored together or not at all); the sender (sender.ts) delivers it later.
 */
import type { Db } from '../../db/client';
import { outboxEmails } from '../../db/schema';

export const EMAIL_KINDS = [
  'order-confirmation',
  'password-reset',
  'rating-invitation',
  'dealer-notification',
  // Issue 14: a price alarm's threshold was reached (once per crossing).
  'price-alarm',
  // Issue 39: a group order started, joined, left, closed or cancelled (each household's own
  // order confirmation is an 'order-confirmation').
  'group-order',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export interface OutgoingEmail {
  kind: EmailKind;
  to: string;
  subject: string;
  /** Plain text body; links are absolute paths or URLs the reader can open. */
  text: string;
}

/** The database or a transaction of it (`db.transaction(async (tx) => enqueueEmail(tx, …))`). */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export async function enqueueEmail(db: DbOrTx, email: OutgoingEmail): Promise<{ id: number }> {
  const [row] = await db
    .insert(outboxEmails)
    .values({
      kind: email.kind,
      toAddress: email.to,
      subject: email.subject,
      textBody: email.text,
    })
    .returning({ id: outboxEmails.id });
  if (!row) throw new Error('outbox insert returned no row');
  return row;
}
