import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app';
import { methodsOf, openApiPath, PUBLIC_API, publicEntryOf } from './document';

const t = useTestApp();

interface Doc {
  openapi: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { securitySchemes: Record<string, unknown> };
}

async function fetchDoc(): Promise<Doc> {
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return response.json<Doc>();
}

/** The published routes, collected from the app the way the document is (app.routeTable). */
function publicRoutes(): { path: string; method: string }[] {
  return t.app.routeTable
    .filter((route) => publicEntryOf(route.url))
    .flatMap((route) =>
      methodsOf(route).map((method) => ({ path: openApiPath(route.url), method })),
    );
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document with info and paths', async () => {
    const doc = await fetchDoc();
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toBe('Ölkompass API');
    expect(doc.info.version).toBeTruthy();
    expect(doc.info.description).toContain('100 Liter');
    expect(Object.keys(doc.paths).length).toBeGreaterThan(5);
    for (const [path, item] of Object.entries(doc.paths)) {
      expect(path.startsWith('/api/')).toBe(true);
      expect(path).not.toContain(':');
      for (const [method, op] of Object.entries(item)) {
        expect(['get', 'post', 'put', 'patch', 'delete']).toContain(method);
        expect(op.responses).toBeTypeOf('object');
        expect(op.summary).toBeTypeOf('string');
        // Every path parameter of the template is declared.
        const declared = ((op.parameters ?? []) as { name: string; in: string }[])
          .filter((p) => p.in === 'path')
          .map((p) => p.name)
          .sort();
        const inTemplate = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
        expect(declared, `${method} ${path}`).toEqual(inTemplate);
      }
    }
    // No dialect marker inside: the document's own (2020-12) applies.
    expect(JSON.stringify(doc)).not.toContain('"$schema"');
  });

  it('has every registered route of the allow-list with its method, and nothing else', async () => {
    const doc = await fetchDoc();
    const expected = publicRoutes();
    // The allow-list names routes that exist (a renamed route would silently drop out).
    expect(expected.length).toBeGreaterThanOrEqual(8);
    for (const { path, method } of expected) {
      expect(doc.paths[path]?.[method], `${method.toUpperCase()} ${path}`).toBeDefined();
    }
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method} ${path}`),
    );
    expect(documented.sort()).toEqual(expected.map((r) => `${r.method} ${r.path}`).sort());
    // Customer, staff and account routes are never published.
    expect(documented.some((d) => /\/(jwt|support|account|iam|cms)\//.test(d))).toBe(false);
  });

  it('describes a number in the path or query as an integer with its bounds', async () => {
    // The contract reads them from text in their decimal form only (requestNumberParam); the
    // document names the number the route reads, and whether it may be left out.
    const doc = await fetchDoc();
    const parameters = (doc.paths['/api/kalkulation/best-price']?.get?.parameters ?? []) as {
      name: string;
      in: string;
      required: boolean;
      schema: Record<string, unknown>;
    }[];
    expect(parameters.find((p) => p.name === 'countryId')).toMatchObject({
      in: 'query',
      required: true,
      schema: { type: 'integer' },
    });
    expect(parameters.find((p) => p.name === 'amount')).toEqual({
      name: 'amount',
      in: 'query',
      required: false,
      schema: { type: 'integer', minimum: 300, maximum: 32000, default: 3000 },
    });
    const local = (doc.paths['/api/site/{countryId}/prices/best']?.get?.parameters ?? []) as {
      name: string;
      in: string;
      schema: Record<string, unknown>;
    }[];
    expect(local.find((p) => p.in === 'path')?.schema.type).toBe('integer');
  });

  it('describes the calculation request from the contract', async () => {
    const doc = await fetchDoc();
    const op = doc.paths['/api/kalkulation/berechnen']?.post as {
      requestBody: { content: { 'application/json': { schema: { properties: object } } } };
    };
    expect(Object.keys(op.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['ZipCode', 'Amount', 'CountryId']),
    );
  });

  it('marks the mex routes with their authentication, when registered', async () => {
    const doc = await fetchDoc();
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['bearerJwt', 'deviceKey']);
    const snapshot = doc.paths['/api/site/mex/mex-snapshot']?.get;
    if (snapshot) expect(snapshot.security).toEqual([{ bearerJwt: [] }]);
    const readings = doc.paths['/api/mex/readings']?.post;
    if (readings) expect(readings.security).toEqual([{ deviceKey: [] }]);
    const best = Object.values(doc.paths['/api/site/{countryId}/prices/best'] ?? {})[0];
    expect(best?.security).toBeUndefined();
  });

  it('describes liveness and readiness, with readiness’s 503', async () => {
    const doc = await fetchDoc();
    expect(doc.paths['/api/health']?.get?.responses).toHaveProperty('200');
    const ready = doc.paths['/api/health/ready']?.get as {
      summary: string;
      responses: Record<string, { content?: Record<string, { schema: object }> }>;
    };
    expect(ready.summary).toMatch(/Bereitschaft/);
    expect(Object.keys(ready.responses).sort()).toEqual(['200', '503']);
    expect(ready.responses['200']?.content?.['application/json']?.schema).toMatchObject({
      properties: { status: { const: 'ok' }, databaseMs: { type: 'number' } },
    });
  });

  it('lists its allow-list in one place', () => {
    expect(PUBLIC_API.map((e) => e.prefix)).toContain('/api/kalkulation/berechnen');
  });
});

describe('GET /api/dokumentation', () => {
  it('is a German HTML page naming every published path, styled from our origin', async () => {
    const doc = await fetchDoc();
    const response = await t.app.inject({ method: 'GET', url: '/api/dokumentation' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const html = response.body;
    expect(html).toContain('<html lang="de">');
    for (const path of Object.keys(doc.paths)) expect(html).toContain(`<code>${path}</code>`);
    // No script and no inline style: the site's CSP (style-src 'self') allows the page as it is.
    expect(html).not.toMatch(/<script|<style|style="/);
    const css = html.match(/<link rel="stylesheet" href="([^"]+)"/)?.[1];
    expect(css).toBe('/api/dokumentation.css');
    const sheet = await t.app.inject({ method: 'GET', url: css! });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toMatch(/^text\/css/);
  });
});
