/** The advert gate: what staff HTML and CSS may keep. */
import { describe, expect, it } from 'vitest';
import {
  advertOutputHtml,
  cssHash,
  sanitizeAdvertCss,
  sanitizeAdvertHtml,
  stylesFileName,
} from './sanitize';

describe('advert HTML', () => {
  it('keeps the text and structure an advert needs', () => {
    const html =
      '<div class="ad"><h2>Titel</h2><p>Text <strong>fett</strong> <em>kursiv</em><br><small>klein</small></p><ul><li>eins</li></ul><figure><img src="/bilder/a.png" alt="A" width="120" height="60"><figcaption>Bild</figcaption></figure><a href="/heizoelhaendler" class="cta">Händler</a></div>';
    expect(sanitizeAdvertHtml(html)).toBe(
      '<div class="ad"><h2>Titel</h2><p>Text <strong>fett</strong> <em>kursiv</em><br /><small>klein</small></p><ul><li>eins</li></ul><figure><img src="/bilder/a.png" alt="A" width="120" height="60" /><figcaption>Bild</figcaption></figure><a href="/heizoelhaendler" class="cta">Händler</a></div>',
    );
  });

  it.each([
    ['<p>vor<script>window.__xss=1</script>nach</p>', '<p>vornach</p>'],
    ['<img src=x onerror="window.__xss=1">Text', 'Text'],
    ['<img src="/a.png" onerror="window.__xss=1" alt="">', '<img src="/a.png" alt="" />'],
    ['<a href="javascript:alert(1)">klick</a>', '<span>klick</span>'],
    ['<a href="  JaVaScRiPt:alert(1)">klick</a>', '<span>klick</span>'],
    ['<a href="//evil.example/x">klick</a>', '<span>klick</span>'],
    ['<a href="http://example.org">klick</a>', '<span>klick</span>'],
    ['<a href="data:text/html,hi">klick</a>', '<span>klick</span>'],
    ['<iframe src="https://evil.example">innen</iframe>Rest', 'Rest'],
    ['<p style="position:fixed;inset:0" onclick="x()">Absatz</p>', '<p>Absatz</p>'],
    ['<img src="data:image/png;base64,AAAA" alt="">Rest', 'Rest'],
    ['<svg onload="alert(1)"><circle r="5"/></svg>Rest', 'Rest'],
    ['<form action="/x"><input name="a"><button>Los</button></form>Rest', 'Rest'],
    ['<object data="x.swf"></object><embed src="x.swf">Rest', 'Rest'],
    ['<style>body{display:none}</style>Rest', 'Rest'],
    ['<h1>Groß</h1>', '<h2>Groß</h2>'],
  ])('removes what runs, loads or escapes: %s', (html, expected) => {
    const clean = sanitizeAdvertHtml(html);
    expect(clean).toBe(expected);
    expect(clean).not.toMatch(/<script|onerror|onclick|onload|javascript:|<iframe|style=|data:/i);
  });

  it('keeps https and mail links; an https link is marked sponsored and hands over no opener', () => {
    expect(sanitizeAdvertHtml('<a href="https://example.org/a">A</a>')).toBe(
      '<a href="https://example.org/a" rel="sponsored noopener noreferrer">A</a>',
    );
    expect(sanitizeAdvertHtml('<a href="mailto:info@example.org">M</a>')).toBe(
      '<a href="mailto:info@example.org">M</a>',
    );
  });

  it('wraps the output in the target link; inner links become text', () => {
    expect(advertOutputHtml('<p>A <a href="/x">b</a></p>', '/heizoelhaendler')).toBe(
      '<a class="advert-link" href="/heizoelhaendler"><p>A <span>b</span></p></a>',
    );
    expect(advertOutputHtml('<p>A</p>', 'https://example.org/?q="x"')).toBe(
      '<a class="advert-link" href="https://example.org/?q=&quot;x&quot;" rel="sponsored noopener noreferrer"><p>A</p></a>',
    );
    // A target that is no longer allowed is dropped, the advert stays.
    expect(advertOutputHtml('<p>A</p>', 'javascript:alert(1)')).toBe('<p>A</p>');
    expect(advertOutputHtml('<p onclick="x">A</p>', '')).toBe('<p>A</p>');
  });
});

describe('advert CSS', () => {
  it('keeps ordinary rules, own and https images', () => {
    const css =
      '.ad { color: #123; background: url("/bilder/a.png") no-repeat; }\n.b { background-image: url(https://cdn.example/b.png); }\n@media (min-width: 600px) { .ad { padding: 8px; } }';
    expect(sanitizeAdvertCss(css)).toBe(css);
  });

  it.each([
    ['@import url("https://evil.example/x.css"); .a { color: red; }', '.a { color: red; }'],
    ["@import 'x.css'; .a{color:red}", '.a{color:red}'],
    ['.a { background: url(javascript:alert(1)); color: blue }', '.a { color: blue }'],
    ['.a { background: url(//evil.example/x.png); color: blue }', '.a { color: blue }'],
    ['.a { background: url(http://evil.example/x.png); color: blue }', '.a { color: blue }'],
    ['.a { background: url(data:image/png,AAAA); color: blue }', '.a { color: blue }'],
    ['.a { background: url(x.png); color: blue }', '.a { color: blue }'],
    ['.a { width: expression(alert(1)); color: blue }', '.a { color: blue }'],
    ['.a { behavior: url(/x.htc); color: blue }', '.a { color: blue }'],
    ['.a { -moz-binding: url(/x.xml#y); color: blue }', '.a { color: blue }'],
    ['.a { background: u\\72l(javascript:alert(1)); color: blue }', '.a { color: blue }'],
    [
      '.a { color: red } </style><script>alert(1)</script>',
      '.a { color: red } /style>script>alert(1)/script>',
    ],
    [':host { position: fixed; inset: 0 }', ':host { inset: 0 }'],
    ['.a { col/**/or: blue }', '.a { color: blue }'],
  ])('drops what imports, loads from elsewhere, runs or escapes: %s', (css, expected) => {
    const clean = sanitizeAdvertCss(css);
    expect(clean).toBe(expected);
    expect(clean).not.toMatch(/@import|javascript:|expression\(|behavior|binding|<\/|data:|fixed/i);
  });

  it('names the stylesheet by advert and content', () => {
    expect(stylesFileName(7, '')).toBeNull();
    expect(stylesFileName(7, '  \n')).toBeNull();
    expect(stylesFileName(7, '.a{color:red}')).toBe(`advert-7-${cssHash('.a{color:red}')}.css`);
    expect(cssHash('.a{color:red}')).toMatch(/^[0-9a-f]{8}$/);
    expect(cssHash('.a{color:red}')).not.toBe(cssHash('.a{color:blue}'));
  });
});
