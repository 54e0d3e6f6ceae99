import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ZIP_PATTERN,
  LOCALES,
  LOCALE_COOKIE_MAX_AGE_S,
  localeByCountryId,
  resolveLocale,
  zipPatternFor,
} from './locale';

describe('resolveLocale (SPEC §4: cookie, else browser language, else de)', () => {
  it('takes a valid cookie over the browser language', () => {
    expect(resolveLocale('ch', ['de-AT', 'de'])).toBe('ch');
    expect(resolveLocale('at', ['de-DE'])).toBe('at');
  });

  it('ignores an invalid cookie and falls back to the browser language', () => {
    expect(resolveLocale('fr', ['de-AT'])).toBe('at');
    expect(resolveLocale('DE', ['de-CH'])).toBe('ch');
    expect(resolveLocale('', [])).toBe('de');
  });

  it.each([
    [['de-AT'], 'at'],
    [['de-CH'], 'ch'],
    [['gsw'], 'ch'],
    [['gsw-CH'], 'ch'],
    [['de_at'], 'at'],
    [['de-DE'], 'de'],
    [['de'], 'de'],
    [['de-LU'], 'de'],
    [['en-US', 'de'], 'de'],
    [['en-US', 'fr-CH', 'de-AT'], 'at'],
  ] as const)('maps browser languages %j to %s', (languages, expected) => {
    expect(resolveLocale(undefined, languages)).toBe(expected);
  });

  it('falls back to de without a cookie or a German browser language', () => {
    expect(resolveLocale(undefined, [])).toBe('de');
    expect(resolveLocale(undefined, ['en-US', 'fr-CH'])).toBe('de');
  });

  it('keeps the locale cookie for 365 days (SPEC §9)', () => {
    expect(LOCALE_COOKIE_MAX_AGE_S).toBe(365 * 24 * 60 * 60);
  });
});

describe('zipPatternFor (SPEC §5)', () => {
  it('wants 5 digits in Germany', () => {
    const p = zipPatternFor(1);
    expect(p.test('10115')).toBe(true);
    expect(p.test('1011')).toBe(false);
    expect(p.test('101155')).toBe(false);
    expect(p.test('1011a')).toBe(false);
  });

  it.each([2, 3])('wants exactly 4 digits for country %i', (countryId) => {
    const p = zipPatternFor(countryId);
    expect(p.test('1010')).toBe(true);
    expect(p.test('10100')).toBe(false);
    expect(p.test('101')).toBe(false);
  });

  it('uses 5 digits for an unknown country', () => {
    const p = zipPatternFor(99);
    expect(p).toBe(DEFAULT_ZIP_PATTERN);
    expect(p.test('12345')).toBe(true);
    expect(p.test('1234')).toBe(false);
  });
});

describe('LOCALES (SPEC §3)', () => {
  it.each([
    ['de', 1, 1, 'EUR', 'Cent', 5],
    ['at', 2, 6, 'EUR', 'Cent', 4],
    ['ch', 3, 12, 'CHF', 'Rappen', 4],
  ] as const)(
    '%s: country %i, default product %i, %s, sub-currency %s, %i-digit postal codes',
    (code, countryId, defaultProductId, currencyCode, subCurrency, zipLength) => {
      const locale = LOCALES[code];
      expect(locale).toMatchObject({
        code,
        countryId,
        defaultProductId,
        currencyCode,
        subCurrency,
        zipLength,
      });
      expect(localeByCountryId(countryId)).toBe(locale);
      expect(locale.zipPattern.test('1'.repeat(zipLength))).toBe(true);
      expect(locale.zipPattern.test('1'.repeat(zipLength + 1))).toBe(false);
    },
  );
});
