/**
 * The locale table of SPEC §3 (Locale). One row per country; every route exists in all three
 * variants with the same path (SPEC §1), so the locale only changes data, never URLs.
 */

export type LocaleCode = 'de' | 'at' | 'ch';
export type CountryId = 1 | 2 | 3;

export interface Locale {
  code: LocaleCode;
  /** BCP 47 tag for Intl and <html lang>. */
  iso: string;
  domain: string;
  countryId: CountryId;
  /** SPEC §3: 1 for de, 6 for at, 12 for ch. */
  defaultProductId: number;
  countryName: string;
  /** Currency symbol as shown next to prices. */
  currency: string;
  subCurrency: string;
  currencyCode: 'EUR' | 'CHF';
  reviewsServiceId: string;
  analyticsId: string;
  gtmId: string;
  /** SPEC §5: DE 5 digits, AT and CH exactly 4 digits. */
  zipPattern: RegExp;
  /** Digits of a postal code (input maxlength, messages). */
  zipLength: number;
  customerPhoneNumber: string;
  pressPhoneNumber: string;
}

export const DEFAULT_COUNTRY_ID: CountryId = 1; // SPEC §1
export const DEFAULT_LOCALE_CODE: LocaleCode = 'de'; // SPEC §1
/** SPEC §5: the pattern used when no locale applies. */
export const DEFAULT_ZIP_PATTERN = /^\d{5}$/;

// Phone numbers: Germany uses the range the Bundesnetzagentur keeps for film and fiction
// (030 23125 xxx); AT and CH numbers are placeholders until the real hotlines exist.
export const LOCALES: Readonly<Record<LocaleCode, Locale>> = {
  de: {
    code: 'de',
    iso: 'de-DE',
    domain: 'oelkompass.de',
    countryId: 1,
    defaultProductId: 1,
    countryName: 'Deutschland',
    currency: '€',
    subCurrency: 'Cent',
    currencyCode: 'EUR',
    reviewsServiceId: 'reviews-de',
    analyticsId: '',
    gtmId: '',
    zipPattern: /^\d{5}$/,
    zipLength: 5,
    customerPhoneNumber: '+49 30 23125 100',
    pressPhoneNumber: '+49 30 23125 200',
  },
  at: {
    code: 'at',
    iso: 'de-AT',
    domain: 'oelkompass.at',
    countryId: 2,
    defaultProductId: 6,
    countryName: 'Österreich',
    currency: '€',
    subCurrency: 'Cent',
    currencyCode: 'EUR',
    reviewsServiceId: 'reviews-at',
    analyticsId: '',
    gtmId: '',
    zipPattern: /^\d{4}$/,
    zipLength: 4,
    customerPhoneNumber: '+43 1 230 00 100',
    pressPhoneNumber: '+43 1 230 00 200',
  },
  ch: {
    code: 'ch',
    iso: 'de-CH',
    domain: 'oelkompass.ch',
    countryId: 3,
    defaultProductId: 12,
    countryName: 'Schweiz',
    currency: 'CHF',
    subCurrency: 'Rappen',
    currencyCode: 'CHF',
    reviewsServiceId: 'reviews-ch',
    analyticsId: '',
    gtmId: '',
    zipPattern: /^\d{4}$/,
    zipLength: 4,
    customerPhoneNumber: '+41 44 230 01 00',
    pressPhoneNumber: '+41 44 230 02 00',
  },
};

export const LOCALE_LIST: readonly Locale[] = [LOCALES.de, LOCALES.at, LOCALES.ch];

export function isLocaleCode(value: unknown): value is LocaleCode {
  return value === 'de' || value === 'at' || value === 'ch';
}

export function localeByCountryId(countryId: number): Locale | undefined {
  return LOCALE_LIST.find((l) => l.countryId === countryId);
}

/** SPEC §5: the zip pattern of the country, or the default (5 digits) for an unknown country. */
export function zipPatternFor(countryId: number): RegExp {
  return localeByCountryId(countryId)?.zipPattern ?? DEFAULT_ZIP_PATTERN;
}

/**
 * Maps a browser language (navigator.languages entry) to a locale: de-AT → at, de-CH → ch,
 * any other German → de. Returns undefined for other languages.
 */
export function localeFromLanguage(language: string): LocaleCode | undefined {
  const [lang, region] = language.toLowerCase().split(/[-_]/);
  if (lang !== 'de' && lang !== 'gsw') return undefined;
  if (region === 'at') return 'at';
  if (region === 'ch' || lang === 'gsw') return 'ch';
  return 'de';
}

/** SPEC §4: locale from the cookie, else the browser language, else de. */
export function resolveLocale(
  cookieValue: string | undefined,
  languages: readonly string[],
): LocaleCode {
  if (isLocaleCode(cookieValue)) return cookieValue;
  for (const language of languages) {
    const code = localeFromLanguage(language);
    if (code) return code;
  }
  return DEFAULT_LOCALE_CODE;
}

export const LOCALE_COOKIE = 'locale';
/** SPEC §9: the locale cookie lasts 365 days. */
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
