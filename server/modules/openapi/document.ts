/**
 * The OpenAPI 3.1 document of the public API, generated from the routes as registered
 * (app.routeTable) and their zod schemas (the contract in src/api/contract): nothing here is
 * written by hand but the allow-list, the German summaries and the security schemes. A route added
 * under an allowed prefix appears by itself; openapi.test.ts holds every such route to it.
 */
import type { RouteOptions } from 'fastify';
import { toJSONSchema } from 'zod/v4/core';
import type { $ZodType } from 'zod/v4/core';

export type SecurityName = 'bearerJwt' | 'deviceKey';

export interface PublicApiEntry {
  /** A Fastify path or its first segments (`:param` syntax); matched segment by segment. */
  prefix: string;
  tag: string;
  /** How callers authenticate; none: open to everybody. */
  security?: SecurityName;
}

/** THE allow-list: the routes published in the document, by path prefix. */
export const PUBLIC_API: readonly PublicApiEntry[] = [
  { prefix: '/api/site/:countryId/prices', tag: 'Preise' },
  { prefix: '/api/site/prices/local', tag: 'Preise' },
  { prefix: '/api/kalkulation/best-price', tag: 'Bestpreis' },
  { prefix: '/api/kalkulation/berechnen', tag: 'Berechnung' },
  { prefix: '/api/kalkulation/berechnen-default', tag: 'Berechnung' },
  { prefix: '/api/location/check-zipcode', tag: 'Postleitzahlen' },
  { prefix: '/api/site/mex/mex-snapshot', tag: 'meX', security: 'bearerJwt' },
  { prefix: '/api/mex/readings', tag: 'meX', security: 'deviceKey' },
  { prefix: '/api/health', tag: 'Betrieb' },
];

/** The entry a route path belongs to (segment-wise: /berechnen is not /berechnen-default). */
export function publicEntryOf(url: string): PublicApiEntry | undefined {
  const path = url.length > 1 ? url.replace(/\/+$/, '') : url;
  let best: PublicApiEntry | undefined;
  for (const entry of PUBLIC_API) {
    if (path === entry.prefix || path.startsWith(`${entry.prefix}/`)) {
      if (!best || entry.prefix.length > best.prefix.length) best = entry;
    }
  }
  return best;
}

/** The published methods of a route: Fastify's automatic HEAD for a GET is left out. */
export function methodsOf(route: Pick<RouteOptions, 'method'>): string[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.filter((m) => m !== 'HEAD' && m !== 'OPTIONS').map((m) => m.toLowerCase());
}

/** `/api/site/:countryId/prices` → `/api/site/{countryId}/prices` */
export function openApiPath(url: string): string {
  const path = url.length > 1 ? url.replace(/\/+$/, '') : url;
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** German summaries by "METHOD path"; a route without one gets a generic line. */
const SUMMARIES: Record<string, string> = {
  'get /api/site/{countryId}/prices/average':
    'Durchschnittspreise des Landes (heute, Vortag, Vorwoche) für die Standardmenge.',
  'get /api/site/{countryId}/prices/history':
    'Preisverlauf eines Gebiets über einen Zeitraum (Tageswerte je 100 Liter).',
  'get /api/site/{countryId}/prices/current': 'Der aktuelle Preis eines Gebiets.',
  'get /api/site/{countryId}/prices/range-local':
    'Preisspanne (günstigster bis teuerster Händler) für eine Postleitzahl.',
  'get /api/site/{countryId}/prices/best': 'Der beste Preis für eine Postleitzahl und Menge.',
  'get /api/site/prices/local': 'Lokale Preisseite: Ort, Preis und Vergleich mit dem Land.',
  'get /api/kalkulation/best-price':
    'Der beste Preis des Landes für eine Menge (Überblick im Rechner).',
  'post /api/kalkulation/berechnen':
    'Berechnet alle Angebote für eine vollständige Konfiguration (Postleitzahl, Menge, Produkt, Optionen).',
  'post /api/kalkulation/berechnen-default':
    'Berechnet die Angebote mit den Standardoptionen für Postleitzahl und Menge.',
  'post /api/location/check-zipcode': 'Prüft, ob es eine Postleitzahl im Land gibt.',
  'get /api/site/mex/mex-snapshot':
    'meX: die Tanks des angemeldeten Kunden mit Füllstand und Reichweite (für den Rechner).',
  'post /api/mex/readings':
    'meX-Sensor: Messwerte übermitteln (bis zu 500 je Anfrage; ein schon gespeicherter Zeitpunkt zählt als Duplikat, nicht als Fehler).',
  'get /api/health':
    'Lebenszeichen: der Serverprozess läuft (fragt die Datenbank nicht; für Verbindungsprüfungen).',
  'get /api/health/ready':
    'Bereitschaft: der Serverprozess kann Anfragen bedienen, seine Datenbank hat geantwortet (für Load-Balancer; sonst 503 mit Retry-After).',
};

const STATUS_TEXT: Record<string, string> = {
  '200': 'Erfolg',
  '201': 'Angelegt',
  '204': 'Erfolg ohne Inhalt',
  '400': 'Ungültige Eingabe: `message` nennt den Fehler auf Deutsch, `issues` die Felder.',
  '401': 'Nicht angemeldet oder Schlüssel ungültig.',
  '403': 'Keine Berechtigung.',
  '404': 'Nicht gefunden.',
  '409': 'Konflikt.',
  '429': 'Zu viele Anfragen: bitte später erneut versuchen (Header Retry-After).',
  '503':
    'Vorübergehend nicht verfügbar (z. B. Datenbank nicht erreichbar): nach Retry-After Sekunden erneut versuchen.',
};

export type JsonSchema = Record<string, unknown>;

function isZod(schema: unknown): schema is $ZodType {
  return typeof schema === 'object' && schema !== null && '_zod' in schema;
}

/** A route schema part as JSON Schema 2020-12 (the dialect of OpenAPI 3.1). */
export function jsonSchemaOf(schema: unknown, io: 'input' | 'output'): JsonSchema {
  if (!isZod(schema)) return (schema ?? {}) as JsonSchema;
  try {
    const json = toJSONSchema(schema, {
      io,
      unrepresentable: 'any',
      target: 'draft-2020-12',
    }) as JsonSchema;
    const { $schema: _dialect, ...rest } = json;
    return rest;
  } catch {
    return {};
  }
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

/**
 * The parameters of a path or query schema. Whether one is required is the input's say (a value
 * with a default may be left out); its schema is the value the route reads (the output): a
 * number in an address arrives as text and is read as a number (requestNumberParam in the
 * contract), which OpenAPI writes as `type: integer` with its bounds, in the decimal form that
 * is the only one the API takes. Its input, a string with a pattern, would tell a client
 * generator to send text.
 */
function parametersOf(schema: unknown, where: Parameter['in']): Parameter[] {
  if (!schema) return [];
  const json = jsonSchemaOf(schema, 'output');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((jsonSchemaOf(schema, 'input').required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
}

function isNullSchema(json: JsonSchema): boolean {
  return json.type === 'null';
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, JsonSchema>>;
  components: { securitySchemes: Record<SecurityName, JsonSchema> };
}

export const API_DESCRIPTION = [
  'Die öffentliche Schnittstelle von Ölkompass: Heizölpreise, Bestpreise und Angebotsberechnung, dazu die meX-Tanksensoren.',
  '',
  '- Preise sind Bruttopreise (inkl. MwSt.) je 100 Liter in der Währung des Landes (EUR, in der Schweiz CHF); Gesamtpreise in derselben Währung.',
  '- Mengen in Litern; Datumsangaben als ISO 8601 (Tage yyyy-mm-dd, Zeitpunkte mit Zeitzone).',
  '- Länder: 1 Deutschland, 2 Österreich, 3 Schweiz.',
  '- Preise werden 120 Sekunden zwischengespeichert; häufigeres Abfragen bringt keine neueren Werte.',
  '- Anfragen sind je Adresse begrenzt; zu viele Anfragen werden mit 429 und Retry-After beantwortet.',
  '- Fehler antworten mit einem JSON-Objekt `{ message, issues? }` mit deutscher Meldung.',
  '- Ist die Datenbank kurz nicht erreichbar, wartet eine Anfrage einige Sekunden; danach antwortet sie mit 503 und Retry-After.',
].join('\n');

/** The document for the routes of an app (its route table); published routes only. */
export function buildOpenApiDocument(
  routes: readonly RouteOptions[],
  serverUrl: string,
): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Map<string, string>();
  for (const route of routes) {
    const entry = publicEntryOf(route.url);
    if (!entry) continue;
    const path = openApiPath(route.url);
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    for (const method of methodsOf(route)) {
      const key = `${method} ${path}`;
      const parameters = [
        ...parametersOf(schema.params, 'path'),
        ...parametersOf(schema.querystring, 'query'),
      ];
      const responses: Record<string, JsonSchema> = {};
      const responseSchemas = (schema.response ?? {}) as Record<string, unknown>;
      for (const [status, responseSchema] of Object.entries(responseSchemas)) {
        const json = jsonSchemaOf(responseSchema, 'output');
        responses[status] = {
          description: STATUS_TEXT[status] ?? `Status ${status}`,
          ...(isNullSchema(json) ? {} : { content: { 'application/json': { schema: json } } }),
        };
      }
      if (Object.keys(responses).length === 0) responses['200'] = { description: 'Erfolg' };
      const operation: JsonSchema = {
        operationId: `${method}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c?: string) => (c ?? '').toUpperCase())}`,
        summary: SUMMARIES[key] ?? `${method.toUpperCase()} ${path}`,
        tags: [entry.tag],
        ...(parameters.length > 0 ? { parameters } : {}),
        ...(schema.body
          ? {
              requestBody: {
                required: true,
                content: { 'application/json': { schema: jsonSchemaOf(schema.body, 'input') } },
              },
            }
          : {}),
        responses,
        ...(entry.security ? { security: [{ [entry.security]: [] }] } : {}),
      };
      paths[path] = { ...paths[path], [method]: operation };
    }
    tags.set(entry.tag, TAG_TEXT[entry.tag] ?? entry.tag);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Ölkompass API', version: '1.0.0', description: API_DESCRIPTION },
    servers: [{ url: serverUrl }],
    tags: [...tags].map(([name, description]) => ({ name, description })),
    paths,
    components: {
      securitySchemes: {
        bearerJwt: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'Das Zugriffstoken des angemeldeten Kunden (POST /api/account/login), Header `Authorization: Bearer …`.',
        },
        deviceKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'Der Geräteschlüssel des meX-Sensors (`mxk_…`, 47 Zeichen), Header `Authorization: Bearer mxk_…`. Der Kundendienst vergibt und erneuert ihn.',
        },
      },
    },
  };
}

const TAG_TEXT: Record<string, string> = {
  Preise: 'Heizölpreise: Durchschnitt, Verlauf und lokale Preise.',
  Bestpreis: 'Der günstigste Preis für Postleitzahl und Menge.',
  Berechnung: 'Angebote der Händler für eine Bestellung berechnen.',
  Postleitzahlen: 'Postleitzahlen prüfen.',
  meX: 'meX-Tanksensoren: Füllstände lesen (Kunde) und Messwerte senden (Sensor).',
  Betrieb:
    'Lebenszeichen und Bereitschaft des Serverprozesses (für Überwachung und Load-Balancer).',
};
