/**
 * The staff CMS (docs/decisions/015 content store, 016 guards): pages and news
 * articles of `content_entry`, edited as Markdown, with versions, preview, publish and images.
 * Every call needs the editor guard; writes need CSRF.
 *
 * The slug rules live here so that the server, the editor and the public catch-all route (a
 * published page at "/{slug}") agree on them: a page slug is one path segment that no route of
 * the app or the server uses as its first segment.
 */
import { z } from 'zod/mini';
import { appRoutes, newsArticlePath, paths } from '../../lib/paths';
import { staffRoutes } from '../../lib/staff-routes';
import { CMS_PAGE_SLUGS, FaqSectionSchema } from './content';
import { CountryIdSchema, requestIdParam, requestInt, requestText } from './common';

export const CMS_KINDS = ['page', 'article'] as const;
export type CmsKind = (typeof CMS_KINDS)[number];
export const CMS_STATUSES = ['draft', 'published'] as const;
export type CmsStatus = (typeof CMS_STATUSES)[number];

// ---------------------------------------------------------------------------------------------
// Slugs

/** Lower-case words of letters and digits joined by single hyphens. */
export const CMS_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const PAGE_SLUG_MIN = 2;
export const PAGE_SLUG_MAX = 80;
export const ARTICLE_SLUG_MIN = 2;
/** As the public article address accepts it (NewsDetailQuerySchema). */
export const ARTICLE_SLUG_MAX = 120;

/** The CMS pages with their own route: they can be edited but not deleted, moved or withdrawn. */
export const BUILT_IN_PAGE_SLUGS: readonly string[] = CMS_PAGE_SLUGS;

export function isBuiltInPage(kind: CmsKind, slug: string): boolean {
  return kind === 'page' && BUILT_IN_PAGE_SLUGS.includes(slug);
}

/**
 * First path segments the server uses besides the app's routes: the API, the login site, static
 * files and folders of public/ and the build, uploaded images, robots.txt, sitemap.xml, the
 * service worker and the manifest (names without their extension, so "/robots" is no page
 * either), plus a few names that would only confuse.
 */
const SERVER_SEGMENTS = [
  'api',
  'assets',
  'media',
  'icons',
  'news',
  'konto',
  'session',
  'sw',
  'robots',
  'sitemap',
  'manifest',
  'noscript',
  'favicon',
  'apple-touch-icon',
  'index',
  'offline',
  'admin',
  'login',
  'well-known',
] as const;

/**
 * The first segment of every route of the app and the staff area and of every named path
 * (src/lib/paths.ts, src/lib/staff-routes.ts; e.g. heizoelpreise, support, bestellung).
 */
function appFirstSegments(): string[] {
  const all = [
    ...appRoutes.map((r) => r.path),
    ...staffRoutes.map((r) => r.path),
    ...Object.values(paths),
  ];
  const out: string[] = [];
  for (const path of all) {
    const first = path.split('/')[1] ?? '';
    if (first && !first.startsWith(':')) out.push(first.toLowerCase());
  }
  return out;
}

/** Every first path segment a CMS page may not take (lower case). */
export const RESERVED_PAGE_SLUGS: ReadonlySet<string> = new Set([
  ...appFirstSegments(),
  ...SERVER_SEGMENTS,
]);

/**
 * Whether "/{slug}" is taken by a route of the app or the server (or one of the names above). The
 * built-in pages' slugs (info-center, heizoeltank-wartung) are reserved too: they have their own
 * routes.
 */
export function isReservedPageSlug(slug: string): boolean {
  return RESERVED_PAGE_SLUGS.has(slug.toLowerCase());
}

/**
 * Whether a published page with this slug is served by the catch-all route at "/{slug}": a valid
 * page slug that no route takes.
 */
export function isCatchAllPageSlug(slug: string): boolean {
  return pageSlugProblem(slug) === null;
}

/** What is wrong with a new page slug (German), or null. */
export function pageSlugProblem(slug: string): string | null {
  if (slug.length < PAGE_SLUG_MIN || slug.length > PAGE_SLUG_MAX) {
    return `Die Adresse muss ${PAGE_SLUG_MIN} bis ${PAGE_SLUG_MAX} Zeichen lang sein.`;
  }
  if (!CMS_SLUG.test(slug)) {
    return 'Die Adresse darf nur Kleinbuchstaben (a–z), Ziffern und einzelne Bindestriche enthalten, nicht mit einem Bindestrich beginnen oder enden.';
  }
  if (isReservedPageSlug(slug)) {
    return `„/${slug}“ ist schon eine Seite der Website. Bitte wählen Sie eine andere Adresse.`;
  }
  return null;
}

/** What is wrong with an article slug (German), or null. */
export function articleSlugProblem(slug: string): string | null {
  if (slug.length < ARTICLE_SLUG_MIN || slug.length > ARTICLE_SLUG_MAX) {
    return `Die Adresse muss ${ARTICLE_SLUG_MIN} bis ${ARTICLE_SLUG_MAX} Zeichen lang sein.`;
  }
  if (!CMS_SLUG.test(slug)) {
    return 'Die Adresse darf nur Kleinbuchstaben (a–z), Ziffern und einzelne Bindestriche enthalten, nicht mit einem Bindestrich beginnen oder enden.';
  }
  return null;
}

/** The slug's problem for its kind; a built-in page keeps its own slug. */
export function cmsSlugProblem(kind: CmsKind, slug: string): string | null {
  if (isBuiltInPage(kind, slug)) return null;
  return kind === 'page' ? pageSlugProblem(slug) : articleSlugProblem(slug);
}

/** The public address of an entry. */
export function cmsEntryPath(kind: CmsKind, slug: string): string {
  return kind === 'article' ? newsArticlePath(slug) : `/${slug}`;
}

/** A title or text as a slug suggestion: "Über uns – Team" → "ueber-uns-team". */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replaceAll('ä', 'ae')
    .replaceAll('ö', 'oe')
    .replaceAll('ü', 'ue')
    .replaceAll('ß', 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, PAGE_SLUG_MAX)
    .replace(/-+$/, '');
}

// ---------------------------------------------------------------------------------------------
// Requests

export const CMS_TITLE_MAX = 200;
export const CMS_TEASER_MAX = 600;
export const CMS_BODY_MAX = 100_000;
export const CMS_TAGS_MAX = 12;
export const CMS_TAG_MAX = 40;
export const CMS_AUTHOR_MAX = 120;
export const CMS_ALT_MAX = 300;
export const CMS_IMAGE_PATH_MAX = 300;

/** An image of this site: an uploaded one (/media/…) or one of public/ (/news/….svg). */
export const CMS_IMAGE_PATH = /^\/(?:media|news)\/[A-Za-z0-9._-]+\.(?:png|jpe?g|webp|svg)$/;

export const CmsKindSchema = z.enum(CMS_KINDS, { error: 'Kind muss „page“ oder „article“ sein.' });

export const CmsEntryListQuerySchema = z.object({
  kind: z.optional(z.enum(CMS_KINDS, { error: 'kind muss „page“ oder „article“ sein.' })),
});

export const CmsEntryParamsSchema = z.object({ id: requestIdParam('Die Id') });
export const CmsVersionParamsSchema = z.object({
  id: requestIdParam('Die Id'),
  version: requestIdParam('Die Version'),
});

const slugField = requestText(
  'Die Adresse (Slug) fehlt.',
  z.minLength(1, 'Bitte geben Sie eine Adresse an.'),
  z.maxLength(ARTICLE_SLUG_MAX, `Die Adresse ist zu lang (höchstens ${ARTICLE_SLUG_MAX} Zeichen).`),
  z.regex(
    CMS_SLUG,
    'Die Adresse darf nur Kleinbuchstaben (a–z), Ziffern und einzelne Bindestriche enthalten.',
  ),
);

/** The fields an editor writes (create and save). */
const entryFields = {
  Title: requestText(
    'Der Titel fehlt.',
    z.trim(),
    z.minLength(1, 'Bitte geben Sie einen Titel an.'),
    z.maxLength(CMS_TITLE_MAX, `Der Titel ist zu lang (höchstens ${CMS_TITLE_MAX} Zeichen).`),
  ),
  Slug: slugField,
  Teaser: requestText(
    'Der Teaser fehlt.',
    z.maxLength(CMS_TEASER_MAX, `Der Teaser ist zu lang (höchstens ${CMS_TEASER_MAX} Zeichen).`),
  ),
  BodyMarkdown: requestText(
    'Der Text fehlt.',
    z.maxLength(CMS_BODY_MAX, `Der Text ist zu lang (höchstens ${CMS_BODY_MAX} Zeichen).`),
  ),
  ImagePath: z.nullable(
    requestText(
      'Das Bild muss als Pfad angegeben werden.',
      z.maxLength(CMS_IMAGE_PATH_MAX, 'Der Bildpfad ist zu lang.'),
      z.regex(
        CMS_IMAGE_PATH,
        'Das Bild muss ein Bild dieser Website sein (/media/… oder /news/…).',
      ),
    ),
  ),
  ImageAlt: requestText(
    'Der Alternativtext fehlt.',
    z.maxLength(CMS_ALT_MAX, `Der Alternativtext ist zu lang (höchstens ${CMS_ALT_MAX} Zeichen).`),
  ),
  Tags: z
    .array(
      requestText(
        'Ein Schlagwort muss Text sein.',
        z.trim(),
        z.minLength(1, 'Ein Schlagwort darf nicht leer sein.'),
        z.maxLength(CMS_TAG_MAX, `Ein Schlagwort ist zu lang (höchstens ${CMS_TAG_MAX} Zeichen).`),
      ),
      { error: 'Die Schlagwörter müssen eine Liste sein.' },
    )
    .check(z.maxLength(CMS_TAGS_MAX, `Höchstens ${CMS_TAGS_MAX} Schlagwörter.`)),
  Author: requestText(
    'Der Autor fehlt.',
    z.maxLength(CMS_AUTHOR_MAX, `Der Autor ist zu lang (höchstens ${CMS_AUTHOR_MAX} Zeichen).`),
  ),
  Featured: z.boolean({ error: 'Featured muss wahr oder falsch sein.' }),
  /** null: every country. */
  CountryId: z.nullable(CountryIdSchema),
};

/** POST /api/cms/entries: a new entry, saved as a draft. */
export const CmsEntryCreateSchema = z.object({ Kind: CmsKindSchema, ...entryFields });
export type CmsEntryCreate = z.infer<typeof CmsEntryCreateSchema>;

/**
 * PUT /api/cms/entries/{id}: the fields, plus the Version and UpdatedAt the editor started from;
 * if someone saved in between, the answer is 409 and nothing is overwritten.
 */
export const CmsEntrySaveSchema = z.object({
  ...entryFields,
  Version: requestInt('Version', 0, 1_000_000),
  UpdatedAt: requestText('UpdatedAt fehlt.', z.maxLength(40, 'UpdatedAt ist ungültig.')),
});
export type CmsEntrySave = z.infer<typeof CmsEntrySaveSchema>;

/** POST /api/cms/preview: the Markdown as the public page will render it. */
export const CmsPreviewRequestSchema = z.object({
  Kind: CmsKindSchema,
  /** The page's slug: the info center's body is read as a FAQ. */
  Slug: z.optional(
    requestText('Slug muss Text sein.', z.maxLength(ARTICLE_SLUG_MAX, 'Slug ist zu lang.')),
  ),
  BodyMarkdown: entryFields.BodyMarkdown,
});
export type CmsPreviewRequest = z.infer<typeof CmsPreviewRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Answers

export const CmsEntryListItemSchema = z.object({
  Id: z.number(),
  Kind: z.enum(CMS_KINDS),
  Slug: z.string(),
  Title: z.string(),
  Status: z.enum(CMS_STATUSES),
  CountryId: z.nullable(z.number()),
  /** ISO 8601. */
  UpdatedAt: z.string(),
  PublishedAt: z.string(),
  /** Stored versions (0: never saved in the CMS, e.g. a shipped article). */
  Versions: z.number(),
  /** info-center, heizoeltank-wartung: own routes, not deletable. */
  BuiltIn: z.boolean(),
});
export type CmsEntryListItem = z.infer<typeof CmsEntryListItemSchema>;
export const CmsEntryListSchema = z.array(CmsEntryListItemSchema);

/** The fields an editor writes (entryFields) as an entry or a stored version answers them. */
const entryAnswerFields = {
  Title: z.string(),
  Slug: z.string(),
  Teaser: z.string(),
  BodyMarkdown: z.string(),
  ImagePath: z.nullable(z.string()),
  ImageAlt: z.string(),
  Tags: z.array(z.string()),
  Author: z.string(),
  Featured: z.boolean(),
  CountryId: z.nullable(z.number()),
};

export const CmsEntrySchema = z.object({
  Id: z.number(),
  Kind: z.enum(CMS_KINDS),
  ...entryAnswerFields,
  Status: z.enum(CMS_STATUSES),
  /** ISO 8601; for a draft that was never published, when it was created. */
  PublishedAt: z.string(),
  /** ISO 8601; with Version the token a save must send back. */
  UpdatedAt: z.string(),
  /** The newest stored version (0: none yet). */
  Version: z.number(),
  BuiltIn: z.boolean(),
});
export type CmsEntry = z.infer<typeof CmsEntrySchema>;

export const CmsPreviewSchema = z.object({
  /** Sanitised HTML: the body, or for the info center its intro. */
  Html: z.string(),
  /** The info center's FAQ sections; else empty. */
  Sections: z.array(FaqSectionSchema),
});
export type CmsPreview = z.infer<typeof CmsPreviewSchema>;

export const CmsVersionItemSchema = z.object({
  Version: z.number(),
  CreatedAt: z.string(),
  ActorEmail: z.string(),
  Title: z.string(),
});
export type CmsVersionItem = z.infer<typeof CmsVersionItemSchema>;
/** Newest first. */
export const CmsVersionListSchema = z.array(CmsVersionItemSchema);

/** One stored version: the entry's fields as they were saved (Title keeps its place). */
export const CmsVersionSchema = z.object({
  ...CmsVersionItemSchema.shape,
  ...entryAnswerFields,
});
export type CmsVersion = z.infer<typeof CmsVersionSchema>;

// ---------------------------------------------------------------------------------------------
// Images: POST /api/cms/images with the raw image as body; served at /media/{file}

export const CMS_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type CmsImageType = (typeof CMS_IMAGE_TYPES)[number];
export const CMS_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** {sha256 hex, first 16}.{ext} */
export const MEDIA_FILE = /^[0-9a-f]{16}\.(?:png|jpg|webp)$/;
export const MEDIA_PREFIX = '/media/';

export const CmsImageUploadSchema = z.object({ Path: z.string() });
export type CmsImageUpload = z.infer<typeof CmsImageUploadSchema>;

export const MediaParamsSchema = z.object({
  file: requestText('Der Dateiname fehlt.', z.maxLength(40, 'Der Dateiname ist zu lang.')),
});
