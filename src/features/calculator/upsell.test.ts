import { describe, expect, it } from 'vitest';
import { initFixture } from './calculator.fixtures';
import { defaultConfig } from './store';
import { showUpsellBadge, smallestDifference, upsellCount } from './upsell';

describe('upsellCount', () => {
  const init = initFixture();

  it('is 0 without calculator data', () => {
    expect(upsellCount(defaultConfig(1), null)).toBe(0);
  });

  it('counts every upgrade the defaults leave unused: climate neutral, premium, appointment plus, express, installment', () => {
    expect(upsellCount(defaultConfig(1), init)).toBe(5);
  });

  it('drops each one once chosen', () => {
    const config = defaultConfig(1);
    config.Product.ClimateNeutral = true;
    expect(upsellCount(config, init)).toBe(4);
    config.Product.Id = 2; // the premium product itself
    expect(upsellCount(config, init)).toBe(3);
    config.AppointmentPlus = true;
    expect(upsellCount(config, init)).toBe(2);
    config.Parameters = [{ Id: 6 }, { Id: 23, Modifier: 12 }, { Id: -2 }, { Id: 11 }, { Id: 9 }];
    expect(upsellCount(config, init)).toBe(0);
  });

  it('counts a group once, whatever else is chosen in it, and ignores stations', () => {
    const config = defaultConfig(1);
    config.Parameters = [{ Id: 4 }, { Id: 25 }, { Id: -3 }, { Id: 14 }, { Id: 8 }];
    config.Stations = 5;
    expect(upsellCount(config, init)).toBe(5);
  });

  it('counts only what the server offers as upselling', () => {
    const plain = initFixture();
    plain.ClimateNeutralList = plain.ClimateNeutralList.map((c) => ({ ...c, IsUpselling: false }));
    plain.Products = plain.Products.filter((p) => !p.IsUpselling);
    plain.AppointmentPlus = { ...plain.AppointmentPlus, IsUpselling: false };
    plain.Groups = plain.Groups.map((g) => ({
      ...g,
      Parameters: g.Parameters.map((p) => ({ ...p, Upselling: false })),
    }));
    expect(upsellCount(defaultConfig(1), plain)).toBe(0);
  });
});

describe('showUpsellBadge (SPEC §2)', () => {
  it('shows for a count above 0 unless the target or the product group is diesel', () => {
    expect(showUpsellBadge(3, 1, 'DEFAULT')).toBe(true);
    expect(showUpsellBadge(1, 1, 'INSTALLMENT_12')).toBe(true);
    expect(showUpsellBadge(0, 1, 'DEFAULT')).toBe(false);
    expect(showUpsellBadge(3, 1, 'DIESEL')).toBe(false);
    expect(showUpsellBadge(3, 2, 'DEFAULT')).toBe(false);
  });
});

describe('smallestDifference', () => {
  it('takes the smallest price difference across offers', () => {
    expect(
      smallestDifference([
        { ForgeinId: 1, PriceDifference: 18.2, UnitPriceDifference: 0.61 },
        { ForgeinId: 2, PriceDifference: 12.4, UnitPriceDifference: 0.41 },
        { ForgeinId: 3, PriceDifference: 30, UnitPriceDifference: 1 },
      ]),
    ).toBe(12.4);
    expect(smallestDifference([])).toBeNull();
  });
});
