/**
 * The head of every page the server sends: title, description, canonical URL from
 * PUBLIC_URL, robots, Open Graph and schema.org JSON-LD, written into the built shell in place
 * of its default title and description. Values come from src/lib/page-meta.ts and are escaped
 * here, so nothing from a request can end up as markup.
 */
import { PRODUCT_NAME } from '../../src/lib/brand';
import { escapeHtml } from '../html/escape';

export interface PageHead {
  /** The whole title, product name included. */
  title: string;
  description: string;
  /** Absolute URL of the page without query (from PUBLIC_URL); none for error pages. */
  canonicalUrl?: string;
  indexable: boolean;
  /** Absolute URL of the preview image. */
  imageUrl: string;
  /** Alternates per country and language (`de-DE`, `de-AT`, `de-CH`, `x-default`). */
  alternates?: readonly { hreflang: string; href: string }[];
  /** schema.org objects, each written as one JSON-LD script. */
  jsonLd?: readonly object[];
}

/** JSON that can sit in a script element: no `</script>`, no `<!--`, no line separators. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

export function renderHead(head: PageHead): string {
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
  ];
  if (!head.indexable) tags.push(meta('name', 'robots', 'noindex'));
  if (head.canonicalUrl) {
    tags.push(`<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}" />`);
  }
  for (const alternate of head.alternates ?? []) {
    tags.push(
      `<link rel="alternate" hreflang="${escapeHtml(alternate.hreflang)}" href="${escapeHtml(alternate.href)}" />`,
    );
  }
  tags.push(
    meta('property', 'og:site_name', PRODUCT_NAME),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:locale', 'de_DE'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:image', head.imageUrl),
    meta('name', 'twitter:card', 'summary'),
  );
  if (head.canonicalUrl) tags.push(meta('property', 'og:url', head.canonicalUrl));
  for (const item of head.jsonLd ?? []) {
    tags.push(`<script type="application/ld+json">${jsonForScript(item)}</script>`);
  }
  return tags.join('\n    ');
}

/** schema.org Organization and WebSite of the home page. */
export function organizationJsonLd(absoluteUrl: (path: string) => string): object[] {
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: PRODUCT_NAME,
      url: absoluteUrl('/'),
      logo: absoluteUrl('/icons/icon-512.png'),
      areaServed: ['DE', 'AT', 'CH'],
    },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: PRODUCT_NAME,
      url: absoluteUrl('/'),
      inLanguage: 'de',
    },
  ];
}

/**
 * The built shell as a function of the head: its default title and description (index.html)
 * give way to the page's own. A shell without them (the placeholder of an unbuilt client) gets
 * the head right after `<head>`.
 */
export function shellWithHead(shell: string): (head: string) => string {
  const withoutDefaults = shell
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '')
    .replace(/<title>[^<]*<\/title>/i, '<!--head-->');
  const at = withoutDefaults.indexOf('<!--head-->');
  if (at === -1) {
    const open = /<head[^>]*>/i.exec(shell);
    if (!open) return () => shell;
    const end = open.index + open[0].length;
    return (head) => `${shell.slice(0, end)}${head}${shell.slice(end)}`;
  }
  const before = withoutDefaults.slice(0, at);
  const after = withoutDefaults.slice(at + '<!--head-->'.length);
  return (head) => `${before}${head}${after}`;
}

export interface PageParts {
  /** Tags for the head: title, meta, links (escaped by the caller). */
  head: string;
  /** Markup inside #root (server render), and what follows it (the embedded data). */
  root?: string;
  afterRoot?: string;
  /** Class of the body (SPEC §2: from the route name) and language of the document. */
  bodyClass?: string;
  lang?: string;
}

/**
 * The built shell as a function of the page's parts. Split once at its insertion points, so a
 * page costs a few string joins, not a search through the shell.
 */
export function pageTemplate(shell: string): (parts: PageParts) => string {
  const withHead = shellWithHead(shell);
  const HEAD = '\u0000head\u0000';
  const filled = withHead(HEAD);
  const rootAt = filled.indexOf('<div id="root"></div>');
  const bodyMatch = /<body([^>]*)>/i.exec(filled);
  const langMatch = /<html\s+lang="[^"]*"/i.exec(filled);
  if (rootAt === -1 || !bodyMatch || !langMatch) {
    // The placeholder shell of an unbuilt client: head only.
    return ({ head }) => withHead(head);
  }
  const headAt = filled.indexOf(HEAD);
  const bodyAt = bodyMatch.index;
  const bodyEnd = bodyAt + bodyMatch[0].length;
  const rootEnd = rootAt + '<div id="root"></div>'.length;
  const beforeLang = filled.slice(0, langMatch.index);
  const afterLang = filled.slice(langMatch.index + langMatch[0].length, headAt);
  const headToBody = filled.slice(headAt + HEAD.length, bodyAt);
  const bodyAttrs = bodyMatch[1] ?? '';
  const bodyToRoot = filled.slice(bodyEnd, rootAt);
  const afterRootTail = filled.slice(rootEnd);
  return ({ head, root = '', afterRoot = '', bodyClass, lang = 'de' }) =>
    `${beforeLang}<html lang="${escapeHtml(lang)}"${afterLang}${head}${headToBody}` +
    `<body${bodyAttrs}${bodyClass ? ` class="${escapeHtml(bodyClass)}"` : ''}>${bodyToRoot}` +
    `<div id="root">${root}</div>${afterRoot}${afterRootTail}`;
}
