/**
 * Delivers the outbox, each e-mail exactly once however many server processes run: every row has
 * a job on the queue's mail lane (outbox.ts), which one process claims, renews while the relay
 * takes its time, and retries with back-off when the relay refuses (docs/decisions/024).
 *
 * With SMTP_URL: nodemailer over SMTP, the Message-ID and X-Oelkompass-Outbox-Id naming the row,
 * so the one duplicate the queue cannot rule out (a process dying after the relay took the mail
 * and before the row was marked) is recognisable. Without: every e-mail is logged and written to
 * `${DATA_DIR}/mail/<id>-<kind>.json` ({ to, subject, text }), so developers and end-to-end tests
 * can open the links (the mock mailbox of epic-stack).
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { outboxEmails } from '../../db/schema';
import { untilStored, type JobQueue } from '../../jobs';
import { EMAIL_JOB, EMAIL_MAX_ATTEMPTS, EMAIL_RETRY_DELAY_MS, EMAIL_URGENT_JOB } from './outbox';

/** How often the mail lane asks for due mails. */
export const POLL_INTERVAL_MS = 2000;
/** The urgent lane asks more often: a reset link should arrive while the user looks at the page. */
export const URGENT_POLL_INTERVAL_MS = 1000;
/**
 * E-mails one process hands to the relay at once: a relay that takes seconds per mail is not
 * waited on one by one (a burst of group-order mails drained at 2 per second per process with 2).
 */
const CONCURRENCY = 4;
const URGENT_CONCURRENCY = 2;

export interface Delivery {
  to: string;
  subject: string;
  text: string;
  kind: string;
  id: number;
}

export type Deliver = (mail: Delivery) => Promise<void>;

/** The domain of the Message-ID: the sender's own (RFC 5322 §3.6.4), else a fixed one. */
function messageIdDomain(from: string): string {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'oelkompass.invalid';
}

/** SMTP delivery through nodemailer. */
export function smtpDeliver(smtpUrl: string, from: string): Deliver {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    // A relay that stops answering must not hold the claim forever (the heartbeat would renew
    // it): the attempt fails and is retried later.
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  const domain = messageIdDomain(from);
  return async (mail) => {
    await transport.sendMail({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      messageId: `<outbox-${mail.id}@${domain}>`,
      headers: { 'X-Oelkompass-Outbox-Id': String(mail.id) },
    });
  };
}

/** No SMTP: log the e-mail and keep it as a JSON file under `${dataDir}/mail`. */
export function fileDeliver(dataDir: string, log: FastifyBaseLogger): Deliver {
  const dir = join(dataDir, 'mail');
  return async (mail) => {
    await mkdir(dir, { recursive: true });
    const file = join(dir, `${mail.id}-${mail.kind}.json`);
    // Written beside and renamed: a reader (the end-to-end tests' mailbox) never sees half a file.
    const partial = `${file}.${process.pid}.tmp`;
    await writeFile(
      partial,
      `${JSON.stringify({ to: mail.to, subject: mail.subject, text: mail.text }, null, 2)}\n`,
    );
    await rename(partial, file);
    // Recipient and text stay in the file: the log carries no personal data.
    log.info(
      { mail: { id: mail.id, kind: mail.kind }, file },
      'e-mail (no SMTP_URL: written to file)',
    );
  };
}

/**
 * Delivers outbox row `id` unless it was sent before (a job run again after its process died
 * between the relay and the mark); marks it sent. A failure is noted on the row and thrown, so
 * the queue retries the job later.
 */
export async function deliverOutboxRow(db: Db, deliver: Deliver, id: number): Promise<void> {
  const [row] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
  if (!row || row.sentAt) return;
  try {
    await deliver({
      id: row.id,
      kind: row.kind,
      to: row.toAddress,
      subject: row.subject,
      text: row.textBody,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // The relay refused: noted for the staff, best effort (the job keeps the error too).
    await db
      .update(outboxEmails)
      .set({ attempts: sql`${outboxEmails.attempts} + 1`, lastError: message.slice(0, 1000) })
      .where(eq(outboxEmails.id, id))
      .catch(() => undefined);
    throw error;
  }
  // The relay has it: from here on only this process knows, so the mark is tried until the
  // database takes it. Thrown instead (the database away for a moment), the job would be retried
  // and the mail sent a second time.
  const sentAt = new Date();
  await untilStored(() =>
    db
      .update(outboxEmails)
      .set({ sentAt, attempts: sql`${outboxEmails.attempts} + 1`, lastError: null })
      .where(and(eq(outboxEmails.id, id), isNull(outboxEmails.sentAt))),
  );
}

/** Registers an e-mail job (EMAIL_JOB by default, or EMAIL_URGENT_JOB) on `queue`, a mail lane. */
export function registerEmailJob(
  queue: JobQueue,
  db: Db,
  deliver: Deliver,
  name: string = EMAIL_JOB,
): void {
  queue.register(name, async ({ key }) => deliverOutboxRow(db, deliver, Number(key)), {
    maxAttempts: EMAIL_MAX_ATTEMPTS,
    retryDelayMs: EMAIL_RETRY_DELAY_MS,
  });
}

export interface MailSenderOptions {
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  intervalMs?: number;
}

/**
 * The mail lanes: bulk mail every POLL_INTERVAL_MS, urgent mail every URGENT_POLL_INTERVAL_MS, in
 * server processes (the jobs plugin starts and stops them with the others).
 */
export const mailSenderPlugin = fp<MailSenderOptions>(
  async (app, opts) => {
    const deliver = opts.smtpUrl
      ? smtpDeliver(opts.smtpUrl, opts.mailFrom)
      : fileDeliver(opts.dataDir, app.log);
    const lane = app.jobLanes.add('mail', {
      tickMs: opts.intervalMs ?? POLL_INTERVAL_MS,
      concurrency: CONCURRENCY,
    });
    registerEmailJob(lane, app.db, deliver);
    const urgent = app.jobLanes.add('mail-urgent', {
      tickMs: opts.intervalMs ?? URGENT_POLL_INTERVAL_MS,
      concurrency: URGENT_CONCURRENCY,
    });
    registerEmailJob(urgent, app.db, deliver, EMAIL_URGENT_JOB);
  },
  { name: 'mail-sender', dependencies: ['database', 'jobs'] },
);
