/**
 * The CMS: the editor writes a page in Markdown with the live preview, opens the
 * preview, publishes it, and a visitor reads it at its own address; versions can be restored;
 * unsaved input survives a reload; a customer never gets in. Every screen passes axe.
 */
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { DEMO_USERS } from './demo-users';
import { expect, holdRoute, newConsentedContext, test } from './fixtures';
import { loginAs } from './session-login';

const EDITOR = 'redaktion@demo.oelkompass.example';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

let serial = 0;
function uniqueSlug(prefix: string): string {
  serial += 1;
  return `${prefix}-${Date.now().toString(36)}-${serial}`;
}

/** Logged in as the editor on the CMS list, the app's session settled. */
async function editorOnList(page: Page) {
  await loginAs(page, EDITOR, '/support/cms/list');
  await expect(page).toHaveURL('/support/cms/list');
  await expect(page.getByRole('heading', { level: 1, name: 'Seiten und Artikel' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Seiten und Artikel' })).toBeVisible();
}

/** A new page through the editor (from the list), saved as a draft; returns its id. */
async function createPage(page: Page, title: string, slug: string, body: string) {
  await page.getByRole('link', { name: 'Neue Seite' }).click();
  await expect(page).toHaveURL('/support/cms/edit');
  await expect(page.getByRole('heading', { level: 1, name: 'Neue Seite' })).toBeVisible();
  await page.getByLabel('Titel', { exact: true }).fill(title);
  await page.getByLabel('Adresse (Slug)').fill(slug);
  await expect(page.getByText(`Öffentliche Adresse: /${slug}`)).toBeVisible();
  await page.getByLabel('Beschreibung (für Suchmaschinen)').fill('Eine Seite aus dem E2E-Test.');
  await page.getByLabel('Text (Markdown)').fill(body);
  await page.getByRole('button', { name: 'Entwurf speichern' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Gespeichert.' })).toBeVisible();
  await expect(page).toHaveURL(/\/support\/cms\/\d+\/edit$/);
  return Number(/\/support\/cms\/(\d+)\/edit/.exec(page.url())?.[1]);
}

test('an editor writes, previews and publishes a page; a visitor reads it at its address', async ({
  page,
  browser,
}) => {
  await editorOnList(page);
  const table = page.getByRole('table', { name: 'Seiten und Artikel' });
  await page.getByLabel('Titel oder Adresse filtern').fill('info-center');
  await expect(table.getByRole('link', { name: /^Info-Center/ })).toBeVisible();
  await page.getByLabel('Titel oder Adresse filtern').fill('');
  await expectNoAxeViolations(page);

  const slug = uniqueSlug('ueber-uns');
  await page.getByRole('link', { name: 'Neue Seite' }).click();
  await expect(page).toHaveURL('/support/cms/edit');
  await page.getByLabel('Titel', { exact: true }).fill('Über uns');
  await page.getByLabel('Adresse (Slug)').fill(slug);
  await page.getByLabel('Beschreibung (für Suchmaschinen)').fill('Wer hinter dem Ölkompass steht.');
  const text = page.getByLabel('Text (Markdown)');
  await text.fill(
    '## Wer wir sind\n\nEin kleines Team aus der Pfalz.\n\n- Redaktion\n- Technik\n\nAktuelle [Heizölpreise](/heizoelpreise).\n\n',
  );
  // Ctrl+B inserts a selected placeholder; typing replaces it.
  await text.press('Control+b');
  await text.pressSequentially('wichtig');
  await expect(text).toHaveValue(/\*\*wichtig\*\*$/);

  // The live preview beside the text, rendered by the server.
  const preview = page.getByRole('region', { name: 'Vorschau' });
  await expect(preview.getByRole('heading', { level: 2, name: 'Wer wir sind' })).toBeVisible();
  await expect(preview.getByRole('listitem').filter({ hasText: 'Technik' })).toBeVisible();
  await expect(preview.getByRole('link', { name: 'Heizölpreise' })).toHaveAttribute(
    'href',
    '/heizoelpreise',
  );
  await expect(preview.locator('strong', { hasText: 'wichtig' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Entwurf speichern' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Gespeichert.' })).toBeVisible();
  await expect(page).toHaveURL(/\/support\/cms\/\d+\/edit$/);
  const id = Number(/\/support\/cms\/(\d+)\/edit/.exec(page.url())?.[1]);

  // The preview as a visitor will see it, marked as not yet published.
  await page.getByRole('link', { name: 'Vorschau öffnen' }).click();
  await expect(page).toHaveURL(`/support/cms/${id}/preview`);
  await expect(page.getByText('Vorschau – noch nicht veröffentlicht')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Über uns' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Wer wir sind' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Zurück zum Editor' }).click();
  await expect(page).toHaveURL(`/support/cms/${id}/edit`);

  // Not public yet.
  const visitor = await newConsentedContext(browser);
  try {
    const reader = await visitor.newPage();
    const before = await reader.goto(`/${slug}`);
    expect(before?.status()).toBe(404);

    await page.getByRole('button', { name: 'Veröffentlichen' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Veröffentlicht.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Zurückziehen' })).toBeVisible();

    // The lead's catch-all serves published pages at /{slug}, server-rendered.
    const after = await reader.goto(`/${slug}`);
    expect(after?.status()).toBe(200);
    await expect(reader.getByRole('heading', { level: 1, name: 'Über uns' })).toBeVisible();
    await expect(reader.getByRole('heading', { level: 2, name: 'Wer wir sind' })).toBeVisible();
    expect(await after?.text()).toContain('Wer wir sind');
  } finally {
    await visitor.close();
  }

  // The history says who did what.
  const history = page.getByRole('region', { name: 'Änderungsprotokoll' });
  await expect(history.getByText('veröffentlicht', { exact: true })).toBeVisible();
  await expect(history.getByText(`von ${EDITOR}`).first()).toBeVisible();
});

test('an editor restores an old version; unsaved input survives a reload', async ({ page }) => {
  await editorOnList(page);
  const slug = uniqueSlug('versionen');
  await createPage(page, 'Versionen', slug, 'Erste Fassung.');
  const text = page.getByLabel('Text (Markdown)');
  await text.fill('Zweite Fassung.');
  await page.getByRole('button', { name: 'Entwurf speichern' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Gespeichert.' })).toBeVisible();

  const versions = page.getByRole('region', { name: 'Versionen' });
  await expect(versions.getByText('Version 2', { exact: true })).toBeVisible();
  page.once('dialog', (dialog) => void dialog.accept());
  await versions.getByRole('button', { name: 'Wiederherstellen: Version 1' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Version 1 wiederhergestellt.' }),
  ).toBeVisible();
  await expect(text).toHaveValue('Erste Fassung.');
  await expect(versions.getByText('Version 3', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Änderungsprotokoll' }).getByText('Version wiederhergestellt'),
  ).toBeVisible();

  // An image from the toolbar: uploaded, inserted as Markdown, shown in the preview.
  await text.press('End');
  await page.getByRole('button', { name: 'Bild einfügen' }).click();
  await page.getByLabel('Bilddatei').setInputFiles({
    name: 'tank.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await page.getByLabel('Alternativtext des Bildes (was zeigt es?)').fill('Ein Heizöltank');
  await page.getByRole('button', { name: 'Hochladen und einfügen' }).click();
  await expect(text).toHaveValue(
    /^Erste Fassung\.\n\n!\[Ein Heizöltank\]\(\/media\/[0-9a-f]{16}\.png\)$/,
  );
  const image = page
    .getByRole('region', { name: 'Vorschau' })
    .getByRole('img', { name: 'Ein Heizöltank' });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  // Typed but not saved: the page warns before leaving, and offers the input back after a reload.
  await text.fill('Noch nicht gespeichert.');
  await expect(page.getByText('Ungespeicherte Änderungen').first()).toBeVisible();
  const warned: string[] = [];
  page.on('dialog', (dialog) => {
    warned.push(dialog.type());
    void dialog.accept();
  });
  await page.reload();
  expect(warned).toContain('beforeunload');
  await expect(page.getByText(/Es gibt ungespeicherte Änderungen/)).toBeVisible();
  await page.getByRole('button', { name: 'Änderungen wiederherstellen' }).click();
  await expect(text).toHaveValue('Noch nicht gespeichert.');

  // A phone: writing and preview are tabs.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'Vorschau' }).click();
  await expect(page.getByRole('tabpanel').getByText('Noch nicht gespeichert.')).toBeVisible();
  await page.getByRole('tab', { name: 'Schreiben' }).click();
  await expect(text).toBeVisible();
});

test('an editor saves a new article as a draft; the list shows it', async ({ page }) => {
  await editorOnList(page);
  await page.getByRole('link', { name: 'Neuer Artikel' }).click();
  await expect(page).toHaveURL('/support/cms/content/edit');
  await expect(page.getByRole('heading', { level: 1, name: 'Neuer Artikel' })).toBeVisible();
  await page.getByLabel('Titel', { exact: true }).fill('Heizöl im Frühling');
  await page.getByRole('button', { name: 'Aus dem Titel' }).click();
  const slugField = page.getByLabel('Adresse (Slug)');
  await expect(slugField).toHaveValue('heizoel-im-fruehling');
  const slug = uniqueSlug('heizoel-im-fruehling');
  await slugField.fill(slug);
  await expect(page.getByText(`Öffentliche Adresse: /news/artikel/${slug}`)).toBeVisible();
  await page.getByLabel('Teaser').fill('Was der Frühling für den Preis bedeutet.');
  await page.getByLabel('Autor').fill('Redaktion');
  await page.getByLabel('Themen (Schlagwörter)').fill('Preise, Saison');
  // The live preview while it updates (its answer held back): the hint keeps its contrast.
  const release = await holdRoute(page, '**/api/cms/preview');
  await page.getByLabel('Text (Markdown)').fill('## Kurz gesagt\n\nEin Text.');
  const preview = page.locator('[aria-busy="true"]', { hasText: 'Vorschau wird aktualisiert' });
  await expect(preview).toBeVisible();
  await expectNoAxeViolations(page);
  release();
  await expect(page.getByRole('heading', { name: 'Kurz gesagt' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Entwurf speichern' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Gespeichert.' })).toBeVisible();
  await expect(page).toHaveURL(/\/support\/cms\/content\/edit\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Artikel bearbeiten' })).toBeVisible();

  await page.getByRole('link', { name: 'Zur Liste' }).click();
  await page.getByLabel('Titel oder Adresse filtern').fill(slug);
  const row = page.getByRole('row').filter({ hasText: slug });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Entwurf')).toBeVisible();
  await expect(row.getByText('Artikel', { exact: true })).toBeVisible();
});

test('a customer who opens the CMS is sent to the home page', async ({ page }) => {
  await loginAs(page, DEMO_USERS.customer.email, '/support/cms/list');
  await expect(page).toHaveURL('/');
});
