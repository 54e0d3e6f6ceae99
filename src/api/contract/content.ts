/**
 * News, CMS pages and cross-links (SPEC §3 News item, News article; §7 news-articles,
 * featured, detail, cross-linking/get; §9 cached 3600 s; news page size 3).
 */
import { z } from 'zod/mini';
import {
  CountryIdParamSchema,
  CountryParamsSchema,
  pageOf,
  requestCode,
  requestNumberParam,
  requestText,
} from './common';

/** SPEC §9: news and cross-links may be kept 3600 s. */
export const CONTENT_MAX_AGE_S = 3600;
/** SPEC §9 news page size (the API's default); the /news page shows more per page. */
export const NEWS_PAGE_SIZE_DEFAULT = 3;
export const NEWS_PAGE_SIZE_MAX = 24;
// Zod-free, for the news page at load; re-exported for the server.
export { NEWS_LIST_PAGE_SIZE } from './content-pages';
/** Related articles under an article. */
export const RELATED_ARTICLES = 3;

export const NewsParamsSchema = CountryParamsSchema;

const pageNumber = (field: string, max: number, fallback: number) =>
  z._default(
    requestNumberParam(
      field,
      z.gte(1, `${field} muss mindestens 1 sein.`),
      z.lte(max, `${field} darf höchstens ${max} sein.`),
    ),
    fallback,
  );

export const NewsListQuerySchema = z.object({
  page: pageNumber('page', 10_000, 1),
  size: pageNumber('size', NEWS_PAGE_SIZE_MAX, NEWS_PAGE_SIZE_DEFAULT),
});
export type NewsListQuery = z.infer<typeof NewsListQuerySchema>;

export const ARTICLE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const NewsDetailQuerySchema = z.object({
  artikelString: requestText(
    'artikelString fehlt.',
    z.maxLength(120, 'artikelString ist zu lang.'),
    z.regex(ARTICLE_SLUG, 'artikelString: nur Kleinbuchstaben, Ziffern und Bindestriche.'),
  ),
});

/** What a news item and an article both show of the article. */
const newsTeaserFields = {
  Link: z.string(),
  Title: z.string(),
  Description: z.string(),
  ImageAlt: z.string(),
  /** yyyy-mm-dd */
  Date: z.string(),
};

/** SPEC §3 News item: FilePath, Link, Title, Description (and what the list shows besides). */
export const NewsItemSchema = z.object({
  FilePath: z.string(),
  ...newsTeaserFields,
  Tags: z.array(z.string()),
});
export type NewsItem = z.infer<typeof NewsItemSchema>;

export const NewsListSchema = pageOf(NewsItemSchema);
export type NewsList = z.infer<typeof NewsListSchema>;

/** SPEC §3 News article: FilePath, Content; the detail returns a main item plus related ones. */
export const NewsArticleSchema = z.object({
  FilePath: z.string(),
  /** Sanitised HTML rendered from the article's Markdown. */
  Content: z.string(),
  ...newsTeaserFields,
  Updated: z.nullable(z.string()),
  Author: z.string(),
  Tags: z.array(z.string()),
  /** null: every country. */
  CountryId: z.nullable(z.number()),
});
export type NewsArticle = z.infer<typeof NewsArticleSchema>;

export const NewsDetailSchema = z.object({
  Main: NewsArticleSchema,
  Related: z.array(NewsItemSchema),
});
export type NewsDetail = z.infer<typeof NewsDetailSchema>;

// FALLBACK_FEATURED_ITEM is in content-constants.ts and not re-exported here: this module is
// loaded lazily by several pages, and a module both it and the home page import becomes a
// chunk of its own on the home page's first download.

// ---------------------------------------------------------------------------------------------
// CMS pages: /info-center and /heizoeltank-wartung have their own routes; every other published
// page is served at /{slug} by the catch-all.

export const CMS_PAGE_SLUGS = ['info-center', 'heizoeltank-wartung'] as const;
/** A page's address segment: lower-case words joined by single hyphens. */
export const CMS_PAGE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const CMS_PAGE_SLUG_MAX = 80;
export type CmsPageSlug = string;

export const CmsPageParamsSchema = z.object({
  slug: requestCode(
    'Die Seite muss als Text angegeben werden.',
    CMS_PAGE_SLUG_MAX,
    CMS_PAGE_SLUG,
    'Diese Seite gibt es nicht.',
  ),
});

export const FaqQuestionSchema = z.object({
  /** The anchor, e.g. "mindestmenge" (/info-center#mindestmenge). */
  Id: z.string(),
  Question: z.string(),
  /** Sanitised HTML. */
  Answer: z.string(),
});
export type FaqQuestion = z.infer<typeof FaqQuestionSchema>;

export const FaqSectionSchema = z.object({
  Id: z.string(),
  Title: z.string(),
  Questions: z.array(FaqQuestionSchema),
});
export type FaqSection = z.infer<typeof FaqSectionSchema>;

export const CmsPageSchema = z.object({
  Slug: z.string(),
  Title: z.string(),
  Description: z.string(),
  Updated: z.string(),
  /** The page's picture (SPEC §3 FilePath); empty: none. */
  FilePath: z.string(),
  ImageAlt: z.string(),
  /** Sanitised HTML: the whole body, or for a FAQ page its intro. */
  Content: z.string(),
  /** A FAQ page (## section {#id} / ### question {#id}): its sections; else empty. */
  Sections: z.array(FaqSectionSchema),
});
export type CmsPage = z.infer<typeof CmsPageSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/cross-linking/get?countryId=&path=

export const CrossLinksQuerySchema = z.object({
  countryId: CountryIdParamSchema,
  path: requestText(
    'path fehlt.',
    z.maxLength(300, 'path ist zu lang.'),
    z.regex(/^\/[\w\-/.~%]*$/, 'path muss ein Pfad dieser Seite sein.'),
  ),
});

export const CrossLinkGroupSchema = z.object({
  Title: z.string(),
  Links: z.array(z.object({ Title: z.string(), Link: z.string(), Note: z.string() })),
});

/** Links that relate a page to others; SPEC §7: failure → an empty object (no Groups). */
export const CrossLinksSchema = z.object({ Groups: z.array(CrossLinkGroupSchema) });
export type CrossLinks = z.infer<typeof CrossLinksSchema>;
export { NO_CROSS_LINKS } from './content-pages';
