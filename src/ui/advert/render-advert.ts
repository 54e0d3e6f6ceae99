/**
 * Puts an advert into a host element's shadow root: the advert's stylesheet (from our origin,
 * /api/iam/content/css/…) styles only the advert, never the page, and the page's styles do not
 * leak in. The HTML was sanitised by the server on save and again on output (no script, no
 * handlers, no javascript: links), and the CSP (script-src 'self', no inline handlers) would stop
 * a handler even if one got through. Nothing is shown until the stylesheet has loaded, so the
 * advert never flashes unstyled.
 */

/** GET /api/iam/content/css/{file} (src/api/contract/iam.ts advertCssPath). */
const ADVERT_CSS_BASE = '/api/iam/content/css/';

function shadowOf(host: HTMLElement): ShadowRoot {
  return host.shadowRoot ?? host.attachShadow({ mode: 'open' });
}

export interface AdvertMarkup {
  html: string;
  stylesFileName: string | null;
  /** A stylesheet's text (staff preview of unsaved CSS), applied as a constructed stylesheet. */
  css?: string;
}

export function renderAdvert(host: HTMLElement, advert: AdvertMarkup): void {
  const root = shadowOf(host);
  const body = document.createElement('div');
  body.className = 'advert';
  body.innerHTML = advert.html;
  const parts: Node[] = [];
  if (advert.css !== undefined) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(advert.css);
    root.adoptedStyleSheets = [sheet];
  } else {
    root.adoptedStyleSheets = [];
  }
  if (advert.css === undefined && advert.stylesFileName) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = `${ADVERT_CSS_BASE}${advert.stylesFileName}`;
    body.hidden = true;
    const show = () => {
      body.hidden = false;
    };
    link.addEventListener('load', show);
    link.addEventListener('error', show);
    parts.push(link);
  }
  parts.push(body);
  root.replaceChildren(...parts);
}

export function clearAdvert(host: HTMLElement): void {
  host.shadowRoot?.replaceChildren();
}
