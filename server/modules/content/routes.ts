/**
 * News, CMS pages and cross-links (SPEC §7; §9 cached 3600 s). An unknown article or
 * page is a 404 with a German message; the client turns the article's into false (SPEC §7).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../src/api/contract/common';
import {
  CmsPageParamsSchema,
  CmsPageSchema,
  CONTENT_MAX_AGE_S,
  CrossLinksQuerySchema,
  CrossLinksSchema,
  NewsDetailQuerySchema,
  NewsDetailSchema,
  NewsItemSchema,
  NewsListQuerySchema,
  NewsListSchema,
  NewsParamsSchema,
  NO_CROSS_LINKS,
} from '../../../src/api/contract/content';
import { crossLinks } from './cross-links';
import { cmsPage, featuredNews, newsDetail, newsList } from './service';

const CACHE_CONTROL = `public, max-age=${CONTENT_MAX_AGE_S}`;

/** Registered with the prefix /api/site. */
export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:countryId/news-articles',
    {
      schema: {
        params: NewsParamsSchema,
        querystring: NewsListQuerySchema,
        response: { 200: NewsListSchema },
      },
    },
    async (request, reply) => {
      const { page, size } = request.query;
      reply.header('cache-control', CACHE_CONTROL);
      return newsList(app.db, request.params.countryId, page, size);
    },
  );

  app.get(
    '/:countryId/news-articles/featured',
    {
      schema: {
        params: NewsParamsSchema,
        response: { 200: NewsItemSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const item = await featuredNews(app.db, request.params.countryId);
      if (!item) return reply.code(404).send({ message: 'Es gibt noch keine Artikel.' });
      reply.header('cache-control', CACHE_CONTROL);
      return item;
    },
  );

  app.get(
    '/:countryId/news-articles/detail',
    {
      schema: {
        params: NewsParamsSchema,
        querystring: NewsDetailQuerySchema,
        response: { 200: NewsDetailSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const detail = await newsDetail(
        app.db,
        request.params.countryId,
        request.query.artikelString,
      );
      if (!detail) return reply.code(404).send({ message: 'Diesen Artikel gibt es nicht.' });
      reply.header('cache-control', CACHE_CONTROL);
      return detail;
    },
  );

  app.get(
    '/pages/:slug',
    {
      schema: {
        params: CmsPageParamsSchema,
        response: { 200: CmsPageSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const page = await cmsPage(app.db, request.params.slug);
      if (!page) return reply.code(404).send({ message: 'Diese Seite gibt es nicht.' });
      reply.header('cache-control', CACHE_CONTROL);
      return page;
    },
  );
};

/** Registered with the prefix /api/cross-linking. */
export const crossLinkingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/get',
    {
      schema: { querystring: CrossLinksQuerySchema, response: { 200: CrossLinksSchema } },
    },
    async (request, reply) => {
      try {
        const links = await crossLinks(app, request.query.countryId, request.query.path);
        reply.header('cache-control', CACHE_CONTROL);
        return links;
      } catch (error) {
        // SPEC §7: a failure gives an empty object; no cache keeps it for the page's lifetime.
        request.log.warn({ err: error, path: request.query.path }, 'cross-links not built');
        reply.header('cache-control', 'no-store');
        return NO_CROSS_LINKS;
      }
    },
  );
};
