/**
 * The app's stylesheet written into the page (docs/decisions/009, issue 10 speed): the build has
 * one stylesheet (vite.config.ts cssCodeSplit: false, 16 kB gzip); linked, it is a request the
 * first paint waits for (a round trip or two on a slow phone connection), written into the head
 * it arrives with the page. The CSP keeps `style-src 'self'` and allows exactly this text by its
 * hash, so no other inline style can run.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface InlinedShell {
  /** The shell with each of its own stylesheets' links replaced by a <style> with its text. */
  html: string;
  /** CSP source expressions for those <style> elements ('sha256-…'). */
  styleHashes: string[];
}

const STYLESHEET_LINK = /<link\b[^>]*\brel="stylesheet"[^>]*>/g;

/** The hash a CSP `style-src` names to allow one <style> element's exact text. */
export function styleHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * Replaces the built shell's links to its own stylesheets (/assets/…) with their text. A link
 * whose file is missing, or whose text could end the <style> element, stays a link.
 */
export function inlineStylesheets(shell: string, distDir: string): InlinedShell {
  const styleHashes: string[] = [];
  const html = shell.replace(STYLESHEET_LINK, (tag) => {
    const href = /\bhref="\/(assets\/[\w.-]+\.css)"/.exec(tag)?.[1];
    if (!href) return tag;
    const file = join(distDir, href);
    if (!existsSync(file)) return tag;
    const text = readFileSync(file, 'utf8');
    if (/<\/style/i.test(text)) return tag;
    styleHashes.push(styleHash(text));
    return `<style>${text}</style>`;
  });
  return { html, styleHashes };
}

/** The built shell (dist/index.html) with its stylesheets written in; null before a build. */
export function readShell(distDir: string): InlinedShell | null {
  const file = join(distDir, 'index.html');
  if (!existsSync(file)) return null;
  return inlineStylesheets(readFileSync(file, 'utf8'), distDir);
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
