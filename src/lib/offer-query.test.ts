import { describe, expect, it } from 'vitest';
import {
  formatOption,
  parseOption,
  readOfferQuery,
  writeOfferQuery,
  type OfferQuery,
} from './offer-query';

const query: OfferQuery = {
  zipCode: '10115',
  amount: 3000,
  stations: 1,
  productId: 1,
  options: [{ Id: 5 }, { Id: 23, Modifier: 12 }, { Id: -2 }, { Id: 11 }, { Id: 9 }],
  climateNeutral: false,
  appointmentPlus: true,
};

describe('offer-list query (SPEC §3)', () => {
  it('writes every parameter in a fixed order, options as id or id$modifier', () => {
    expect(writeOfferQuery(query)).toBe(
      'zipCode=10115&amount=3000&stations=1&product=1&options=5,23$12,-2,11,9&cn=0&ap=1',
    );
  });

  it('reads back what it writes', () => {
    expect(readOfferQuery(writeOfferQuery(query))).toEqual({ ...query, openSettings: false });
    expect(readOfferQuery(new URLSearchParams(writeOfferQuery(query)))).toEqual({
      ...query,
      openSettings: false,
    });
  });

  it('round-trips the defaults with negative ids', () => {
    const defaults: OfferQuery = {
      ...query,
      options: [{ Id: 5 }, { Id: 24 }, { Id: -2 }, { Id: 11 }, { Id: 9 }],
      appointmentPlus: false,
    };
    const text = writeOfferQuery(defaults);
    expect(text).toBe(
      'zipCode=10115&amount=3000&stations=1&product=1&options=5,24,-2,11,9&cn=0&ap=0',
    );
    expect(readOfferQuery(text)).toEqual({ ...defaults, openSettings: false });
  });

  it('writes the modifier only when it is above 0 and not -1', () => {
    expect(formatOption({ Id: 23, Modifier: 12 })).toBe('23$12');
    expect(formatOption({ Id: 23, Modifier: 0 })).toBe('23');
    expect(formatOption({ Id: 23, Modifier: -1 })).toBe('23');
    expect(formatOption({ Id: -2 })).toBe('-2');
  });

  it('parses id and id$modifier, and nothing else', () => {
    expect(parseOption('23$12')).toEqual({ Id: 23, Modifier: 12 });
    expect(parseOption(' -2 ')).toEqual({ Id: -2 });
    expect(parseOption('23$')).toBeUndefined();
    expect(parseOption('23$-1')).toBeUndefined();
    expect(parseOption('abc')).toBeUndefined();
    expect(parseOption('')).toBeUndefined();
  });

  it('reads an encoded $ and repeated options', () => {
    expect(readOfferQuery('options=5,23%2412&options=9').options).toEqual([
      { Id: 5 },
      { Id: 23, Modifier: 12 },
      { Id: 9 },
    ]);
  });

  it('ignores bad input so the caller defaults apply', () => {
    const read = readOfferQuery(
      'zipCode=10a15&amount=-5&stations=12&product=x&options=5,zwei,9&cn=yes&ap=2',
    );
    expect(read).toEqual({ openSettings: false });
    expect(readOfferQuery('stations=0').stations).toBeUndefined();
    expect(readOfferQuery('amount=3.5').amount).toBeUndefined();
    expect(readOfferQuery('amount=30.00').amount).toBeUndefined();
    expect(readOfferQuery('zipCode=12345678901').zipCode).toBeUndefined();
    expect(readOfferQuery('')).toEqual({ openSettings: false });
  });

  it("reads an amount written with German thousands separators (the field's text, sent by a form without JavaScript)", () => {
    expect(readOfferQuery('amount=4.500').amount).toBe(4500);
    expect(readOfferQuery('amount=12.000').amount).toBe(12000);
    expect(readOfferQuery('amount=1.000.000').amount).toBe(1000000);
  });

  it('reads openSettings=1 and takes the rest as far as it is valid', () => {
    expect(readOfferQuery('openSettings=1&zipCode=1010&amount=40000&stations=9')).toEqual({
      openSettings: true,
      zipCode: '1010',
      amount: 40_000,
      stations: 9,
    });
  });
});
