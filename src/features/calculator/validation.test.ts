import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../lib/locale';
import { amountErrorText, texts, zipErrorText } from './texts';
import { amountError, zipDigits, zipError, zipFormatError, type ZipCheck } from './validation';

const idle: ZipCheck = { zip: '', countryId: 0, status: 'idle' };

describe('postal code rules (SPEC §5)', () => {
  it('is required', () => {
    expect(zipFormatError('', 1)).toBe('ZIPCODE_REQ');
    expect(zipFormatError('   ', 1)).toBe('ZIPCODE_REQ');
  });

  it.each([
    [1, '10115', null],
    [1, '1011', 'ZIPCODE_INV'],
    [1, '101155', 'ZIPCODE_INV'],
    [2, '1010', null],
    [2, '10100', 'ZIPCODE_INV'],
    [3, '8001', null],
    [3, '800', 'ZIPCODE_INV'],
    [9, '12345', null], // unknown country: the default pattern, 5 digits
    [9, '1234', 'ZIPCODE_INV'],
  ])('country %i: %s → %s', (countryId, zip, expected) => {
    expect(zipFormatError(zip, countryId)).toBe(expected);
  });

  it('must exist: only a server "no" (or a failed call) for this very code counts', () => {
    const invalid: ZipCheck = { zip: '00000', countryId: 1, status: 'invalid' };
    expect(zipError('00000', 1, invalid)).toBe('ZIPCODE_NXT');
    expect(zipError('10115', 1, invalid)).toBeNull(); // another code: not asked yet
    expect(zipError('00000', 2, invalid)).toBe('ZIPCODE_INV'); // format first
    expect(zipError('00000', 1, { ...invalid, status: 'pending' })).toBeNull();
    expect(zipError('10115', 1, idle)).toBeNull();
  });

  it('keeps digits only, up to the country length', () => {
    expect(zipDigits('1a0-1 1x5', 5)).toBe('10115');
    expect(zipDigits('101155', 5)).toBe('10115');
    expect(zipDigits('10105', 4)).toBe('1010');
    expect(zipDigits('abc', 5)).toBe('');
  });
});

describe('amount rules (SPEC §5, §9)', () => {
  it.each([
    [0, 'AMOUNT_REQ'],
    [Number.NaN, 'AMOUNT_REQ'],
    [1, 'AMOUNT_MIN'],
    [499, 'AMOUNT_MIN'],
    [500, null],
    [3000, null],
    [32_000, null],
    [32_001, 'AMOUNT_MAX'],
    [40_000, 'AMOUNT_MAX'],
  ])('%i → %s', (amount, expected) => {
    expect(amountError(amount)).toBe(expected);
  });
});

describe('messages', () => {
  it('has a German text for every key, and the popover header', () => {
    expect(zipErrorText('ZIPCODE_REQ', LOCALES.de)).toBe('Bitte geben Sie Ihre Postleitzahl ein.');
    expect(zipErrorText('ZIPCODE_NXT', LOCALES.de)).toMatch(/nicht finden/);
    expect(amountErrorText('AMOUNT_REQ')).toMatch(/Menge in Litern/);
    expect(amountErrorText('AMOUNT_MIN')).toBe('Die Mindestmenge beträgt 500 Liter.');
    expect(amountErrorText('AMOUNT_MAX')).toMatch(/32\.000 Liter/);
    expect(texts.validation.header).toBe('Bitte prüfen Sie Ihre Eingaben');
  });

  it('names the digit count of the country for ZIPCODE_INV', () => {
    expect(zipErrorText('ZIPCODE_INV', LOCALES.de)).toBe(
      'Eine Postleitzahl in Deutschland hat 5 Ziffern. Bitte prüfen Sie Ihre Eingabe.',
    );
    expect(zipErrorText('ZIPCODE_INV', LOCALES.at)).toMatch(/in Österreich hat 4 Ziffern/);
    expect(zipErrorText('ZIPCODE_INV', LOCALES.ch)).toMatch(/in der Schweiz hat 4 Ziffern/);
  });
});
