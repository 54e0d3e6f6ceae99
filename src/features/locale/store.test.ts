import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../../lib/locale';
import { initLocale, localeState, resetLocale, setLocale } from './store';

/** How often `run` writes <html lang> (a write of the same value counts too). */
function langWrites(run: () => void): number {
  const observer = new MutationObserver(() => undefined);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
  run();
  const writes = observer.takeRecords().length;
  observer.disconnect();
  return writes;
}

/** No locale cookie, the server's German page, the store as at start (other files share the page). */
function startFresh(): void {
  document.cookie = `${LOCALE_COOKIE}=; max-age=0; path=/`;
  document.documentElement.lang = 'de-DE';
  resetLocale();
}

beforeEach(startFresh);
afterEach(startFresh);

describe('the document language (<html lang>)', () => {
  it('is not written again when the server rendered it already (a style recalculation of the whole page)', () => {
    document.documentElement.lang = 'de-DE';
    expect(langWrites(() => initLocale())).toBe(0);
    expect(localeState.code).toBe('de');
  });

  it('follows the locale cookie and a chosen country', () => {
    document.cookie = `${LOCALE_COOKIE}=at; path=/`;
    document.documentElement.lang = 'de-DE';
    initLocale();
    expect(document.documentElement.lang).toBe('de-AT');
    setLocale('ch');
    expect(document.documentElement.lang).toBe('de-CH');
    expect(langWrites(() => setLocale('ch'))).toBe(0);
  });
});
