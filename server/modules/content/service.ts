/**
 * News articles and CMS pages from the content store (SPEC §3 News item, News article;
 * §7 news-articles, featured, detail). Only published rows are shown. An article of one country
 * can be read from every country (like a price page); lists show the visitor's country's
 * articles and those for every country.
 */
import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contentEntries } from '../../db/schema';
import {
  RELATED_ARTICLES,
  type CmsPage,
  type CmsPageSlug,
  type NewsArticle,
  type NewsDetail,
  type NewsItem,
  type NewsList,
} from '../../../src/api/contract/content';
import { newsArticlePath } from '../../../src/lib/paths';
import { berlinDay } from '../../../src/lib/dates';
import { parseFaq, renderMarkdown } from './markdown';

type Entry = typeof contentEntries.$inferSelect;

const published = eq(contentEntries.status, 'published');
const articles = and(eq(contentEntries.kind, 'article'), published);

function ofCountry(countryId: number): SQL | undefined {
  return or(isNull(contentEntries.countryId), eq(contentEntries.countryId, countryId));
}

/** Rendered bodies by row and version: Markdown is rendered once per edit, not per request. */
const rendered = new Map<string, { html: string; at: number }>();
const RENDERED_MAX = 500;

function renderedBody(entry: Pick<Entry, 'id' | 'updatedAt' | 'bodyMarkdown'>): string {
  const key = `${entry.id}:${entry.updatedAt.getTime()}`;
  let memo = rendered.get(key);
  if (memo === undefined) {
    memo = { html: renderMarkdown(entry.bodyMarkdown), at: Date.now() };
    if (rendered.size >= RENDERED_MAX) rendered.clear();
    rendered.set(key, memo);
  }
  return memo.html;
}

/** The rendered bodies for the staff cache screen; insertion order: first is oldest. */
export const renderedBodies = {
  entries: () => rendered.size,
  oldestAt: () => rendered.values().next().value?.at ?? null,
  clear: () => rendered.clear(),
};

/**
 * The columns of a list item: lists, the featured article and cross-links read these, not the
 * bodies (26 articles' Markdown, ~200 kB, parsed by the database driver on every page that
 * shows a list or cross-links).
 */
const itemColumns = {
  slug: contentEntries.slug,
  title: contentEntries.title,
  teaser: contentEntries.teaser,
  imagePath: contentEntries.imagePath,
  imageAlt: contentEntries.imageAlt,
  publishedAt: contentEntries.publishedAt,
  tags: contentEntries.tags,
};
type ItemRow = Pick<Entry, keyof typeof itemColumns>;

export function newsItemOf(entry: ItemRow): NewsItem {
  return {
    FilePath: entry.imagePath ?? '',
    Link: newsArticlePath(entry.slug),
    Title: entry.title,
    Description: entry.teaser,
    ImageAlt: entry.imageAlt,
    Date: berlinDay(entry.publishedAt),
    Tags: entry.tags,
  };
}

function articleOf(entry: Entry): NewsArticle {
  const date = berlinDay(entry.publishedAt);
  const updated = berlinDay(entry.updatedAt);
  return {
    ...newsItemOf(entry),
    Content: renderedBody(entry),
    Updated: updated > date ? updated : null,
    Author: entry.author,
    CountryId: entry.countryId,
  };
}

/** SPEC §7 news-articles: newest first, `size` per page, with the total for paging. */
export async function newsList(
  db: Db,
  countryId: number,
  page: number,
  size: number,
): Promise<NewsList> {
  const where = and(articles, ofCountry(countryId));
  const [rows, [count]] = await Promise.all([
    db
      .select(itemColumns)
      .from(contentEntries)
      .where(where)
      .orderBy(desc(contentEntries.publishedAt), desc(contentEntries.id))
      .limit(size)
      .offset((page - 1) * size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(contentEntries)
      .where(where),
  ]);
  return { Items: rows.map(newsItemOf), TotalCount: count?.n ?? 0, Page: page, Size: size };
}

/** SPEC §7 featured: the newest featured article of the country, else its newest; null: none. */
export async function featuredNews(db: Db, countryId: number): Promise<NewsItem | null> {
  const [row] = await db
    .select(itemColumns)
    .from(contentEntries)
    .where(and(articles, ofCountry(countryId)))
    .orderBy(
      desc(contentEntries.featured),
      desc(contentEntries.publishedAt),
      desc(contentEntries.id),
    )
    .limit(1);
  return row ? newsItemOf(row) : null;
}

/**
 * SPEC §7 detail: the article and related ones (most shared tags, then newest; the visitor's
 * country and those for all). null for an unknown or unpublished slug (404).
 */
export async function newsDetail(
  db: Db,
  countryId: number,
  slug: string,
): Promise<NewsDetail | null> {
  const [row] = await db
    .select()
    .from(contentEntries)
    .where(and(articles, eq(contentEntries.slug, slug)))
    .limit(1);
  if (!row) return null;
  const others = await db
    .select({ id: contentEntries.id, ...itemColumns })
    .from(contentEntries)
    .where(and(articles, ofCountry(row.countryId ?? countryId)))
    .orderBy(desc(contentEntries.publishedAt), desc(contentEntries.id));
  const shared = (e: ItemRow) => e.tags.filter((t) => row.tags.includes(t)).length;
  const related = others
    .filter((e) => e.id !== row.id)
    .map((e, i) => ({ e, score: shared(e), i }))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, RELATED_ARTICLES)
    .map(({ e }) => newsItemOf(e));
  return { Main: articleOf(row), Related: related };
}

/** Newest articles with one of the tags (cross-links). */
export async function articlesTagged(
  db: Db,
  countryId: number,
  tags: readonly string[],
  limit: number,
): Promise<NewsItem[]> {
  if (tags.length === 0) return [];
  // Only the rows wanted: every article of the country, read to be filtered here, was a tenth of
  // a dealer page's render. `?|`: the jsonb array holds one of the strings.
  const anyTag = sql`${contentEntries.tags} ?| array[${sql.join(
    tags.map((tag) => sql`${tag}`),
    sql`, `,
  )}]::text[]`;
  const rows = await db
    .select(itemColumns)
    .from(contentEntries)
    .where(and(articles, ofCountry(countryId), anyTag))
    .orderBy(desc(contentEntries.publishedAt), desc(contentEntries.id))
    .limit(limit);
  return rows.map(newsItemOf);
}

/** Every published article's slug and last change (sitemap). */
export async function articleSlugs(db: Db): Promise<{ slug: string; updatedAt: Date }[]> {
  return db
    .select({ slug: contentEntries.slug, updatedAt: contentEntries.updatedAt })
    .from(contentEntries)
    .where(articles)
    .orderBy(desc(contentEntries.publishedAt));
}

/** The title and teaser of a published article (page head), or null. */
export async function articleHead(db: Db, slug: string): Promise<Entry | null> {
  const [row] = await db
    .select()
    .from(contentEntries)
    .where(and(articles, eq(contentEntries.slug, slug)))
    .limit(1);
  return row ?? null;
}

/** The page whose Markdown is read as a FAQ (sections and questions with anchors). */
export const FAQ_PAGE_SLUG = 'info-center';

/**
 * A body as its public page shows it, rendered fresh (the CMS preview): the info
 * center's as a FAQ (intro + sections), every other page's and article's as Markdown.
 */
export function renderBodyAsPublished(
  kind: Entry['kind'],
  slug: string,
  markdown: string,
): { Content: string; Sections: CmsPage['Sections'] } {
  if (kind === 'page' && slug === FAQ_PAGE_SLUG) {
    const faq = parseFaq(markdown);
    return { Content: faq.intro, Sections: faq.sections };
  }
  return { Content: renderMarkdown(markdown), Sections: [] };
}

/** A CMS page with a fixed address; the info center's body is read as a FAQ. */
export async function cmsPage(db: Db, slug: CmsPageSlug): Promise<CmsPage | null> {
  const [row] = await db
    .select()
    .from(contentEntries)
    .where(and(eq(contentEntries.kind, 'page'), published, eq(contentEntries.slug, slug)))
    .limit(1);
  if (!row) return null;
  const faq = slug === FAQ_PAGE_SLUG ? parseFaq(row.bodyMarkdown) : null;
  return {
    Slug: row.slug,
    Title: row.title,
    Description: row.teaser,
    Updated: berlinDay(row.updatedAt),
    FilePath: row.imagePath ?? '',
    ImageAlt: row.imageAlt,
    Content: faq ? faq.intro : renderedBody(row),
    Sections: faq ? faq.sections : [],
  };
}
