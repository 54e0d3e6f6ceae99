/**
 * A page the service worker served from its cache because the network did not answer (its last
 * rendered copy, or the app shell) carries this attribute on <html>. The app reads it
 * at start as a request that got no answer: the offline banner shows at once and the health
 * probe finds the way back, also where the browser says it is online (Lie-Fi, a navigation that
 * timed out; Chromium 150 also reports online in a page it opened while emulated offline).
 */
export const OFFLINE_COPY_ATTRIBUTE = 'data-offline-copy';

/** The page's HTML with the marker on its <html> element (unchanged when it has none). */
export function markOfflineCopy(html: string): string {
  if (html.includes(`${OFFLINE_COPY_ATTRIBUTE}=`)) return html;
  return html.replace(/<html(?=[\s>])/i, `<html ${OFFLINE_COPY_ATTRIBUTE}=""`);
}
