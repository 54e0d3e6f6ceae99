/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of the public API, generated from the route
 * table and the zod contract (document.ts); GET /api/dokumentation: the same as a readable German
 * page (reference.ts) with its stylesheet. Both are built once, on the first request (the route
 * table is complete by then), and kept in memory.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildOpenApiDocument, type OpenApiDocument } from './document';
import { REFERENCE_CSS, renderReference } from './reference';

export const OPENAPI_PATH = '/api/openapi.json';
export const REFERENCE_PATH = '/api/dokumentation';
const REFERENCE_CSS_PATH = '/api/dokumentation.css';

export const openApiRoutes: FastifyPluginAsyncZod = async (app) => {
  let doc: OpenApiDocument | undefined;
  let json: string | undefined;
  let html: string | undefined;
  const documentOf = () => (doc ??= buildOpenApiDocument(app.routeTable, app.publicUrl));

  app.get('/openapi.json', async (_request, reply) => {
    json ??= JSON.stringify(documentOf());
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(json);
  });

  app.get('/dokumentation', async (_request, reply) => {
    html ??= renderReference(documentOf(), REFERENCE_CSS_PATH, OPENAPI_PATH);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(html);
  });

  app.get('/dokumentation.css', async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(REFERENCE_CSS),
  );
};
