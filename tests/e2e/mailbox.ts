/**
 * The mock mailbox: without SMTP the server writes every mail to DATA_DIR/mail/<id>-<kind>.json
 * (server/modules/mail/sender.ts).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

// Same folder as playwright.config.ts gives the server.
export const MAIL_DIR = join(
  process.env.E2E_PORT ? `var/e2e-${process.env.E2E_PORT}` : 'var/e2e',
  'mail',
);

export interface MailFile {
  to: string;
  subject: string;
  text: string;
}

/** The mails of one kind (newest last), as the sender wrote them. */
export async function mailsOf(kind: string): Promise<MailFile[]> {
  const files = await readdir(MAIL_DIR).catch(() => [] as string[]);
  const mine = files
    .filter((f) => f.endsWith(`-${kind}.json`))
    .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10));
  const mails = await Promise.all(
    mine.map(async (f) => {
      // A file the sender is still writing is read on the next poll.
      try {
        return JSON.parse(await readFile(join(MAIL_DIR, f), 'utf8')) as MailFile;
      } catch {
        return undefined;
      }
    }),
  );
  return mails.filter((m): m is MailFile => m !== undefined);
}
