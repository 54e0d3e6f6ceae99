import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../calculator';
import { checkoutHref, readCheckoutSelection } from './checkout-link';
import {
  calculationKey,
  configFromQuery,
  offerListHref,
  offerSearch,
  readOfferQuery,
} from './query';

const QUERY = 'zipCode=10115&amount=3000&stations=1&product=1&options=5,23$12,-2,11,9&cn=1&ap=0';

describe('address ↔ configuration (SPEC §3)', () => {
  it('round-trips the offer-list query through the configuration', () => {
    const config = configFromQuery(readOfferQuery(QUERY), defaultConfig(1, 1), 1, 1);
    expect(config).toMatchObject({
      ZipCode: '10115',
      Amount: 3000,
      Stations: 1,
      Product: { Id: 1, ClimateNeutral: true },
      Parameters: [{ Id: 5 }, { Id: 23, Modifier: 12 }, { Id: -2 }, { Id: 11 }, { Id: 9 }],
      AppointmentPlus: false,
      CountryId: 1,
      ProductGroupId: 1,
    });
    expect(offerSearch(config)).toBe(QUERY);
    expect(offerListHref({ ...config, ProductGroupId: 2 })).toBe(`/diesel/angebotsliste?${QUERY}`);
  });

  it('takes what the query leaves out from the base, country and group from the caller', () => {
    const base = { ...defaultConfig(2, 1), ZipCode: '1010', Amount: 5000 };
    const config = configFromQuery(readOfferQuery('stations=2'), base, 2, 2);
    expect(config).toMatchObject({ ZipCode: '1010', Amount: 5000, Stations: 2, CountryId: 2 });
    expect(config.ProductGroupId).toBe(2);
  });

  it('keys configurations by what changes the offers (not UpsellCount)', () => {
    const a = { ...defaultConfig(1), ZipCode: '10115', UpsellCount: 1 };
    expect(calculationKey(a)).toBe(calculationKey({ ...a, UpsellCount: 3 }));
    expect(calculationKey(a)).not.toBe(calculationKey({ ...a, CountryId: 2 }));
    expect(calculationKey(a)).not.toBe(calculationKey({ ...a, Stations: 2 }));
  });
});

describe('checkout address', () => {
  it('carries the dealer, the product group and the offer query', () => {
    const config = {
      ...defaultConfig(1, 2),
      ZipCode: '10115',
      Product: { Id: 3, ClimateNeutral: false },
    };
    const href = checkoutHref(config, 1251);
    expect(href).toBe(
      '/bestellung?dealer=1251&productGroup=2&zipCode=10115&amount=3000&stations=1&product=3&options=5,24,-2,11,9&cn=0&ap=0',
    );
    const search = href.slice(href.indexOf('?'));
    expect(readCheckoutSelection(search)).toEqual({ dealerId: 1251, productGroupId: 2 });
    expect(configFromQuery(readOfferQuery(search), defaultConfig(1, 2), 1, 2)).toMatchObject({
      ZipCode: '10115',
      Product: { Id: 3 },
    });
  });

  it('has no selection without a numeric dealer', () => {
    expect(readCheckoutSelection('?zipCode=10115')).toBeNull();
    expect(readCheckoutSelection('?dealer=abc')).toBeNull();
  });
});
