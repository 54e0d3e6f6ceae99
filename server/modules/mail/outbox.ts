/**
 * The e-mail outbox: callers insert a row in their own transaction (an order and its
 * confirmation are stored together or not at all), and with it the job that delivers it once
 * (sender.ts, the queue's mail lane; docs/decisions/024).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { jobs, outboxEmails } from '../../db/schema';

export const EMAIL_KINDS = [
  'order-confirmation',
  'password-reset',
  'rating-invitation',
  'dealer-notification',
  // The dealer declined an order, with its reason (decision 026).
  'order-declined',
  // A price alarm's threshold was reached (once per crossing).
  'price-alarm',
  // A group order started, joined, left, closed or cancelled (each household's own order
  // confirmation is an 'order-confirmation').
  'group-order',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** The queue job that delivers one outbox row (key: the row's id). */
export const EMAIL_JOB = 'email';
/**
 * The same for a mail somebody is waiting for at the screen (a reset link): a lane of its own, so
 * it never queues behind a burst of order and group mails to a slow relay.
 */
export const EMAIL_URGENT_JOB = 'email-urgent';
const URGENT_KINDS: ReadonlySet<EmailKind> = new Set(['password-reset']);

export function emailJobOf(kind: EmailKind): string {
  return URGENT_KINDS.has(kind) ? EMAIL_URGENT_JOB : EMAIL_JOB;
}
/**
 * Attempts per e-mail: with the lane's back-off (30 s doubling) the last one is about two hours
 * after the first, long enough for a relay's maintenance, short enough that a reset link is not
 * sent a day late.
 */
export const EMAIL_MAX_ATTEMPTS = 8;
export const EMAIL_RETRY_DELAY_MS = 30_000;

export interface OutgoingEmail {
  kind: EmailKind;
  to: string;
  subject: string;
  /** Plain text body; links are absolute paths or URLs the reader can open. */
  text: string;
}

/**
 * Stores the e-mail and its delivery job in one statement, so neither exists without the other
 * even outside a transaction. Due at once by the process clock, the clock the lane claims by
 * (the database's now() is the transaction's start, another host's clock).
 */
export async function enqueueEmail(db: DbOrTx, email: OutgoingEmail): Promise<{ id: number }> {
  const result: unknown = await db.execute(sql`
    with mail as (
      insert into ${outboxEmails} (kind, to_address, subject, text_body)
      values (${email.kind}, ${email.to}, ${email.subject}, ${email.text})
      returning id
    ), job as (
      insert into ${jobs} (name, key, run_at, max_attempts)
      select ${emailJobOf(email.kind)}, mail.id::text, ${new Date().toISOString()}::timestamptz,
             ${EMAIL_MAX_ATTEMPTS}
      from mail
    )
    select id from mail
  `);
  // Both drivers (PGlite, node-postgres) answer a raw query with { rows }.
  const [row] = (result as { rows: { id: number }[] }).rows;
  if (!row) throw new Error('outbox insert returned no row');
  return { id: Number(row.id) };
}
