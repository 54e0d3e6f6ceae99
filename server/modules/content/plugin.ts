/**
 * The news pages' place in the page handler: an article exists by the database's
 * say (unknown → the 404 page), with its own title, description and NewsArticle JSON-LD; every
 * published article is in the sitemap. /news, /info-center and /heizoeltank-wartung have no
 * parameters and come from the route table.
 */
import fp from 'fastify-plugin';
import { newsArticlePath, paths } from '../../../src/lib/paths';
import { PRODUCT_NAME } from '../../../src/lib/brand';
import { articleHead, articleSlugs, renderedBodies } from './service';

export const contentPlugin = fp(
  async (app) => {
    app.caches.register({
      name: 'content-html',
      label: 'Gerenderte Artikel und Seiten',
      ...renderedBodies,
    });
    app.pageResolvers.register('news-artikel', async (params) => {
      const entry = await articleHead(app.db, params.artikelString ?? '');
      if (!entry) return { kind: 'not-found' };
      const url = app.absoluteUrl(newsArticlePath(entry.slug));
      return {
        kind: 'page',
        title: entry.title,
        description: entry.teaser,
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'NewsArticle',
            headline: entry.title,
            description: entry.teaser,
            ...(entry.imagePath ? { image: [app.absoluteUrl(entry.imagePath)] } : {}),
            datePublished: entry.publishedAt.toISOString(),
            dateModified: entry.updatedAt.toISOString(),
            author: { '@type': 'Organization', name: entry.author || PRODUCT_NAME },
            publisher: { '@type': 'Organization', name: PRODUCT_NAME },
            mainEntityOfPage: url,
          },
          {
            '@context': 'https://schema.org',
            '@type': 'BreadcrumbList',
            itemListElement: [
              { name: PRODUCT_NAME, path: paths.home },
              { name: 'News', path: paths.news },
              { name: entry.title, path: newsArticlePath(entry.slug) },
            ].map((b, i) => ({
              '@type': 'ListItem',
              position: i + 1,
              name: b.name,
              item: app.absoluteUrl(b.path),
            })),
          },
        ],
      };
    });
    app.sitemap.register('news-articles', async () =>
      (await articleSlugs(app.db)).map((a) => ({
        path: newsArticlePath(a.slug),
        lastModified: a.updatedAt,
      })),
    );
  },
  { name: 'content', dependencies: ['database', 'page-resolvers', 'seo', 'caches'] },
);
