/**
 * The visitor's locale (SPEC §4): from the locale cookie, else the browser language, else de.
 * Choosing a country writes the cookie for 365 days. Routes are the same in every locale.
 */
import { proxy } from 'valtio';
import { readCookie, serializeCookie } from '../../lib/cookies';
import {
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_S,
  LOCALES,
  resolveLocale,
  type Locale,
  type LocaleCode,
} from '../../lib/locale';

export const localeState = proxy({ code: 'de' as LocaleCode });

export function initLocale(): void {
  const cookie = readCookie(document.cookie, LOCALE_COOKIE);
  localeState.code = resolveLocale(cookie, navigator.languages ?? [navigator.language]);
  setDocumentLanguage(LOCALES[localeState.code].iso);
}

/**
 * Writes <html lang> only when it changes: writing the same value still makes the browser
 * match `:lang()` again on every element, a style recalculation of the whole server-rendered
 * page in the start-up task.
 */
function setDocumentLanguage(iso: string): void {
  if (document.documentElement.lang !== iso) document.documentElement.lang = iso;
}

export function setLocale(code: LocaleCode): void {
  localeState.code = code;
  document.cookie = serializeCookie(
    LOCALE_COOKIE,
    code,
    LOCALE_COOKIE_MAX_AGE_S,
    location.protocol === 'https:',
  );
  setDocumentLanguage(LOCALES[code].iso);
}

export function currentLocale(code: LocaleCode = localeState.code): Locale {
  return LOCALES[code];
}

export function resetLocale(): void {
  localeState.code = 'de';
}
