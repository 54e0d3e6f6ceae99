/**
 * Steps of the way to an order that the checkout journeys share: the offer list once its offers
 * are in, and Erika Musterfrau's address and contact typed into the checkout form.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** The offer list, once it has stopped loading. */
export async function readyList(page: Page): Promise<Locator> {
  const list = page.getByRole('list', { name: /^Angebote, sortiert nach/ });
  await expect(list).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
  return list;
}

/** Salutation, names, address, e-mail and phone of the checkout form. */
export async function fillHousehold(page: Page, email: string) {
  await page.getByLabel('Anrede').selectOption('Frau');
  await page.getByLabel('Vorname').fill('Erika');
  await page.getByLabel('Nachname').fill('Musterfrau');
  await page.getByLabel('Straße').fill('Invalidenstraße');
  await page.getByLabel('Hausnr.').fill('117');
  await page.getByLabel('Ort').fill('Berlin');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Telefon').fill('030 1234567');
}
