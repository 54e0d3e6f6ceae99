/**
 * The type scale is the tokens' and nothing else's (decision 018): every font-size and
 * font-weight in the app's CSS names a token that tokens.css defines. A size or weight outside
 * the scale looks out of place, and on first load it is one more font the browser sets up
 * before it can lay the page out. It reads the stylesheets from disk, so it runs in Node
 * (vitest.config.ts, tsconfig.server.json) like the service worker's SPEC test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

const files = cssFiles(SRC).map((path) => ({
  name: relative(SRC, path),
  // Comments out: they may quote values.
  css: readFileSync(path, 'utf8').replace(/\/\*[\s\S]*?\*\//g, ''),
}));
const tokens = readFileSync(join(SRC, 'ui', 'tokens.css'), 'utf8');
const defined = (prefix: string) =>
  new Set([...tokens.matchAll(new RegExp(`(--${prefix}-[a-z0-9]+):`, 'g'))].map((m) => m[1]));

/** `property: value` declarations across the CSS, as "file: value" for a readable failure. */
function declarations(property: string): string[] {
  return files.flatMap(({ name, css }) =>
    [...css.matchAll(new RegExp(`(?<![\\w-])${property}:\\s*([^;}]+)`, 'g'))].map(
      (m) => `${name}: ${(m[1] ?? '').trim()}`,
    ),
  );
}

describe('the type scale (design tokens)', () => {
  it('has two weights and the sizes the components use', () => {
    expect([...defined('font-weight')]).toEqual(['--font-weight-regular', '--font-weight-bold']);
    expect(defined('font-size').size).toBeLessThanOrEqual(8);
  });

  it.each([
    ['font-size', 'font-size'],
    ['font-weight', 'font-weight'],
  ])('every %s in the CSS is a token', (property, prefix) => {
    const known = defined(prefix);
    const declared = declarations(property).filter((d) => !d.startsWith('ui/tokens.css'));
    expect(declared.length).toBeGreaterThan(20);
    const outside = declared.filter((d) => {
      const value = d.slice(d.indexOf(': ') + 2);
      const token = /^var\((--[a-z0-9-]+)\)$/.exec(value)?.[1];
      return !(token && known.has(token)) && value !== 'inherit';
    });
    expect(outside).toEqual([]);
  });

  it('leaves the font shorthand to inherit only', () => {
    expect(declarations('font').filter((d) => !d.endsWith(': inherit'))).toEqual([]);
  });
});
