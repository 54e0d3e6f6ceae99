/**
 * Typed access to the calculatorConfig table. A row that no longer matches the contract, or is
 * older than `notBefore`, counts as absent (and is removed). Storage failures become a
 * StorageError the UI can show.
 */
import { CalculatorConfigSchema, type CalculatorConfig } from '../api/contract/calculation';
import { db } from './db';
import { storage } from './errors';

export function readCalculatorConfig(
  countryId: number,
  productGroupId: number,
  notBefore: number,
): Promise<CalculatorConfig | undefined> {
  return storage(async () => {
    const row = await db.calculatorConfig.get([countryId, productGroupId]);
    if (!row) return undefined;
    const parsed = CalculatorConfigSchema.safeParse(row.config);
    const fits =
      parsed.success &&
      parsed.data.CountryId === countryId &&
      parsed.data.ProductGroupId === productGroupId;
    if (!fits || row.savedAt < notBefore) {
      await db.calculatorConfig.delete([countryId, productGroupId]);
      return undefined;
    }
    return parsed.data;
  });
}

export function writeCalculatorConfig(config: CalculatorConfig, savedAt: number): Promise<void> {
  return storage(async () => {
    await db.calculatorConfig.put({
      countryId: config.CountryId,
      productGroupId: config.ProductGroupId,
      config,
      savedAt,
    });
  });
}

export function clearCalculatorConfigs(): Promise<void> {
  return storage(async () => {
    await db.calculatorConfig.clear();
  });
}
