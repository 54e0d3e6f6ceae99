/**
 * The frame of the pages the server writes by hand: the legacy pages (server/legacy), the page
 * limits' 429 (server/plugins/page-limits.ts) and the 503 of a database outage
 * (server/plugins/unavailable.ts). Everything dynamic goes through `esc`; no inline script or
 * style (the CSP allows 'self' only), the stylesheet is /konto/stil.css. Nothing here reads the
 * database or a session, so a page is cheap to answer under load.
 */
import { LEGACY_SITE_PREFIX } from '../../src/api/contract/account-constants';
import { PRODUCT_NAME } from '../../src/lib/brand';
import { titleWithProduct } from '../../src/lib/page-titles';
import { escapeHtml } from './escape';
import { texts } from './texts';

export const esc = escapeHtml;

/** Every page of the legacy layer lives under this prefix (SPEC §2 legacy routing layer). */
export const LEGACY_PREFIX = LEGACY_SITE_PREFIX;
export const STYLESHEET_PATH = `${LEGACY_PREFIX}stil.css`;

/** The app's logo (src/app/layouts/site-header.tsx), inline so the page needs no built client. */
const LOGO_SVG = `<svg viewBox="0 0 512 512" width="32" height="32" aria-hidden="true"><rect width="512" height="512" rx="112" fill="#0b3a5b"/><path d="M256 92c-6 0-11 3-14 8-38 62-118 170-118 240 0 73 59 132 132 132s132-59 132-132c0-70-80-178-118-240-3-5-8-8-14-8z" fill="#f59f00"/></svg>`;

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(titleWithProduct(title))}</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
<link rel="icon" href="/icons/icon.svg" type="image/svg+xml">
</head>
<body>
<header class="header"><div class="header-inner">
<a class="logo" href="/">${LOGO_SVG}<span>${esc(PRODUCT_NAME)}</span></a>
<a class="back" href="/">${esc(texts.backToApp)}</a>
</div></header>
<main class="main" id="inhalt">
${body}
</main>
<footer class="footer"><div class="footer-inner">
<a href="/impressum">${esc(texts.imprint)}</a><a href="/datenschutz">${esc(texts.privacy)}</a>
</div></footer>
</body>
</html>
`;
}

/** A short message with its title and one link onwards (by default "Erneut versuchen"). */
export function messagePage(
  title: string,
  message: string,
  back: string,
  backLabel: string = texts.tryAgain,
): string {
  return page(
    title,
    `<h1>${esc(title)}</h1>
<div class="card narrow">
<p>${esc(message)}</p>
<a class="button secondary" href="${esc(back)}">${esc(backLabel)}</a>
</div>`,
  );
}
