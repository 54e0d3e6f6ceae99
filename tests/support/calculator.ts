/** Test support: the calculator request most server tests start from. */
import type { CalculatorConfig } from '../../src/api/contract/calculation';

/** 3000 L heating oil, one unloading point, to 10115 Berlin, no options; `overrides` on top. */
export function testCalculatorConfig(overrides: Partial<CalculatorConfig> = {}): CalculatorConfig {
  return {
    ZipCode: '10115',
    Amount: 3000,
    Stations: 1,
    Product: { Id: 1, ClimateNeutral: false },
    Parameters: [],
    AppointmentPlus: false,
    CountryId: 1,
    ProductGroupId: 1,
    ...overrides,
  };
}
