/**
 * The staff CMS: entries, versions, conflicts, slugs, publishing as a visitor sees
 * it, preview, the audit log and the editor guard.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { AuditHistorySchema } from '../../../src/api/contract/audit';
import {
  CmsEntryListSchema,
  CmsEntrySchema,
  CmsPreviewSchema,
  CmsVersionListSchema,
  CmsVersionSchema,
  isReservedPageSlug,
  pageSlugProblem,
  slugify,
  type CmsEntry,
  type CmsEntryCreate,
} from '../../../src/api/contract/cms';
import { CmsPageSchema, NewsDetailSchema } from '../../../src/api/contract/content';
import { appRoutes } from '../../../src/lib/paths';
import { staffRoutes } from '../../../src/lib/staff-routes';
import { authHeaders, createTestUser, staffRole, type TestUser } from '../../../tests/support/auth';
import { useTestApp } from '../../../tests/support/test-app';
import { renderMarkdown } from '../content';

const t = useTestApp();
let editor: TestUser;
let other: TestUser;
let customer: TestUser;

beforeAll(async () => {
  editor = await createTestUser(t.database, { roles: [staffRole('Editor')] });
  other = await createTestUser(t.database, { roles: [staffRole('Admin')] });
  customer = await createTestUser(t.database, { roles: ['Role_Customer'] });
}, 60_000);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function call(method: Method, url: string, payload?: unknown, user: TestUser = editor) {
  return t.app.inject({
    method,
    url,
    headers: authHeaders(user),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

let counter = 0;
function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}

function pageInput(overrides: Partial<CmsEntryCreate> = {}): CmsEntryCreate {
  return {
    Kind: 'page',
    Title: 'Über uns',
    Slug: unique('ueber-uns'),
    Teaser: 'Wer hinter dem Ölkompass steht.',
    BodyMarkdown: '## Unser Team\n\n- Redaktion\n- Technik\n\n[Preise](/heizoelpreise)',
    ImagePath: null,
    ImageAlt: '',
    Tags: [],
    Author: '',
    Featured: false,
    CountryId: null,
    ...overrides,
  };
}

async function create(overrides: Partial<CmsEntryCreate> = {}): Promise<CmsEntry> {
  const res = await call('POST', '/api/cms/entries', pageInput(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return CmsEntrySchema.parse(res.json());
}

function saveBody(entry: CmsEntry, changes: Partial<CmsEntry> = {}) {
  const e = { ...entry, ...changes };
  return {
    Title: e.Title,
    Slug: e.Slug,
    Teaser: e.Teaser,
    BodyMarkdown: e.BodyMarkdown,
    ImagePath: e.ImagePath,
    ImageAlt: e.ImageAlt,
    Tags: e.Tags,
    Author: e.Author,
    Featured: e.Featured,
    CountryId: e.CountryId,
    Version: entry.Version,
    UpdatedAt: entry.UpdatedAt,
  };
}

async function save(entry: CmsEntry, changes: Partial<CmsEntry>, user = editor) {
  const res = await call('PUT', `/api/cms/entries/${entry.Id}`, saveBody(entry, changes), user);
  expect(res.statusCode, res.body).toBe(200);
  return CmsEntrySchema.parse(res.json());
}

async function list() {
  const res = await call('GET', '/api/cms/entries');
  expect(res.statusCode).toBe(200);
  return CmsEntryListSchema.parse(res.json());
}

async function history(id: number) {
  return AuditHistorySchema.parse((await call('GET', `/api/cms/entries/${id}/history`)).json());
}

describe('the list', () => {
  it('has the shipped pages (built in) and the 26 articles', async () => {
    const all = await list();
    const pages = all.filter((e) => e.Kind === 'page');
    const builtIn = pages.filter((e) => e.BuiltIn).map((e) => e.Slug);
    expect(builtIn.sort()).toEqual(['heizoeltank-wartung', 'info-center']);
    expect(all.filter((e) => e.Kind === 'article').length).toBeGreaterThanOrEqual(26);
    const article = all.find((e) => e.Slug === 'heizoel-richtig-lagern');
    expect(article).toMatchObject({ Kind: 'article', Status: 'published', BuiltIn: false });

    const onlyPages = CmsEntryListSchema.parse(
      (await call('GET', '/api/cms/entries?kind=page')).json(),
    );
    expect(onlyPages.every((e) => e.Kind === 'page')).toBe(true);
    expect((await call('GET', '/api/cms/entries?kind=blog')).statusCode).toBe(400);
  });
});

describe('create, read, save', () => {
  it('creates a draft as version 1 and reads it back', async () => {
    const entry = await create();
    expect(entry).toMatchObject({ Kind: 'page', Status: 'draft', Version: 1, BuiltIn: false });
    const read = CmsEntrySchema.parse((await call('GET', `/api/cms/entries/${entry.Id}`)).json());
    expect(read).toEqual(entry);
    expect((await list()).find((e) => e.Id === entry.Id)).toMatchObject({
      Status: 'draft',
      Versions: 1,
    });
    expect((await call('GET', '/api/cms/entries/999999999')).statusCode).toBe(404);
  });

  it('stores a version per save and skips a save that changes nothing', async () => {
    const entry = await create();
    const saved = await save(entry, { Title: 'Über uns – das Team' });
    expect(saved.Version).toBe(2);
    expect(saved.Title).toBe('Über uns – das Team');
    const unchanged = await save(saved, {});
    expect(unchanged.Version).toBe(2);
    const versions = CmsVersionListSchema.parse(
      (await call('GET', `/api/cms/entries/${entry.Id}/versions`)).json(),
    );
    expect(versions.map((v) => [v.Version, v.Title, v.ActorEmail])).toEqual([
      [2, 'Über uns – das Team', editor.email],
      [1, 'Über uns', editor.email],
    ]);
  });

  it('refuses a stale save with 409 and overwrites nothing', async () => {
    const entry = await create();
    // Someone else saves first.
    await save(entry, { BodyMarkdown: 'Die Fassung der Kollegin.' }, other);
    const res = await call(
      'PUT',
      `/api/cms/entries/${entry.Id}`,
      saveBody(entry, { BodyMarkdown: 'Meine Fassung.' }),
    );
    expect(res.statusCode).toBe(409);
    const message = res.json<{ message: string }>().message;
    expect(message).toMatch(/inzwischen gespeichert/);
    expect(message).toContain(other.email);
    const now = CmsEntrySchema.parse((await call('GET', `/api/cms/entries/${entry.Id}`)).json());
    expect(now.BodyMarkdown).toBe('Die Fassung der Kollegin.');
    expect(now.Version).toBe(2);
    // A right version with an old UpdatedAt is stale too.
    const stale = await call('PUT', `/api/cms/entries/${entry.Id}`, {
      ...saveBody(now, { Title: 'x' }),
      UpdatedAt: entry.UpdatedAt,
    });
    expect(stale.statusCode).toBe(409);
  });

  it('keeps a shipped article as version 1 on its first save', async () => {
    const item = (await list()).find((e) => e.Slug === 'heizoel-menge-berechnen');
    if (!item) throw new Error('shipped article missing');
    const entry = CmsEntrySchema.parse((await call('GET', `/api/cms/entries/${item.Id}`)).json());
    expect(entry.Version).toBe(0);
    const saved = await save(entry, { Teaser: 'Neu formuliert.' });
    expect(saved.Version).toBe(2);
    const shipped = CmsVersionSchema.parse(
      (await call('GET', `/api/cms/entries/${item.Id}/versions/1`)).json(),
    );
    expect(shipped.Teaser).toBe(entry.Teaser);
    expect(shipped.ActorEmail).toBe('');
    expect(shipped.BodyMarkdown).toBe(entry.BodyMarkdown);
  });
});

describe('versions and restore', () => {
  it('restores an old version as a new one and keeps the status', async () => {
    const entry = await create({ BodyMarkdown: 'Erste Fassung.' });
    const v2 = await save(entry, { BodyMarkdown: 'Zweite Fassung.' });
    const published = CmsEntrySchema.parse(
      (await call('POST', `/api/cms/entries/${entry.Id}/publish`, {})).json(),
    );
    expect(published.Status).toBe('published');
    const res = await call('POST', `/api/cms/entries/${entry.Id}/versions/1/restore`, {});
    expect(res.statusCode, res.body).toBe(200);
    const restored = CmsEntrySchema.parse(res.json());
    expect(restored).toMatchObject({
      BodyMarkdown: 'Erste Fassung.',
      Version: 3,
      Status: 'published',
    });
    expect(restored.UpdatedAt).not.toBe(v2.UpdatedAt);
    const v3 = CmsVersionSchema.parse(
      (await call('GET', `/api/cms/entries/${entry.Id}/versions/3`)).json(),
    );
    expect(v3.BodyMarkdown).toBe('Erste Fassung.');
    const log = await history(entry.Id);
    expect(log[0]).toMatchObject({
      Action: 'restore',
      Before: { BodyMarkdown: 'Zweite Fassung.', Version: 2 },
      After: { BodyMarkdown: 'Erste Fassung.', Version: 3, RestoredFrom: 1 },
    });
    expect(
      (await call('POST', `/api/cms/entries/${entry.Id}/versions/99/restore`, {})).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/cms/entries/${entry.Id}/versions/99`)).statusCode).toBe(404);
  });
});

describe('slugs', () => {
  it.each([
    ['heizoelpreise'],
    ['news'],
    ['support'],
    ['bestellung'],
    ['konto'],
    ['api'],
    ['media'],
    ['assets'],
    ['info-center'],
    ['heizoeltank-wartung'],
  ])('refuses the reserved page slug %s (400)', async (slug) => {
    const res = await call('POST', '/api/cms/entries', pageInput({ Slug: slug }));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/schon eine Seite der Website/);
  });

  it.each([['Ueber-Uns'], ['ueber uns'], ['-ueber'], ['ueber--uns'], ['ü'], ['a'], ['']])(
    'refuses the malformed slug "%s" (400, German)',
    async (slug) => {
      const res = await call('POST', '/api/cms/entries', pageInput({ Slug: slug }));
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/Adresse|ungültig/);
    },
  );

  it('refuses a page slug longer than 80 but an article may have up to 120', async () => {
    const long = 'a'.repeat(81);
    expect((await call('POST', '/api/cms/entries', pageInput({ Slug: long }))).statusCode).toBe(
      400,
    );
    const article = await call(
      'POST',
      '/api/cms/entries',
      pageInput({ Kind: 'article', Slug: `${'b'.repeat(90)}-${counter}` }),
    );
    expect(article.statusCode).toBe(201);
  });

  it('refuses a duplicate slug of the same kind (409); the other kind may have it', async () => {
    const first = await create();
    const res = await call('POST', '/api/cms/entries', pageInput({ Slug: first.Slug }));
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(/schon eine andere Seite/);
    const second = await create();
    const moved = await call(
      'PUT',
      `/api/cms/entries/${second.Id}`,
      saveBody(second, { Slug: first.Slug }),
    );
    expect(moved.statusCode).toBe(409);
    const article = await call(
      'POST',
      '/api/cms/entries',
      pageInput({ Kind: 'article', Slug: first.Slug }),
    );
    expect(article.statusCode).toBe(201);
    // An article may have a slug that is reserved for pages: it lives under /news/artikel/.
    const news = await call(
      'POST',
      '/api/cms/entries',
      pageInput({ Kind: 'article', Slug: unique('support') }),
    );
    expect(news.statusCode).toBe(201);
  });

  it('keeps the address of a built-in page', async () => {
    const tank = (await list()).find((e) => e.Slug === 'heizoeltank-wartung');
    if (!tank) throw new Error('tank page missing');
    const entry = CmsEntrySchema.parse((await call('GET', `/api/cms/entries/${tank.Id}`)).json());
    expect(entry.BuiltIn).toBe(true);
    const res = await call(
      'PUT',
      `/api/cms/entries/${tank.Id}`,
      saveBody(entry, { Slug: 'tank-wartung' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/fest/);
  });

  it('reserves the first segment of every app route and every fixed server path', () => {
    for (const route of [...appRoutes, ...staffRoutes]) {
      const first = route.path.split('/')[1];
      if (first && !first.startsWith(':')) expect(isReservedPageSlug(first), first).toBe(true);
    }
    expect(isReservedPageSlug('support')).toBe(true);
    const serverFirst = new Set<string>();
    for (const route of t.app.routeTable) {
      const first = route.url.split('/')[1] ?? '';
      if (/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(first)) serverFirst.add(first);
      const base = first.replace(/\.[a-z]+$/, '');
      if (base !== first && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(base)) serverFirst.add(base);
    }
    expect(serverFirst.size).toBeGreaterThan(3);
    for (const first of serverFirst) expect(isReservedPageSlug(first), first).toBe(true);
    expect(pageSlugProblem('ueber-uns')).toBeNull();
    expect(slugify('Über uns – Team & Geschichte!')).toBe('ueber-uns-team-geschichte');
  });
});

describe('publish, unpublish, delete', () => {
  it('shows a published article on the public endpoint, and not after withdrawing it', async () => {
    const slug = unique('cms-artikel');
    const entry = await create({ Kind: 'article', Slug: slug, Tags: ['Test'], Author: 'Red' });
    const detail = () =>
      t.app.inject({ url: `/api/site/1/news-articles/detail?artikelString=${slug}` });
    expect((await detail()).statusCode).toBe(404);
    const before = Date.now();
    const published = CmsEntrySchema.parse(
      (await call('POST', `/api/cms/entries/${entry.Id}/publish`, {})).json(),
    );
    // First publication: the date is now.
    expect(new Date(published.PublishedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const res = await detail();
    expect(res.statusCode).toBe(200);
    const shown = NewsDetailSchema.parse(res.json());
    expect(shown.Main.Title).toBe('Über uns');
    expect(shown.Main.Content).toContain('<h2>Unser Team</h2>');
    // Publishing again keeps the date of the first publication.
    await call('POST', `/api/cms/entries/${entry.Id}/unpublish`, {});
    expect((await detail()).statusCode).toBe(404);
    const again = CmsEntrySchema.parse(
      (await call('POST', `/api/cms/entries/${entry.Id}/publish`, {})).json(),
    );
    expect(again.PublishedAt).toBe(published.PublishedAt);
    const log = await history(entry.Id);
    expect(log.map((l) => l.Action)).toEqual(['publish', 'unpublish', 'publish', 'create']);
  });

  it('serves a published page at /api/site/pages/{slug} and /{slug}; a draft is a 404', async () => {
    const entry = await create();
    const api = () => t.app.inject({ url: `/api/site/pages/${entry.Slug}` });
    expect((await api()).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/${entry.Slug}` })).statusCode).toBe(404);
    await call('POST', `/api/cms/entries/${entry.Id}/publish`, {});
    const res = await api();
    expect(res.statusCode).toBe(200);
    const page = CmsPageSchema.parse(res.json());
    expect(page).toMatchObject({ Slug: entry.Slug, Title: 'Über uns', Sections: [] });
    expect(page.Content).toContain('<h2>Unser Team</h2>');
    expect((await t.app.inject({ url: `/${entry.Slug}` })).statusCode).toBe(200);
    await call('POST', `/api/cms/entries/${entry.Id}/unpublish`, {});
    expect((await api()).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/${entry.Slug}` })).statusCode).toBe(404);
  });

  it('keeps the date of a shipped article when it is published again', async () => {
    const item = (await list()).find((e) => e.Slug === 'zahlungsarten-heizoel');
    if (!item) throw new Error('shipped article missing');
    await call('POST', `/api/cms/entries/${item.Id}/unpublish`, {});
    const again = CmsEntrySchema.parse(
      (await call('POST', `/api/cms/entries/${item.Id}/publish`, {})).json(),
    );
    expect(again.PublishedAt).toBe(item.PublishedAt);
  });

  it('an edit of a built-in page shows on its public page at once', async () => {
    const tank = (await list()).find((e) => e.Slug === 'heizoeltank-wartung');
    if (!tank) throw new Error('tank page missing');
    const entry = CmsEntrySchema.parse((await call('GET', `/api/cms/entries/${tank.Id}`)).json());
    await save(entry, { BodyMarkdown: `${entry.BodyMarkdown}\n\n## Neu im CMS\n\nText.` });
    const page = CmsPageSchema.parse(
      (await t.app.inject({ url: '/api/site/pages/heizoeltank-wartung' })).json(),
    );
    expect(page.Content).toContain('<h2>Neu im CMS</h2>');
  });

  it('refuses to delete or withdraw a built-in page (409)', async () => {
    for (const slug of ['info-center', 'heizoeltank-wartung']) {
      const item = (await list()).find((e) => e.Slug === slug && e.Kind === 'page');
      if (!item) throw new Error(`${slug} missing`);
      const del = await call('DELETE', `/api/cms/entries/${item.Id}`);
      expect(del.statusCode).toBe(409);
      expect(del.json<{ message: string }>().message).toMatch(/nicht gelöscht/);
      expect((await call('POST', `/api/cms/entries/${item.Id}/unpublish`, {})).statusCode).toBe(
        409,
      );
    }
    expect((await t.app.inject({ url: '/api/site/pages/info-center' })).statusCode).toBe(200);
  });

  it('deletes an entry with its versions and logs its last text', async () => {
    const entry = await create({ BodyMarkdown: 'Zum Löschen.' });
    await save(entry, { Title: 'Weg damit' });
    const res = await call('DELETE', `/api/cms/entries/${entry.Id}`);
    expect(res.statusCode).toBe(204);
    expect((await call('GET', `/api/cms/entries/${entry.Id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/cms/entries/${entry.Id}/versions`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/cms/entries/${entry.Id}`)).statusCode).toBe(404);
    const log = await history(entry.Id);
    expect(log[0]).toMatchObject({
      Action: 'delete',
      ActorEmail: editor.email,
      Before: { Title: 'Weg damit', BodyMarkdown: 'Zum Löschen.', Version: 2 },
    });
  });
});

describe('the audit log', () => {
  it('says who changed what, with only the changed fields and a long body summarised', async () => {
    const entry = await create();
    const long = `${'Ein langer Absatz. '.repeat(60)}Ende.`;
    await save(entry, { Title: 'Neuer Titel', BodyMarkdown: long, Tags: ['a'] });
    const log = await history(entry.Id);
    expect(log.map((l) => l.Action)).toEqual(['update', 'create']);
    const update = log[0];
    expect(update?.ActorEmail).toBe(editor.email);
    expect(update?.Before).toEqual({
      Title: 'Über uns',
      BodyMarkdown: entry.BodyMarkdown,
      Tags: [],
      Version: 1,
    });
    const after = update?.After as Record<string, unknown>;
    expect(after.Title).toBe('Neuer Titel');
    expect(after.Version).toBe(2);
    expect(String(after.BodyMarkdown)).toMatch(/… \(1\.\d{3} Zeichen\)$/);
    expect(log[1]?.After).toMatchObject({ Kind: 'page', Status: 'draft', Title: 'Über uns' });
  });
});

describe('preview', () => {
  it('renders and sanitises exactly as the public page', async () => {
    const markdown =
      '# Titel\n\n**fett** [intern](/news) <script>alert(1)</script>\n\n![Bild](/media/0123456789abcdef.png)\n\n<img src="https://evil.example/x.png" onerror="x()">';
    const res = await call('POST', '/api/cms/preview', { Kind: 'page', BodyMarkdown: markdown });
    expect(res.statusCode).toBe(200);
    const preview = CmsPreviewSchema.parse(res.json());
    expect(preview.Html).toBe(renderMarkdown(markdown));
    expect(preview.Html).toContain('<h2>Titel</h2>');
    expect(preview.Html).toContain('<img src="/media/0123456789abcdef.png" alt="Bild" />');
    expect(preview.Html).not.toMatch(/script|onerror|evil/);
    expect(preview.Sections).toEqual([]);
  });

  it('reads the info center as a FAQ', async () => {
    const res = await call('POST', '/api/cms/preview', {
      Kind: 'page',
      Slug: 'info-center',
      BodyMarkdown: 'Intro.\n\n## Bestellen {#bestellen}\n\n### Wie? {#wie}\n\nSo.',
    });
    const preview = CmsPreviewSchema.parse(res.json());
    expect(preview.Html).toBe('<p>Intro.</p>');
    expect(preview.Sections[0]?.Questions[0]).toMatchObject({ Id: 'wie', Answer: '<p>So.</p>' });
  });
});

describe('the editor guard', () => {
  it('answers 401 anonymous and 403 for a customer, 403 without CSRF', async () => {
    expect((await t.app.inject({ url: '/api/cms/entries' })).statusCode).toBe(401);
    expect((await call('GET', '/api/cms/entries', undefined, customer)).statusCode).toBe(403);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/cms/entries',
      headers: { authorization: authHeaders(editor).authorization ?? '' },
      payload: pageInput(),
    });
    expect(noCsrf.statusCode).toBe(403);
  });
});

describe('Markdown images', () => {
  it('keeps an image of this site with its alt text only, drops foreign ones', () => {
    expect(renderMarkdown('![Ein Tank](/media/0123456789abcdef.webp)')).toBe(
      '<p><img src="/media/0123456789abcdef.webp" alt="Ein Tank" /></p>',
    );
    for (const md of [
      '![x](https://evil.example/a.png)',
      '![x](//evil.example/a.png)',
      '<img src="javascript:alert(1)">',
      '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
    ]) {
      expect(renderMarkdown(md)).not.toContain('<img');
    }
    expect(renderMarkdown('<img src="/news/a.svg" onerror="x()" style="a" width="9">')).toBe(
      '<img src="/news/a.svg" alt="" />',
    );
  });
});
