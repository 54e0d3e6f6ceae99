/**
 * The content shipped with the product: the articles in ./articles and the CMS pages
 * in ./pages, one Markdown file each with a `key: value` header (markdown.ts parseContentFile).
 *
 * Written once per seed name: a row `content-v1` in reference_import marks it as done, so an
 * article a staff member deleted or changed is not brought back by the next start.
 * New files in a later release are a new seed name; rows whose slug exists are left alone.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contentEntries, referenceImports, type ContentKind } from '../../db/schema';
import { ARTICLE_SLUG } from '../../../src/api/contract/content';
import { parseContentFile } from './markdown';

export const CONTENT_SEED_NAME = 'content-v1';

const COUNTRY_IDS: Readonly<Record<string, number | null>> = { all: null, de: 1, at: 2, ch: 3 };

export type ContentRow = typeof contentEntries.$inferInsert;

const here = new URL('.', import.meta.url).pathname;
export const ARTICLES_DIR = join(here, 'articles');
export const PAGES_DIR = join(here, 'pages');

function required(meta: Readonly<Record<string, string>>, key: string, file: string): string {
  const value = meta[key];
  if (!value) throw new Error(`${file}: „${key}“ fehlt im Kopf`);
  return value;
}

function day(value: string, file: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value))
    throw new Error(`${file}: Datum ${value} ist kein yyyy-mm-dd`);
  // Midday in Germany: the day stays the same in every time zone the site is read in.
  return new Date(`${value}T10:00:00Z`);
}

/** One content file as a row; throws with the file's name on anything malformed. */
export function contentRowOf(kind: ContentKind, file: string, text: string): ContentRow {
  const { meta, body } = parseContentFile(text);
  const slug = required(meta, 'slug', file);
  if (!ARTICLE_SLUG.test(slug) || `${slug}.md` !== file) {
    throw new Error(`${file}: slug „${slug}“ passt nicht zum Dateinamen`);
  }
  const country = meta.country ?? 'all';
  if (!(country in COUNTRY_IDS)) throw new Error(`${file}: country „${country}“ unbekannt`);
  const published = day(meta.published ?? meta.updated ?? '', file);
  const updated = meta.updated ? day(meta.updated, file) : published;
  return {
    kind,
    slug,
    countryId: COUNTRY_IDS[country] ?? null,
    title: required(meta, 'title', file),
    teaser:
      kind === 'article' ? required(meta, 'teaser', file) : required(meta, 'description', file),
    bodyMarkdown: body,
    imagePath: meta.image || null,
    imageAlt: meta.imageAlt ?? '',
    tags: (meta.tags ?? '')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    author: meta.author ?? '',
    featured: meta.featured === 'true',
    status: 'published',
    publishedAt: published,
    updatedAt: updated,
  };
}

/** Every shipped content file as rows (articles first). */
export function shippedContent(
  dirs: { articles: string; pages: string } = { articles: ARTICLES_DIR, pages: PAGES_DIR },
): ContentRow[] {
  const read = (kind: ContentKind, dir: string) =>
    readdirSync(dir)
      .filter((f) => f.endsWith('.md'))
      .sort()
      .map((f) => contentRowOf(kind, f, readFileSync(join(dir, f), 'utf8')));
  return [...read('article', dirs.articles), ...read('page', dirs.pages)];
}

export async function seedContent(
  db: Db,
  given?: readonly ContentRow[],
): Promise<{ skipped: boolean; inserted: number }> {
  const [done] = await db
    .select({ name: referenceImports.name })
    .from(referenceImports)
    .where(eq(referenceImports.name, CONTENT_SEED_NAME));
  if (done) return { skipped: true, inserted: 0 };
  // Read only when seeding: a seeded database starts without parsing the content files.
  const rows = given ?? shippedContent();
  const checksum = createHash('sha256').update(JSON.stringify(rows)).digest('hex');
  let inserted = 0;
  await db.transaction(async (tx) => {
    if (rows.length > 0) {
      const result = await tx
        .insert(contentEntries)
        .values([...rows])
        .onConflictDoNothing()
        .returning({ id: contentEntries.id });
      inserted = result.length;
    }
    await tx
      .insert(referenceImports)
      .values({ name: CONTENT_SEED_NAME, checksum, rowCount: rows.length })
      .onConflictDoNothing();
  });
  return { skipped: false, inserted };
}
