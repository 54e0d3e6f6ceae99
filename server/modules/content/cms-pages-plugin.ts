/**
 * SPEC §2 catch-all "/*": a page the editors published is served at /{slug},
 * server-rendered like every public page, with its own title and description, and listed in the
 * sitemap. A slug nobody published, or a draft, is the 404 page. The two pages with their own
 * routes (/info-center, /heizoeltank-wartung) keep them: the route table matches them first.
 */
import { and, eq, notInArray } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { CMS_PAGE_SLUGS } from '../../../src/api/contract/content';
import { contentEntries } from '../../db/schema';

const publishedPage = and(
  eq(contentEntries.kind, 'page'),
  eq(contentEntries.status, 'published'),
  notInArray(contentEntries.slug, [...CMS_PAGE_SLUGS]),
);

export const cmsPagesPlugin = fp(
  async (app) => {
    app.pageResolvers.register('cms-seite', async (params) => {
      const [row] = await app.db
        .select({ title: contentEntries.title, teaser: contentEntries.teaser })
        .from(contentEntries)
        .where(and(publishedPage, eq(contentEntries.slug, params.cmsSlug ?? '')))
        .limit(1);
      return row
        ? { kind: 'page', title: row.title, description: row.teaser }
        : { kind: 'not-found' };
    });
    app.sitemap.register('cms-pages', async () =>
      (
        await app.db
          .select({ slug: contentEntries.slug, updatedAt: contentEntries.updatedAt })
          .from(contentEntries)
          .where(publishedPage)
      ).map((p) => ({ path: `/${p.slug}`, lastModified: p.updatedAt })),
    );
  },
  { name: 'cms-pages', dependencies: ['database', 'page-resolvers', 'seo'] },
);
