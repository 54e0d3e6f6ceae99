/**
 * News, CMS pages and cross-links: what a reader, a crawler and a hostile edit meet.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CmsPageSchema,
  CrossLinksSchema,
  NewsDetailSchema,
  NewsItemSchema,
  NewsListSchema,
} from '../../../src/api/contract/content';
import { newsArticlePath } from '../../../src/lib/paths';
import { TEST_PUBLIC_URL, useTestApp } from '../../../tests/support/test-app';
import { contentEntries } from '../../db/schema';
import { parseFaq, renderMarkdown } from './markdown';
import { articlesTagged } from './service';
import { contentRowOf, shippedContent } from './seed';

const t = useTestApp();

async function get(url: string) {
  const res = await t.app.inject({ url });
  return { res, json: res.json<unknown>() };
}

describe('Markdown of the content store', () => {
  it('renders the subset the articles use', () => {
    const html = renderMarkdown(
      '## Zwischentitel\n\nText mit **fett** und *kursiv* und [Preisen](/heizoelpreise).\n\n- eins\n- zwei\n\n| A | B |\n|---|---|\n| 1 | 2 |\n\n> Zitat',
    );
    expect(html).toContain('<h2>Zwischentitel</h2>');
    expect(html).toContain('<strong>fett</strong>');
    expect(html).toContain('<em>kursiv</em>');
    expect(html).toContain('<a href="/heizoelpreise">Preisen</a>');
    expect(html).toContain('<li>eins</li>');
    expect(html).toContain('<td>1</td>');
    expect(html).toContain('<blockquote>');
  });

  it.each([
    ['<script>alert(1)</script>Text', 'Text'],
    ['<img src=x onerror="alert(1)">', ''],
    ['[klick](javascript:alert(1))', '<p>klick</p>'],
    ['[klick](JaVaScRiPt:alert(1))', '<p>klick</p>'],
    ['[klick](//evil.example/x)', '<p>klick</p>'],
    ['[klick](data:text/html,hi)', '<p>klick</p>'],
    ['<iframe src="https://evil.example"></iframe>Rest', 'Rest'],
    ['<p style="color:red" onclick="x()">Absatz</p>', '<p>Absatz</p>'],
    ['<a href="/ok" onmouseover="x()" target="_blank">ok</a>', '<p><a href="/ok">ok</a></p>'],
  ])('keeps no script, handler, style, frame or foreign scheme: %s', (markdown, expected) => {
    const html = renderMarkdown(markdown);
    expect(html).not.toMatch(/<script|onerror|onclick|onmouseover|javascript:|<iframe|style=/i);
    if (expected) expect(html).toContain(expected);
  });

  it('keeps mail and https links; an https link does not hand over the opener', () => {
    expect(renderMarkdown('Schreiben Sie an kundenservice@oelkompass.example.')).toContain(
      '<a href="mailto:kundenservice@oelkompass.example">kundenservice@oelkompass.example</a>',
    );
    expect(renderMarkdown('[Quelle](https://example.org/a)')).toContain(
      '<a href="https://example.org/a" rel="noopener noreferrer">Quelle</a>',
    );
  });

  it('reads a FAQ page: sections and questions with their anchors', () => {
    const faq = parseFaq(
      'Einleitung.\n\n## Bestellung {#bestellung}\n\n### Wie bestelle ich? {#wie}\n\nSo.\n\n### Mindestmenge? {#menge}\n\n- 500 L\n\n## Lieferung {#lieferung}\n\n### Wann? {#wann}\n\nBald.',
    );
    expect(faq.intro).toBe('<p>Einleitung.</p>');
    expect(faq.sections.map((s) => [s.Id, s.Title, s.Questions.map((q) => q.Id)])).toEqual([
      ['bestellung', 'Bestellung', ['wie', 'menge']],
      ['lieferung', 'Lieferung', ['wann']],
    ]);
    expect(faq.sections[0]?.Questions[1]?.Answer).toBe('<ul>\n<li>500 L</li>\n</ul>');
  });

  it('refuses a content file with a broken header, naming the file', () => {
    expect(() => contentRowOf('article', 'a.md', 'kein Kopf')).toThrow(/Kopf/);
    expect(() =>
      contentRowOf(
        'article',
        'b.md',
        '---\nslug: c\ntitle: T\nteaser: x\npublished: 2026-01-01\n---\nText',
      ),
    ).toThrow(/b\.md.*Dateinamen/);
    expect(() =>
      contentRowOf(
        'article',
        'd.md',
        '---\nslug: d\ntitle: T\nteaser: x\npublished: 1.1.2026\n---\nText',
      ),
    ).toThrow(/d\.md/);
  });
});

describe('the shipped content', () => {
  const rows = shippedContent();
  const articles = rows.filter((r) => r.kind === 'article');
  const slugs = new Set(articles.map((a) => a.slug));

  it('has at least 24 articles over the last two years, one featured, each with its picture', () => {
    expect(articles.length).toBeGreaterThanOrEqual(24);
    expect(articles.filter((a) => a.featured)).toHaveLength(1);
    const days = articles.map((a) => a.publishedAt.toISOString().slice(0, 10)).sort();
    expect(days[0]! >= '2024-11-26').toBe(true);
    expect(days.at(-1)! <= '2026-11-26').toBe(true);
    // Spread over the two years: no season without articles.
    const halfYears = new Set(days.map((d) => `${d.slice(0, 4)}-${Number(d.slice(5, 7)) <= 6}`));
    expect(halfYears.size).toBeGreaterThanOrEqual(4);
    for (const a of articles) {
      expect(a.imagePath, a.slug).toMatch(/^\/news\/[a-z0-9-]+\.svg$/);
      expect(existsSync(join('public', a.imagePath ?? '')), a.imagePath ?? '').toBe(true);
      expect(a.imageAlt, a.slug).not.toBe('');
      expect(a.teaser.length, a.slug).toBeLessThanOrEqual(200);
    }
  });

  it('links only pages that exist', async () => {
    const targets = new Map<string, string>();
    for (const row of rows) {
      const html = renderMarkdown(row.bodyMarkdown);
      for (const [, href = ''] of html.matchAll(/<a href="([^"]+)"/g)) {
        if (href.startsWith('mailto:')) continue;
        expect(href.startsWith('/'), `${row.slug} → ${href}`).toBe(true);
        targets.set(href.split('#')[0] ?? '', row.slug);
      }
    }
    expect(targets.size).toBeGreaterThan(20);
    for (const [path, from] of targets) {
      const article = /^\/news\/artikel\/([a-z0-9-]+)$/.exec(path)?.[1];
      if (article) {
        expect(slugs.has(article), `${from} → ${path}`).toBe(true);
        continue;
      }
      // A page of the app or of the legacy layer (/konto/…) that answers.
      const res = await t.app.inject({ url: path });
      expect(res.statusCode, `${from} → ${path}`).toBeLessThan(400);
    }
  }, 60_000);

  it('has the info center as a FAQ of at least 30 questions with unique anchors', () => {
    const info = rows.find((r) => r.kind === 'page' && r.slug === 'info-center');
    const faq = parseFaq(info?.bodyMarkdown ?? '');
    const ids = faq.sections.flatMap((s) => [s.Id, ...s.Questions.map((q) => q.Id)]);
    expect(faq.sections.length).toBeGreaterThanOrEqual(6);
    expect(faq.sections.flatMap((s) => s.Questions).length).toBeGreaterThanOrEqual(30);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('news API (SPEC §7, cached 3600 s)', () => {
  it('pages newest first, 3 per page by default, with the total', async () => {
    const { res, json } = await get('/api/site/1/news-articles');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const list = NewsListSchema.parse(json);
    expect(list.Items).toHaveLength(3);
    expect(list.Page).toBe(1);
    expect(list.TotalCount).toBeGreaterThan(3);
    const dates = list.Items.map((i) => i.Date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const second = NewsListSchema.parse((await get('/api/site/1/news-articles?page=2')).json);
    expect(second.Items[0]?.Link).not.toBe(list.Items[0]?.Link);
    expect(second.Items.every((i) => !list.Items.some((j) => j.Link === i.Link))).toBe(true);
  });

  it("lists a country's own articles and those for every country, not another country's", async () => {
    const ch = NewsListSchema.parse((await get('/api/site/3/news-articles?size=24')).json);
    const de = NewsListSchema.parse((await get('/api/site/1/news-articles?size=24')).json);
    const links = (l: typeof ch) => new Set(l.Items.map((i) => i.Link));
    expect(links(ch).has('/news/artikel/heizoel-schweiz-co2-abgabe')).toBe(true);
    expect(links(de).has('/news/artikel/heizoel-schweiz-co2-abgabe')).toBe(false);
    expect(links(ch).has('/news/artikel/co2-preis-2026-was-heizoel-kostet')).toBe(false);
  });

  it.each([
    '/api/site/1/news-articles?page=0',
    '/api/site/1/news-articles?size=500',
    '/api/site/1/news-articles?page=abc',
    '/api/site/9/news-articles',
    '/api/site/1/news-articles/detail',
    '/api/site/1/news-articles/detail?artikelString=%3Cscript%3E',
    '/api/site/pages/Gross%20und%20klein',
  ])('answers %s with a 400 and a German message', async (url) => {
    const { res, json } = await get(url);
    expect(res.statusCode).toBe(400);
    expect((json as { message: string }).message).toMatch(/[a-zäöü]/i);
  });

  it('gives the featured article (the one marked so)', async () => {
    const { res, json } = await get('/api/site/1/news-articles/featured');
    expect(res.statusCode).toBe(200);
    expect(NewsItemSchema.parse(json).Link).toBe(
      '/news/artikel/gratis-tankreinigung-worauf-achten',
    );
  });

  it('gives an article with its sanitised content and three related ones; unknown → 404', async () => {
    const { res, json } = await get(
      '/api/site/1/news-articles/detail?artikelString=heizoel-im-sommer-kaufen',
    );
    expect(res.statusCode).toBe(200);
    const detail = NewsDetailSchema.parse(json);
    expect(detail.Main.Content).toContain('<h2>');
    expect(detail.Main.FilePath).toBe('/news/heizoel-im-sommer-kaufen.svg');
    expect(detail.Related).toHaveLength(3);
    expect(detail.Related.map((r) => r.Link)).not.toContain(detail.Main.Link);
    // Related ones share a topic where one exists.
    expect(detail.Related[0]?.Tags.some((tag) => detail.Main.Tags.includes(tag))).toBe(true);
    const missing = await get('/api/site/1/news-articles/detail?artikelString=gibt-es-nicht');
    expect(missing.res.statusCode).toBe(404);
  });

  it('hides a draft: not listed, not readable, its page a 404', async () => {
    const db = t.database.db;
    await db
      .update(contentEntries)
      .set({ status: 'draft' })
      .where(eq(contentEntries.slug, 'bio-heizoel-hvo'));
    try {
      const list = NewsListSchema.parse((await get('/api/site/1/news-articles?size=24')).json);
      expect(list.Items.map((i) => i.Link)).not.toContain('/news/artikel/bio-heizoel-hvo');
      expect(
        (await get('/api/site/1/news-articles/detail?artikelString=bio-heizoel-hvo')).res
          .statusCode,
      ).toBe(404);
      expect((await t.app.inject({ url: '/news/artikel/bio-heizoel-hvo' })).statusCode).toBe(404);
    } finally {
      await db
        .update(contentEntries)
        .set({ status: 'published' })
        .where(eq(contentEntries.slug, 'bio-heizoel-hvo'));
    }
  });

  it('serves the info center as sections and the tank page as text', async () => {
    const info = CmsPageSchema.parse((await get('/api/site/pages/info-center')).json);
    expect(info.Sections.map((s) => s.Id)).toContain('lieferung');
    expect(info.Content).toContain('<a href="mailto:');
    const tank = CmsPageSchema.parse((await get('/api/site/pages/heizoeltank-wartung')).json);
    expect(tank.Sections).toEqual([]);
    expect(tank.Content).toContain('<h2>');
  });
});

describe('article pages for search engines', () => {
  it('have their title, NewsArticle JSON-LD and a place in the sitemap; an unknown one is a 404', async () => {
    const page = await t.app.inject({ url: '/news/artikel/heizoel-richtig-lagern' });
    expect(page.statusCode).toBe(200);
    const jsonLd = [
      ...page.body.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g),
    ].map((m) => JSON.parse(m[1] ?? '{}') as Record<string, unknown>);
    const article = jsonLd.find((j) => j['@type'] === 'NewsArticle');
    expect(article?.headline).toMatch(/lagern/i);
    expect(article?.image).toEqual([`${TEST_PUBLIC_URL}/news/heizoel-richtig-lagern.svg`]);
    expect(jsonLd.some((j) => j['@type'] === 'BreadcrumbList')).toBe(true);
    expect((await t.app.inject({ url: '/news/artikel/gibt-es-nicht' })).statusCode).toBe(404);
    const sitemap = (await t.app.inject({ url: '/sitemap.xml' })).body;
    expect(sitemap).toContain(`<loc>${TEST_PUBLIC_URL}/news/artikel/heizoel-richtig-lagern</loc>`);
    expect(sitemap).toContain(`<loc>${TEST_PUBLIC_URL}/info-center</loc>`);
  });
});

describe('cross-links (SPEC §7)', () => {
  it("lead a town's price page to the dealers that deliver there and to articles", async () => {
    const { res, json } = await get(
      '/api/cross-linking/get?countryId=1&path=/heizoelpreise/bayern/landkreis-muenchen/unterhaching-82008',
    );
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const links = CrossLinksSchema.parse(json);
    const dealers = links.Groups[0];
    expect(dealers?.Title).toContain('82008');
    expect(
      dealers?.Links.some((l) => /^\/heizoelhaendler\/[a-z-]+\/\d{5}\/\d+$/.test(l.Link)),
    ).toBe(true);
    expect(dealers?.Links.at(-1)?.Link).toBe('/heizoelhaendler/bayern/82008');
    expect(links.Groups.some((g) => g.Links.some((l) => l.Link.startsWith('/news/artikel/')))).toBe(
      true,
    );
  });

  it("lead a dealer's page to its town's and state's prices", async () => {
    const town = CrossLinksSchema.parse(
      (await get('/api/cross-linking/get?countryId=1&path=/heizoelpreise/bayern')).json,
    );
    const dealerLink = town.Groups[0]?.Links[0]?.Link ?? '';
    expect(dealerLink).toBe('/heizoelhaendler/bayern');
    const fromDealer = CrossLinksSchema.parse(
      (await get('/api/cross-linking/get?countryId=1&path=/heizoelhaendler/bayern/80333/1188'))
        .json,
    );
    const targets = fromDealer.Groups.flatMap((g) => g.Links.map((l) => l.Link));
    expect(targets).toContain('/heizoelpreise/bayern');
    expect(targets.some((l) => /^\/heizoelpreise\/bayern\/[a-z-]+\/[a-z-]+-80333$/.test(l))).toBe(
      true,
    );
  });

  it('are empty for a page without relations, and 400 for a path that is none', async () => {
    expect((await get('/api/cross-linking/get?countryId=1&path=/impressum')).json).toEqual({
      Groups: [],
    });
    expect((await get('/api/cross-linking/get?countryId=1&path=http://x')).res.statusCode).toBe(
      400,
    );
    expect((await get('/api/cross-linking/get?countryId=1')).res.statusCode).toBe(400);
  });

  it('a failure gives an empty object that no cache keeps (SPEC §7)', async () => {
    const ok = await get('/api/cross-linking/get?countryId=1&path=/heizoelpreise/bayern');
    expect(ok.res.headers['cache-control']).toMatch(/^public/);
    // A real failure of the database: the articles' table is away for a moment.
    await t.database.db.execute(sql`ALTER TABLE content_entry RENAME TO content_entry_away`);
    try {
      const failed = await get('/api/cross-linking/get?countryId=1&path=/heizoelpreise/bayern');
      expect(failed.res.statusCode).toBe(200);
      expect(failed.json).toEqual({ Groups: [] });
      expect(failed.res.headers['cache-control']).toBe('no-store');
    } finally {
      await t.database.db.execute(sql`ALTER TABLE content_entry_away RENAME TO content_entry`);
    }
  });
});

describe('articlesTagged (the "Ratgeber" links of price and dealer pages)', () => {
  it('gives the newest published articles of the country with one of the tags, at most `limit`', async () => {
    const all = await t.database.db.select().from(contentEntries);
    const expected = (countryId: number, tags: string[]) =>
      all
        .filter(
          (e) =>
            e.kind === 'article' &&
            e.status === 'published' &&
            (e.countryId === null || e.countryId === countryId) &&
            e.tags.some((tag) => tags.includes(tag)),
        )
        .sort(
          (a, b) =>
            (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0) || b.id - a.id,
        )
        .map((e) => e.slug);
    for (const [countryId, tags] of [
      [1, ['Preise', 'Kaufzeitpunkt', 'Sparen']],
      [2, ['Tank', 'Ratgeber', 'Lagerung']],
      [3, ['Tank']],
    ] as const) {
      const want = expected(countryId, [...tags]);
      expect(want.length).toBeGreaterThan(0);
      const got = await articlesTagged(t.database.db, countryId, tags, 4);
      expect(got.map((i) => i.Link)).toEqual(want.slice(0, 4).map(newsArticlePath));
    }
    expect(await articlesTagged(t.database.db, 1, ['gibt-es-nicht'], 4)).toEqual([]);
  });
});
