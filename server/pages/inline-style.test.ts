import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { helmetOptions, securityHeaders } from '../plugins/security';
import { inlineStylesheets, readShell, scriptsAtLowPriority } from './inline-style';

const SHELL = `<!doctype html><html lang="de"><head>
<noscript><link rel="stylesheet" href="/noscript.css" /></noscript>
<script type="module" crossorigin src="/assets/index-1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/framework-2.js">
<link rel="stylesheet" crossorigin href="/assets/style-3.css">
</head><body><div id="root"></div></body></html>`;

function dist(css: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'inline-style-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'style-3.css'), css);
  writeFileSync(join(dir, 'index.html'), SHELL);
  return dir;
}

describe('the stylesheet written into the page (issue 10 speed)', () => {
  it("replaces the link to the app's stylesheet with its text; the CSP allows exactly that text", () => {
    const css = '.a{color:red}.b{margin:0}';
    const shell = readShell(dist(css));
    expect(shell?.html).toContain(`<style>${css}</style>`);
    expect(shell?.html).not.toContain('href="/assets/style-3.css"');
    // The no-script stylesheet is not ours to inline.
    expect(shell?.html).toContain('<link rel="stylesheet" href="/noscript.css" />');
    const hash = `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
    expect(shell?.styleHashes).toEqual([hash]);
    const csp = securityHeaders(helmetOptions(true, shell?.styleHashes))['content-security-policy'];
    expect(csp).toContain(`style-src 'self' ${hash};`);
    expect(csp).not.toContain('unsafe-inline;img');
  });

  it('leaves a link alone whose file is missing or whose text could close the element', () => {
    expect(inlineStylesheets(SHELL, '/nonexistent').html).toBe(SHELL);
    const hostile = readShell(dist('.a{content:"</style><script>x()</script>"}'));
    expect(hostile?.html).toContain('href="/assets/style-3.css"');
    expect(hostile?.styleHashes).toEqual([]);
  });

  it("fetches a rendered page's scripts behind its content", () => {
    const low = scriptsAtLowPriority(SHELL);
    expect(low).toContain('<script type="module" fetchpriority="low" crossorigin');
    expect(low).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin');
    expect(scriptsAtLowPriority(low)).toBe(low);
  });
});
