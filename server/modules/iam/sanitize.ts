/**
 * The one gate for advert HTML and CSS: applied when staff save (and preview) and
 * again on every output, so neither an old row nor a rule added later lets anything through.
 *
 * HTML: an allow-list of text and structure tags; `class` on every tag, links only to paths of
 * this site, https and mail, images only from paths of this site or https (the CSP's img-src
 * still decides what loads); no style attributes, scripts, frames, forms, SVG or event handlers.
 *
 * CSS: the advert's stylesheet is served from our origin and applied inside the advert's shadow
 * root. A declaration, selector or at-rule that imports, loads from elsewhere, runs code (old IE
 * expression()/behavior, -moz-binding) or escapes the advert's box (position: fixed/sticky) is
 * dropped; backslash escapes, comments and "<" are removed first, so nothing can be spelled
 * around the checks or close a <style> element.
 */
import { createHash } from 'node:crypto';
import sanitizeHtml from 'sanitize-html';
import { SAFE_TARGET_URL } from '../../../src/api/contract/iam';

/** A path of this site (not "//host"), an https or a mail address. */
const SAFE_HREF = /^(?:\/(?![/\\])|https:\/\/|mailto:)/i;
/** Images: a path of this site or https. */
const SAFE_SRC = /^(?:\/(?![/\\])|https:\/\/)/i;
const DIMENSION = /^\d{1,4}$/;

const TAGS = [
  'div',
  'span',
  'p',
  'a',
  'strong',
  'em',
  'b',
  'i',
  'br',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'img',
  'figure',
  'figcaption',
  'small',
];

function options(linksAsText: boolean): sanitizeHtml.IOptions {
  return {
    allowedTags: TAGS,
    allowedAttributes: {
      '*': ['class'],
      a: ['href', 'rel'],
      img: ['src', 'alt', 'width', 'height'],
    },
    allowedSchemes: ['https', 'mailto'],
    allowedSchemesByTag: { img: ['https'] },
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    allowedStyles: {},
    disallowedTagsMode: 'discard',
    // Their text is code or markup, not advert text: dropped with the tag.
    nonTextTags: [
      'script',
      'style',
      'textarea',
      'option',
      'noscript',
      'iframe',
      'object',
      'embed',
      'svg',
      'math',
      'template',
      'title',
      'select',
      'button',
    ],
    transformTags: {
      a: (tagName, given) => {
        const href = (given.href ?? '').trim();
        if (linksAsText || !SAFE_HREF.test(href)) {
          return { tagName: 'span', attribs: given.class ? { class: given.class } : {} };
        }
        const attribs: Record<string, string> = { href };
        if (given.class) attribs.class = given.class;
        if (/^https:/i.test(href)) attribs.rel = 'sponsored noopener noreferrer';
        return { tagName, attribs };
      },
      img: (tagName, given) => {
        const attribs: Record<string, string> = {};
        const src = (given.src ?? '').trim();
        if (SAFE_SRC.test(src)) attribs.src = src;
        attribs.alt = given.alt ?? '';
        for (const key of ['width', 'height'] as const) {
          const value = given[key];
          if (value && DIMENSION.test(value)) attribs[key] = value;
        }
        if (given.class) attribs.class = given.class;
        return { tagName, attribs };
      },
      // The page has its own h1; an advert's headings start below it.
      h1: 'h2',
      h5: 'h4',
      h6: 'h4',
    },
    // An image without an allowed source shows nothing: leave it out.
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  };
}

const OPTIONS = options(false);
const OPTIONS_LINKS_AS_TEXT = options(true);

/** Advert HTML as it may be stored and shown. */
export function sanitizeAdvertHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * The HTML a page shows: sanitised again; with a target link, the whole advert becomes one link
 * (links inside it turn into text, a link can not hold another).
 */
export function advertOutputHtml(html: string, targetUrl: string): string {
  const url = targetUrl.trim();
  if (!url || !SAFE_TARGET_URL.test(url)) return sanitizeAdvertHtml(html);
  const inner = sanitizeHtml(html, OPTIONS_LINKS_AS_TEXT).trim();
  const rel = /^https:/i.test(url) ? ' rel="sponsored noopener noreferrer"' : '';
  return `<a class="advert-link" href="${escapeAttribute(url)}"${rel}>${inner}</a>`;
}

// ---------------------------------------------------------------------------------------------
// CSS

/** Anything that loads, runs or breaks out: the segment holding it is dropped. */
const FORBIDDEN_CSS =
  /@import|expression\s*\(|behaviou?r\s*:|-moz-binding|javascript:|vbscript:|data:|position\s*:\s*(?:fixed|sticky)/i;
const URL_CALL = /url\s*\(/gi;
/** What may follow "url(": an optional quote, then a path of this site or https. */
const ALLOWED_URL_TARGET = /^\s*['"]?\s*(?:\/(?![/\\])|https:\/\/)[^'"()\s]*\s*['"]?\s*\)/i;

function segmentIsSafe(segment: string): boolean {
  if (FORBIDDEN_CSS.test(segment)) return false;
  for (const match of segment.matchAll(URL_CALL)) {
    const rest = segment.slice((match.index ?? 0) + match[0].length);
    if (!ALLOWED_URL_TARGET.test(rest)) return false;
  }
  return true;
}

/** An advert's stylesheet as it may be stored and served. */
export function sanitizeAdvertCss(css: string): string {
  const plain = css
    .replace(/\\/g, '')
    .replace(/\/\*[\s\S]*?(?:\*\/|$)/g, '')
    .replace(/</g, '');
  // Split at the characters that end a declaration, selector or at-rule prelude; a segment is
  // kept or dropped as a whole, the delimiters stay, so the structure of blocks survives.
  const parts = plain.split(/([;{}])/);
  const kept = parts.map((part, index) => (index % 2 === 1 || segmentIsSafe(part) ? part : ''));
  return kept
    .join('')
    .replace(/([{;])(?:\s*;)+/g, '$1')
    .replace(/^\s*;/, '')
    .trim();
}

/** First 8 hex digits of the stylesheet's sha256: a new file name for every change. */
export function cssHash(css: string): string {
  return createHash('sha256').update(css).digest('hex').slice(0, 8);
}

/** SPEC §3 StylesFileName: null when the advert has no stylesheet. */
export function stylesFileName(advertId: number, css: string): string | null {
  return css.trim() ? `advert-${advertId}-${cssHash(css)}.css` : null;
}
