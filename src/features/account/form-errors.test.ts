import { describe, expect, it } from 'vitest';
import { PersonalDataUpdateSchema } from '../../api/contract/customer';
import { check, checkAddress, errorsOfServerIssues } from './form-errors';

const address = {
  Kind: 'delivery',
  Title1: 'Frau',
  FirstName: 'Erika',
  LastName: 'Muster',
  Company: '',
  Street: 'Weg',
  HouseNumber: '3a',
  ZipCode: '10115',
  Place: 'Berlin',
  CountryId: 1,
  Phone: '',
};

describe('account form checks', () => {
  it('accepts a complete address and trims it', () => {
    const result = checkAddress({ ...address, Street: '  Weg  ' });
    expect(result).toEqual({ ok: true, value: { ...address, Street: 'Weg' } });
  });

  it('names the first problem of each field in German', () => {
    const result = checkAddress({ ...address, Street: ' ', HouseNumber: 'a', Place: '' });
    expect(result).toEqual({
      ok: false,
      errors: {
        Street: 'Bitte geben Sie die Straße an.',
        HouseNumber: 'Die Hausnummer enthält keine Ziffer.',
        Place: 'Bitte geben Sie den Ort an.',
      },
    });
  });

  it.each([
    ['1011', 1, 'Die Postleitzahl muss in Deutschland aus 5 Ziffern bestehen.'],
    ['10115', 3, 'Die Postleitzahl muss in Schweiz aus 4 Ziffern bestehen.'],
  ])('checks postal code %s against the pattern of country %i', (ZipCode, CountryId, message) => {
    expect(checkAddress({ ...address, ZipCode, CountryId })).toEqual({
      ok: false,
      errors: { ZipCode: message },
    });
  });

  it('leaves existence to the server and maps its issues to fields', () => {
    expect(checkAddress({ ...address, ZipCode: '99999' }).ok).toBe(true);
    expect(
      errorsOfServerIssues([
        { path: 'body.ZipCode', message: 'Die Postleitzahl 99999 gibt es in Deutschland nicht.' },
        { path: 'body.ZipCode', message: 'zweite Meldung' },
        { path: 'body', message: 'ohne Feld' },
      ]),
    ).toEqual({ ZipCode: 'Die Postleitzahl 99999 gibt es in Deutschland nicht.' });
  });

  it('checks personal data with the contract schema', () => {
    const result = check(PersonalDataUpdateSchema, {
      Title1: 'Frau',
      Title2: '',
      FirstName: '',
      LastName: 'Muster',
      Phone: 'abc',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        FirstName: 'Bitte geben Sie Ihren Vornamen an.',
        Phone: 'Die Telefonnummer darf nur Ziffern, Leerzeichen und + ( ) / - enthalten.',
      },
    });
  });
});
