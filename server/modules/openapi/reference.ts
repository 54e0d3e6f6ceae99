/**
 * The readable reference (GET /api/dokumentation): plain HTML rendered from the OpenAPI document,
 * no script; its stylesheet is a file of our origin (the CSP allows no unhashed inline style).
 */
import type { JsonSchema, OpenApiDocument } from './document';

const escape = (text: string): string =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

/** A short German type text: "Zahl (ganz, 500–32000)", "Text", "Liste von Objekt", "A | B". */
export function typeText(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) {
    return `einer von ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  }
  if (schema.const !== undefined) return `genau ${JSON.stringify(schema.const)}`;
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(variants)) return variants.map(typeText).join(' oder ');
  const type = schema.type;
  const names: Record<string, string> = {
    string: 'Text',
    number: 'Zahl',
    integer: 'ganze Zahl',
    boolean: 'wahr/falsch',
    object: 'Objekt',
    array: 'Liste',
    null: 'null',
  };
  let text = Array.isArray(type)
    ? type.map((t) => names[String(t)] ?? String(t)).join(' oder ')
    : typeof type === 'string'
      ? (names[type] ?? type)
      : 'beliebig';
  if (type === 'array' && schema.items) text = `Liste von ${typeText(schema.items as JsonSchema)}`;
  const bounds: string[] = [];
  const min = schema.minimum ?? schema.exclusiveMinimum;
  const max = schema.maximum ?? schema.exclusiveMaximum;
  if (typeof min === 'number' && Math.abs(min) < 1e9) {
    bounds.push(`${schema.exclusiveMinimum !== undefined ? '>' : '≥'} ${min}`);
  }
  if (typeof max === 'number' && Math.abs(max) < 1e9) {
    bounds.push(`${schema.exclusiveMaximum !== undefined ? '<' : '≤'} ${max}`);
  }
  // A format says it shorter than its generated pattern (date-time's is 300 characters).
  if (typeof schema.format === 'string') bounds.push(`Format ${schema.format}`);
  else if (typeof schema.pattern === 'string') bounds.push(`Muster ${schema.pattern}`);
  if (typeof schema.maxLength === 'number') bounds.push(`höchstens ${schema.maxLength} Zeichen`);
  if (typeof schema.maxItems === 'number') bounds.push(`höchstens ${schema.maxItems} Einträge`);
  if (schema.default !== undefined) bounds.push(`Standard ${JSON.stringify(schema.default)}`);
  return bounds.length > 0 ? `${text} (${bounds.join(', ')})` : text;
}

interface Field {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

/** The fields of an object schema, nested ones as `Items[].UnitPrice` (a few levels deep). */
export function fieldsOf(schema: JsonSchema, prefix = '', depth = 0): Field[] {
  const objectOf = (s: JsonSchema): JsonSchema | undefined => {
    if (s.type === 'object' && s.properties) return s;
    if (s.type === 'array' && s.items) return objectOf(s.items as JsonSchema);
    const variants = s.anyOf as JsonSchema[] | undefined;
    return variants?.map(objectOf).find(Boolean);
  };
  const object = objectOf(schema);
  if (!object || depth > 3) return [];
  const required = new Set((object.required ?? []) as string[]);
  const out: Field[] = [];
  for (const [key, property] of Object.entries(object.properties as Record<string, JsonSchema>)) {
    const name = `${prefix}${key}`;
    out.push({
      name,
      type: typeText(property),
      required: required.has(key),
      description: typeof property.description === 'string' ? property.description : '',
    });
    const nested = objectOf(property);
    if (nested) {
      const variants = (property.anyOf ?? []) as JsonSchema[];
      const isList = property.type === 'array' || variants.some((v) => v.type === 'array');
      out.push(...fieldsOf(property, `${name}${isList ? '[]' : ''}.`, depth + 1));
    }
  }
  return out;
}

function fieldTable(fields: Field[], caption: string): string {
  if (fields.length === 0) return `<p>${escape(caption)}: keine Felder.</p>`;
  const rows = fields
    .map(
      (f) =>
        `<tr><td><code>${escape(f.name)}</code></td><td>${escape(f.type)}</td><td>${
          f.required ? 'ja' : 'nein'
        }</td><td>${escape(f.description)}</td></tr>`,
    )
    .join('');
  return `<table><caption>${escape(caption)}</caption><thead><tr><th scope="col">Feld</th><th scope="col">Typ</th><th scope="col">Pflicht</th><th scope="col">Beschreibung</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** A string field of a schema object, or the fallback. */
const str = (value: unknown, fallback = ''): string =>
  typeof value === 'string' ? value : fallback;

const WHERE: Record<string, string> = { path: 'Pfad', query: 'Abfrage', header: 'Header' };

function operationHtml(path: string, method: string, op: JsonSchema, doc: OpenApiDocument): string {
  const id = str(op.operationId, `${method}-${path}`);
  const parts: string[] = [
    `<section class="operation" id="${escape(id)}" aria-labelledby="${escape(id)}-h">`,
    `<h3 id="${escape(id)}-h"><span class="method">${escape(method.toUpperCase())}</span> <code>${escape(path)}</code></h3>`,
    `<p>${escape(str(op.summary))}</p>`,
  ];
  const security = op.security as Record<string, unknown>[] | undefined;
  if (security?.length) {
    const names = security.flatMap((s) => Object.keys(s));
    const text = names
      .map((n) => str(doc.components.securitySchemes[n as 'bearerJwt']?.description, n))
      .join(' ');
    parts.push(`<p><strong>Anmeldung:</strong> ${escape(text)}</p>`);
  } else {
    parts.push('<p><strong>Anmeldung:</strong> keine.</p>');
  }
  const parameters = (op.parameters ?? []) as JsonSchema[];
  if (parameters.length > 0) {
    parts.push(
      fieldTable(
        parameters.map((p) => ({
          name: `${String(p.name)} (${WHERE[String(p.in)] ?? String(p.in)})`,
          type: typeText(p.schema as JsonSchema),
          required: Boolean(p.required),
          description: typeof p.description === 'string' ? p.description : '',
        })),
        'Parameter',
      ),
    );
  }
  const body = op.requestBody as
    { content: { 'application/json': { schema: JsonSchema } } } | undefined;
  if (body) {
    parts.push(fieldTable(fieldsOf(body.content['application/json'].schema), 'Anfrage (JSON)'));
  }
  parts.push('<h4>Antworten</h4><dl>');
  for (const [status, response] of Object.entries(op.responses as Record<string, JsonSchema>)) {
    parts.push(`<dt>${escape(status)}</dt><dd>${escape(str(response.description))}`);
    const content = response.content as { 'application/json': { schema: JsonSchema } } | undefined;
    if (content && status.startsWith('2')) {
      parts.push(fieldTable(fieldsOf(content['application/json'].schema), `Antwort ${status}`));
    }
    parts.push('</dd>');
  }
  parts.push('</dl></section>');
  return parts.join('\n');
}

export const REFERENCE_CSS = `body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#1a1a1a;background:#fff}
h1{font-size:1.75rem}h2{margin-top:2rem;border-bottom:1px solid #ccc}h3{font-size:1.1rem;margin-bottom:.25rem}
code{font-family:ui-monospace,monospace;word-break:break-all}
.method{display:inline-block;min-width:3.5rem;padding:0 .35rem;border-radius:.25rem;background:#0b5394;color:#fff;font-size:.85rem;text-align:center}
.operation{border-top:1px solid #e3e3e3;padding-top:.75rem;margin-top:1.25rem}
table{border-collapse:collapse;width:100%;margin:.5rem 0;font-size:.9rem;display:block;overflow-x:auto}
caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{border:1px solid #ddd;padding:.25rem .5rem;text-align:left;vertical-align:top}
th{background:#f4f4f4}dt{font-weight:600}dd{margin:0 0 .75rem 1rem}
a{color:#0b5394}:focus-visible{outline:3px solid #0b5394;outline-offset:2px}
`;

export function renderReference(doc: OpenApiDocument, cssHref: string, jsonHref: string): string {
  const byTag = new Map<string, string[]>();
  const toc: string[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = String((op.tags as string[] | undefined)?.[0] ?? 'Weitere');
      const list = byTag.get(tag) ?? [];
      list.push(operationHtml(path, method, op, doc));
      byTag.set(tag, list);
      toc.push(
        `<li><a href="#${escape(String(op.operationId))}">${escape(method.toUpperCase())} <code>${escape(path)}</code></a></li>`,
      );
    }
  }
  const description = doc.info.description
    .split('\n')
    .filter((line) => line.startsWith('- '))
    .map((line) => `<li>${escape(line.slice(2)).replace(/`([^`]+)`/g, '<code>$1</code>')}</li>`)
    .join('');
  const intro = doc.info.description.split('\n')[0] ?? '';
  const sections = [...byTag]
    .map(([tag, ops]) => {
      const text = doc.tags.find((t) => t.name === tag)?.description ?? '';
      return `<section aria-labelledby="tag-${escape(tag)}"><h2 id="tag-${escape(tag)}">${escape(tag)}</h2><p>${escape(text)}</p>${ops.join('\n')}</section>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(doc.info.title)}: Dokumentation</title>
<link rel="stylesheet" href="${escape(cssHref)}">
</head>
<body>
<header>
<h1>${escape(doc.info.title)}</h1>
<p>${escape(intro)}</p>
<ul>${description}</ul>
<p>Maschinenlesbar als OpenAPI 3.1: <a href="${escape(jsonHref)}">${escape(jsonHref)}</a></p>
</header>
<nav aria-label="Inhalt"><h2>Inhalt</h2><ul>${toc.join('')}</ul></nav>
<main>
${sections}
</main>
</body>
</html>
`;
}
