/**
 * The app's stylesheets written into the page (docs/decisions/009): linked, each
 * is a request the first paint waits for (a round trip or two on a slow phone connection);
 * written into the head they arrive with the page. The build splits them per route
 * (vite.config.ts cssCodeSplit): a page carries the entry's stylesheet and its own route's, not
 * every page's (the offer list 38 kB instead of 98 kB of CSS to parse and match on a slow phone).
 * The CSP keeps `style-src 'self'` and allows exactly these texts by their hashes, so no other
 * inline style can run.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cspHash } from '../plugins/security';

export interface InlinedShell {
  /** The shell with each of its own stylesheets' links replaced by a <style> with its text. */
  html: string;
  /** CSP source expressions for every <style> a page may carry ('sha256-…'). */
  styleHashes: string[];
}

const STYLESHEET_LINK = /<link\b[^>]*\brel="stylesheet"[^>]*>/g;

/**
 * The text of every stylesheet the build emitted (assets/*.css, keyed "assets/<file>") that can
 * be written into a page: one whose text could end the <style> element stays a link.
 */
export function inlinableStylesheets(distDir: string): ReadonlyMap<string, string> {
  const dir = join(distDir, 'assets');
  const texts = new Map<string, string>();
  if (!existsSync(dir)) return texts;
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith('.css')) continue;
    const text = readFileSync(join(dir, name), 'utf8');
    if (!/<\/style/i.test(text)) texts.set(`assets/${name}`, text);
  }
  return texts;
}

/**
 * A link that no browser fetches: a stylesheet type no browser supports (HTML: "If the type
 * attribute is present and its value is not a supported styling language, the user agent must
 * not fetch"), which every engine has honoured for decades. `disabled` alone is not enough:
 * Chromium 150 still fetched disabled links (four stylesheets a page, all already in it);
 * it stays so that a link fetched anyway is never applied.
 */
export const INLINED_LINK_ATTRIBUTES = 'type="text/x-inlined" disabled';

/**
 * A stylesheet in the page: its text, and a link to its file that is never fetched nor applied.
 * Vite's module loader counts every `<link rel="stylesheet">` with the file's address as loaded:
 * when the route's chunk is imported on hydration, it finds the stylesheet there and does not
 * load it a second time.
 */
export function inlineStyleTag(href: string, text: string): string {
  return `<style>${text}</style><link rel="stylesheet" href="/${href}" ${INLINED_LINK_ATTRIBUTES} />`;
}

/**
 * Replaces the built shell's links to its own stylesheets (/assets/…) with their text. A link
 * whose file is not in `texts` stays a link.
 */
export function inlineStylesheets(shell: string, texts: ReadonlyMap<string, string>): string {
  return shell.replace(STYLESHEET_LINK, (tag) => {
    const href = /\bhref="\/(assets\/[\w.-]+\.css)"/.exec(tag)?.[1];
    const text = href && texts.get(href);
    return href && text !== undefined ? inlineStyleTag(href, text) : tag;
  });
}

/**
 * The built shell (dist/index.html) with the entry's stylesheets written in, and the CSP hashes
 * of every stylesheet a page may carry (the shell's and each route's); null before a build.
 */
export function readShell(distDir: string): InlinedShell | null {
  const file = join(distDir, 'index.html');
  if (!existsSync(file)) return null;
  const texts = inlinableStylesheets(distDir);
  return {
    html: inlineStylesheets(readFileSync(file, 'utf8'), texts),
    styleHashes: [...texts.values()].map(cspHash),
  };
}

/**
 * The shell for a server-rendered page: its content is all there before any script runs (the
 * scripts hydrate it), so the entry script and its module preloads are fetched at low priority
 * and leave a slow connection to the page itself first. Module scripts never block the first
 * paint, but Chromium fetches them at high priority, and Lighthouse's simulation counts any
 * high-priority script that arrived before the first paint as blocking it
 * (GoogleChrome/lighthouse#17163).
 */
export function scriptsAtLowPriority(shell: string): string {
  return shell.replace(
    /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g,
    '<$1 fetchpriority="low"',
  );
}
