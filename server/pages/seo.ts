/**
 * robots.txt and sitemap.xml. The sitemap lists the indexable pages of the route
 * table that have no parameters (src/lib/page-meta.ts) and whatever the registered sources add:
 * a later feature with pages from the database (price pages, news, dealers) registers a source
 * with `app.sitemap.register` instead of editing a list here. Every URL comes from PUBLIC_URL.
 */
import fp from 'fastify-plugin';
import { PAGE_META } from '../../src/lib/page-meta';
import { appRoutes } from '../../src/lib/paths';
import { LEGACY_PREFIX } from '../html/frame';
import { escapeHtml } from '../html/escape';

export interface SitemapEntry {
  /** A same-site path, e.g. "/heizoelpreise/bayern". */
  path: string;
  /** Last change, e.g. a news article's update. */
  lastModified?: Date;
}

/** Gives the pages of one kind; called for every sitemap request (the answer is cached). */
export type SitemapSource = () => Promise<readonly SitemapEntry[]>;

declare module 'fastify' {
  interface FastifyInstance {
    sitemap: { register(name: string, source: SitemapSource): void };
  }
}

/** The sitemap protocol's limit per file; beyond it a sitemap index would be needed. */
export const SITEMAP_MAX_URLS = 50_000;
const SITEMAP_MAX_AGE_SECONDS = 3600;

/** Pages of the route table for search engines: indexable and without parameters. */
export function routeTableEntries(): SitemapEntry[] {
  return appRoutes
    .filter((route) => PAGE_META[route.name].indexable && !route.path.includes(':'))
    .map((route) => ({ path: route.path }));
}

/** Paths crawlers have no business in: the API, the login layer, personal and staff pages. */
function disallowedPaths(): string[] {
  const privatePaths = appRoutes
    .filter((route) => !PAGE_META[route.name].indexable)
    .map((route) => route.path.replace(/\/:.*$/, '/'));
  const all = [...new Set(['/api/', LEGACY_PREFIX, '/support/', ...privatePaths])].sort();
  // A Disallow line covers every path it prefixes: /bestellung covers /bestellungen too.
  return all.filter((path) => !all.some((other) => other !== path && path.startsWith(other)));
}

export function robotsTxt(sitemapUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowedPaths().map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${sitemapUrl}`,
    '',
  ].join('\n');
}

export function sitemapXml(urls: readonly { loc: string; lastModified?: Date }[]): string {
  const items = urls.map(({ loc, lastModified }) => {
    const lastmod = lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : '';
    return `  <url><loc>${escapeHtml(loc)}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...items,
    '</urlset>',
    '',
  ].join('\n');
}

export const seoPlugin = fp(
  async (app) => {
    const sources = new Map<string, SitemapSource>([['routes', async () => routeTableEntries()]]);
    app.decorate('sitemap', {
      register(name: string, source: SitemapSource) {
        if (sources.has(name)) throw new Error(`sitemap source "${name}" registered twice`);
        sources.set(name, source);
      },
    });

    app.get('/robots.txt', async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=86400')
        .type('text/plain; charset=utf-8')
        .send(robotsTxt(app.absoluteUrl('/sitemap.xml'))),
    );

    app.get('/sitemap.xml', async (request, reply) => {
      const seen = new Set<string>();
      const urls: { loc: string; lastModified?: Date }[] = [];
      for (const [name, source] of sources) {
        let entries: readonly SitemapEntry[];
        try {
          entries = await source();
        } catch (error) {
          // One failing source must not take the others' pages out of the index.
          request.log.error({ err: error, source: name }, 'sitemap source failed');
          continue;
        }
        for (const entry of entries) {
          const loc = app.absoluteUrl(entry.path);
          if (seen.has(loc) || urls.length >= SITEMAP_MAX_URLS) continue;
          seen.add(loc);
          urls.push({ loc, lastModified: entry.lastModified });
        }
      }
      return reply
        .header('cache-control', `public, max-age=${SITEMAP_MAX_AGE_SECONDS}`)
        .type('application/xml; charset=utf-8')
        .send(sitemapXml(urls));
    });
  },
  { name: 'seo', dependencies: ['public-url'] },
);
