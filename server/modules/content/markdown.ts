/**
 * Markdown of the content store to the HTML the pages show: rendered by `marked`, then
 * sanitised with an allow-list, so neither a seed file nor a staff edit can put a
 * script, an event handler, a style or a foreign frame into a page. Links may point into this
 * site (a path) or to an https address; an https link opens without handing over the opener.
 */
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import type { FaqSection } from '../../../src/api/contract/content';

const marked = new Marked({ gfm: true, breaks: false, async: false });

/** A path of this site (not "//host"), an anchor, an https or a mail address. */
const SAFE_HREF = /^(?:\/(?![/\\])|#|https:\/\/|mailto:)/i;

/**
 * An image must come from this site (uploads under /media/, the illustrations under
 * /news/): a path, not "//host", no scheme, no backslash; anything else is dropped.
 */
const OWN_IMAGE_SRC = /^\/(?![/\\])[^\\\s"'<>]*$/;

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'a',
    'blockquote',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'br',
    'hr',
    'img',
  ],
  allowedAttributes: { a: ['href', 'rel'], img: ['src', 'alt'], th: ['align'], td: ['align'] },
  // Paths of this site, https and mail addresses; everything else (javascript:, data:, http:)
  // loses its link and keeps its text.
  allowedSchemes: ['https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // An image whose src is not a path of this site goes entirely (not just its src).
  exclusiveFilter: (frame) => frame.tag === 'img' && !OWN_IMAGE_SRC.test(frame.attribs.src ?? ''),
  transformTags: {
    a: (tagName, given) => {
      const href = given.href ?? '';
      if (!SAFE_HREF.test(href)) return { tagName: 'span', attribs: {} };
      const attribs: Record<string, string> = { href };
      if (href.startsWith('https://')) attribs.rel = 'noopener noreferrer';
      return { tagName, attribs };
    },
    // Only src and alt; no size, style, srcset or handler.
    img: (tagName, given) => {
      const attribs: Record<string, string> = { src: given.src ?? '', alt: given.alt ?? '' };
      return { tagName, attribs };
    },
    // Markdown's top level is the article's own: its headings start below the page's h1.
    h1: 'h2',
  },
};

/** Markdown to sanitised HTML. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown) as string;
  return sanitizeHtml(html, ALLOWED).trim();
}

/** Sanitises HTML with the same allow-list (for HTML that did not come from renderMarkdown). */
export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, ALLOWED).trim();
}

export interface FrontMatter {
  readonly [key: string]: string;
}

/**
 * A content file: a header of `key: value` lines between `---` lines, then the Markdown body.
 * Throws on a file without a header (a broken seed file must fail the tests, not the page).
 */
export function parseContentFile(text: string): { meta: FrontMatter; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(text);
  if (!match) throw new Error('Inhaltsdatei ohne Kopf (--- … ---)');
  const meta: Record<string, string> = {};
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    if (!line.trim()) continue;
    const at = line.indexOf(':');
    if (at <= 0) throw new Error(`Kopfzeile ohne Schlüssel: ${line}`);
    meta[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return { meta, body: (match[2] ?? '').trim() };
}

const ANCHORED_HEADING = /^(#{2,3})\s+(.+?)\s*\{#([a-z0-9-]+)\}\s*$/;

/**
 * A FAQ page's Markdown: an intro, then `## Section {#id}` with `### Question? {#id}` and their
 * answers. Headings without an anchor stay part of the text they are in.
 */
export function parseFaq(markdown: string): { intro: string; sections: FaqSection[] } {
  const intro: string[] = [];
  const sections: FaqSection[] = [];
  let section: FaqSection | undefined;
  let question: { Id: string; Question: string; lines: string[] } | undefined;
  const closeQuestion = () => {
    if (question && section) {
      section.Questions.push({
        Id: question.Id,
        Question: question.Question,
        Answer: renderMarkdown(question.lines.join('\n')),
      });
    }
    question = undefined;
  };
  for (const line of markdown.split(/\r?\n/)) {
    const heading = ANCHORED_HEADING.exec(line);
    if (heading?.[1] === '##') {
      closeQuestion();
      section = { Id: heading[3] ?? '', Title: heading[2] ?? '', Questions: [] };
      sections.push(section);
    } else if (heading?.[1] === '###' && section) {
      closeQuestion();
      question = { Id: heading[3] ?? '', Question: heading[2] ?? '', lines: [] };
    } else if (question) {
      question.lines.push(line);
    } else if (!section) {
      intro.push(line);
    }
  }
  closeQuestion();
  return { intro: renderMarkdown(intro.join('\n')), sections };
}
