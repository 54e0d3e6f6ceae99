import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { helmetOptions, securityHeaders } from '../plugins/security';
import {
  inlinableStylesheets,
  inlineStylesheets,
  readShell,
  scriptsAtLowPriority,
} from './inline-style';

const SHELL = `<!doctype html><html lang="de"><head>
<noscript><link rel="stylesheet" href="/noscript.css" /></noscript>
<script type="module" crossorigin src="/assets/index-1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/framework-2.js">
<link rel="stylesheet" crossorigin href="/assets/style-3.css">
</head><body><div id="root"></div></body></html>`;

function dist(css: string, routeCss = '.route{gap:0}'): string {
  const dir = mkdtempSync(join(tmpdir(), 'inline-style-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'style-3.css'), css);
  // A route's own stylesheet: not in the shell, written into the pages of that route.
  writeFileSync(join(dir, 'assets', 'route-4.css'), routeCss);
  writeFileSync(join(dir, 'index.html'), SHELL);
  return dir;
}

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('the stylesheets written into the page', () => {
  it("replaces the link to the entry's stylesheet with its text; the CSP allows exactly the built stylesheets", () => {
    const css = '.a{color:red}.b{margin:0}';
    const shell = readShell(dist(css));
    // The text, and a link no browser fetches that tells the module loader it is there.
    expect(shell?.html).toContain(
      `<style>${css}</style><link rel="stylesheet" href="/assets/style-3.css" type="text/x-inlined" disabled />`,
    );
    expect(shell?.html).not.toContain('.route{');
    // The no-script stylesheet is not ours to inline.
    expect(shell?.html).toContain('<link rel="stylesheet" href="/noscript.css" />');
    expect(shell?.styleHashes).toEqual([sha('.route{gap:0}'), sha(css)]);
    const csp = securityHeaders(helmetOptions(true, shell?.styleHashes))['content-security-policy'];
    expect(csp).toContain(`style-src 'self' ${sha('.route{gap:0}')} ${sha(css)};`);
    expect(csp).not.toContain('unsafe-inline;img');
  });

  it('leaves a link alone whose file is missing or whose text could close the element', () => {
    expect(inlineStylesheets(SHELL, new Map())).toBe(SHELL);
    const hostile = readShell(dist('.a{content:"</style><script>x()</script>"}', '.b{}</STYLE>'));
    expect(hostile?.html).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/style-3.css">',
    );
    expect(hostile?.styleHashes).toEqual([]);
    expect(inlinableStylesheets('/nonexistent').size).toBe(0);
  });

  it("fetches a rendered page's scripts behind its content", () => {
    const low = scriptsAtLowPriority(SHELL);
    expect(low).toContain('<script type="module" fetchpriority="low" crossorigin');
    expect(low).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin');
    expect(scriptsAtLowPriority(low)).toBe(low);
  });
});
