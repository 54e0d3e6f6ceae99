/**
 * Price alarms in the account: the demo customer creates an alarm on the customer home
 * page, sees it listed, pauses and resumes it and deletes it after a confirmation. A new alarm is
 * checked at once: one above today's best price mails within seconds, and exactly once (resuming
 * it does not mail again). The hourly runs and concurrent checks are proven on the server
 * (alarms.test.ts).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  PriceAlarmListSchema,
  PriceAlarmSchema,
  type PriceAlarm,
} from '../../src/api/contract/mex';
import { DEMO_USERS } from './demo-users';
import { acceptConsent, expect, test } from './fixtures';
import { mailsOf } from './mailbox';
import { loginOnLegacyPage } from './session-login';

async function loginAsDemoCustomer(page: Page) {
  await page.goto('/kunde/startseite');
  await expect(page).toHaveURL(/\/konto\/anmelden-registrieren\?ReturnUrl=/);
  await loginOnLegacyPage(page, DEMO_USERS.customer.email, DEMO_USERS.password);
  await expect(page).toHaveURL('/kunde/startseite');
}

/** The price-alarm mails to the demo customer about 80331. */
async function alarmMails(): Promise<number> {
  const mails = await mailsOf('price-alarm');
  return mails.filter((m) => m.to === DEMO_USERS.customer.email && m.subject.includes('80331'))
    .length;
}

const ALARMS_API = '/api/jwt/kunde/preisalarme';

/** One of the customer's alarms as the server has it now (the session's cookies log it in). */
async function alarmOf(page: Page, id: number): Promise<PriceAlarm | undefined> {
  const answer = await page.request.get(ALARMS_API);
  expect(answer.status()).toBe(200);
  return PriceAlarmListSchema.parse(await answer.json()).Alarms.find((a) => a.Id === id);
}

test('the demo customer creates, pauses, resumes and deletes a price alarm', async ({ page }) => {
  await loginAsDemoCustomer(page);
  await acceptConsent(page);
  const section = page.getByRole('region', { name: 'Preisalarme' });
  await expect(section).toBeVisible();
  const list = section.getByRole('list', { name: 'Ihre Preisalarme' });
  // A previous run of this spec on the same database may have left one: start clean.
  for (const old of await list.getByRole('listitem').filter({ hasText: '80331' }).all()) {
    await old.getByRole('button', { name: 'Löschen' }).click();
    await old.getByRole('button', { name: 'Ja, löschen' }).click();
  }

  // Field errors from the contract's schema before anything is sent.
  await section.getByLabel('Postleitzahl').fill('123');
  await section.getByLabel(/Schwelle je 100 Liter/).fill('5');
  await section.getByRole('button', { name: 'Preisalarm anlegen' }).click();
  await expect(section.getByText('Die Postleitzahl hat 4 oder 5 Ziffern.')).toBeVisible();
  await expect(section.getByText('Der Preis muss mindestens 20 betragen.')).toBeVisible();

  await section.getByLabel('Postleitzahl').fill('80331');
  await section.getByLabel('Menge in Litern').fill('3000');
  await section.getByLabel(/Schwelle je 100 Liter/).fill('400');
  const mailsBefore = await alarmMails();
  await section.getByRole('button', { name: 'Preisalarm anlegen' }).click();
  await expect(section.getByText('Der Preisalarm ist angelegt.')).toBeVisible();
  const item = list.getByRole('listitem').filter({ hasText: '80331, 3.000 Liter' });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('400,00');
  await expect(item).toContainText('Aktiv');
  await expect(item).toContainText('Noch nicht geprüft');

  // Today's best price is far below 400: checked at once, one mail with the offer list's link.
  await expect.poll(alarmMails, { timeout: 20_000 }).toBe(mailsBefore + 1);
  const mail = (await mailsOf('price-alarm')).at(-1);
  expect(mail?.text).toMatch(/\/heizoel\/angebotsliste\?zipCode=80331&amount=3000/);

  // Still there after a reload (stored on the server), now with the checked price.
  await page.reload();
  await expect(item).toHaveCount(1);
  await expect(item).not.toContainText('Noch nicht geprüft');

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `scratch/price-alarm-${width}.png`, fullPage: true });
  }
  const axe = await new AxeBuilder({ page })
    .include('section[aria-labelledby="preisalarme"]')
    .analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  await item.getByRole('button', { name: 'Pausieren' }).click();
  await expect(item).toContainText('Pausiert');
  await expect(section.getByText('Der Preisalarm ist pausiert.')).toBeVisible();
  const resumed = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().includes(ALARMS_API),
  );
  await item.getByRole('button', { name: 'Fortsetzen' }).click();
  const atResume = PriceAlarmSchema.parse(await (await resumed).json());
  await expect(item).toContainText('Aktiv');
  // Resumed, it is checked again (a job the server queues), but the price has not risen above
  // 400 meanwhile: no new mail. The check stores its time, and a mail's time with it.
  await expect
    .poll(async () => (await alarmOf(page, atResume.Id))?.LastCheckedAt, { timeout: 20_000 })
    .not.toBe(atResume.LastCheckedAt);
  expect((await alarmOf(page, atResume.Id))?.LastNotifiedAt).toBe(atResume.LastNotifiedAt);
  expect(await alarmMails()).toBe(mailsBefore + 1);

  // The threshold can be changed in place (the new value was dropped); it is stored.
  await item.getByRole('button', { name: 'Schwelle ändern' }).click();
  const threshold = item.getByLabel(/Neue Schwelle je 100 Liter/);
  await expect(threshold).toBeFocused();
  await threshold.fill('10');
  await threshold.press('Enter');
  await expect(item.getByText('Der Preis muss mindestens 20 betragen.')).toBeVisible();
  await threshold.fill('95,50');
  await threshold.press('Enter');
  await expect(section.getByText('Die Schwelle ist jetzt 95,50')).toBeVisible();
  await expect(item.getByRole('button', { name: 'Schwelle ändern' })).toBeFocused();
  await page.reload();
  await expect(item).toContainText('95,50');

  // Delete asks first; the keyboard lands on the confirmation; "Abbrechen" keeps the alarm.
  await item.getByRole('button', { name: 'Löschen' }).click();
  await expect(item.getByRole('button', { name: 'Ja, löschen' })).toBeFocused();
  await item.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(item).toHaveCount(1);
  await item.getByRole('button', { name: 'Löschen' }).click();
  await page.keyboard.press('Enter');
  await expect(section.getByText('Der Preisalarm ist gelöscht.')).toBeVisible();
  await expect(item).toHaveCount(0);
  await page.reload();
  await expect(section.getByText('Sie haben noch keinen Preisalarm.')).toBeVisible();
});
