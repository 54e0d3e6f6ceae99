/**
 * Delivers the outbox. With SMTP_URL: nodemailer over SMTP, a failed row keeps its attempts and
 * last error and is retried on later polls (up to MAX_ATTEMPTS). Without: every e-mail is logged
 * and written to `${DATA_DIR}/mail/<id>-<kind>.json` ({ to, subject, text }), so developers and
 * end-to-end tests can open the links (the mock mailbox of epic-stack).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { outboxEmails } from '../../db/schema';

export const MAX_ATTEMPTS = 5;
/** Small, so a reset link arrives while the user still looks at the page. */
export const POLL_INTERVAL_MS = 2000;
const BATCH = 20;

export interface Delivery {
  to: string;
  subject: string;
  text: string;
  kind: string;
  id: number;
}

export type Deliver = (mail: Delivery) => Promise<void>;

/** SMTP delivery through nodemailer. */
export function smtpDeliver(smtpUrl: string, from: string): Deliver {
  const transport = nodemailer.createTransport(smtpUrl);
  return async (mail) => {
    await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
  };
}

/** No SMTP: log the e-mail and keep it as a JSON file under `${dataDir}/mail`. */
export function fileDeliver(dataDir: string, log: FastifyBaseLogger): Deliver {
  const dir = join(dataDir, 'mail');
  return async (mail) => {
    await mkdir(dir, { recursive: true });
    const file = join(dir, `${mail.id}-${mail.kind}.json`);
    await writeFile(
      file,
      `${JSON.stringify({ to: mail.to, subject: mail.subject, text: mail.text }, null, 2)}\n`,
    );
    // Recipient and text stay in the file: the log carries no personal data.
    log.info(
      { mail: { id: mail.id, kind: mail.kind }, file },
      'e-mail (no SMTP_URL: written to file)',
    );
  };
}

/** Sends every pending row once; answers how many were sent and how many failed. */
export async function sendPendingEmails(
  db: Db,
  deliver: Deliver,
  log?: FastifyBaseLogger,
): Promise<{ sent: number; failed: number }> {
  const pending = await db
    .select()
    .from(outboxEmails)
    .where(and(isNull(outboxEmails.sentAt), lt(outboxEmails.attempts, MAX_ATTEMPTS)))
    .orderBy(asc(outboxEmails.id))
    .limit(BATCH);
  let sent = 0;
  let failed = 0;
  for (const row of pending) {
    try {
      await deliver({
        id: row.id,
        kind: row.kind,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
      });
      await db
        .update(outboxEmails)
        .set({ sentAt: new Date(), attempts: row.attempts + 1, lastError: null })
        .where(eq(outboxEmails.id, row.id));
      sent++;
    } catch (error) {
      failed++;
      const message = error instanceof Error ? error.message : String(error);
      log?.warn({ err: error, outboxId: row.id }, 'e-mail delivery failed');
      await db
        .update(outboxEmails)
        .set({ attempts: row.attempts + 1, lastError: message.slice(0, 1000) })
        .where(eq(outboxEmails.id, row.id));
    }
  }
  return { sent, failed };
}

export interface MailSenderOptions {
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  intervalMs?: number;
}

/** Polls the outbox while the app runs; stops on close. */
export const mailSenderPlugin = fp<MailSenderOptions>(
  async (app, opts) => {
    const deliver = opts.smtpUrl
      ? smtpDeliver(opts.smtpUrl, opts.mailFrom)
      : fileDeliver(opts.dataDir, app.log);
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> | undefined;
    let closed = false;
    const tick = () => {
      running = sendPendingEmails(app.db, deliver, app.log)
        .catch((error: unknown) => app.log.error({ err: error }, 'outbox poll failed'))
        .finally(() => {
          running = undefined;
          if (!closed) timer = setTimeout(tick, opts.intervalMs ?? POLL_INTERVAL_MS);
        });
    };
    app.addHook('onReady', async () => {
      timer = setTimeout(tick, opts.intervalMs ?? POLL_INTERVAL_MS);
    });
    // preClose runs before any onClose hook, so the database is still open for a running poll.
    app.addHook('preClose', async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      await running;
    });
  },
  { name: 'mail-sender', dependencies: ['database'] },
);
