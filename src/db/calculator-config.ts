/**
 * Typed access to the calculatorConfig table. A row that no longer matches the contract, or is
 * older than `notBefore`, counts as absent (and is removed). Storage failures become a
 * StorageError the UI can show.
 */
import { CalculatorConfigSchema, type CalculatorConfig } from '../api/contract/calculation';
import { db } from './db';
import { toStorageError } from './errors';

export async function readCalculatorConfig(
  countryId: number,
  productGroupId: number,
  notBefore: number,
): Promise<CalculatorConfig | undefined> {
  try {
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
  } catch (error) {
    throw toStorageError(error);
  }
}

export async function writeCalculatorConfig(
  config: CalculatorConfig,
  savedAt: number,
): Promise<void> {
  try {
    await db.calculatorConfig.put({
      countryId: config.CountryId,
      productGroupId: config.ProductGroupId,
      config,
      savedAt,
    });
  } catch (error) {
    throw toStorageError(error);
  }
}

export async function clearCalculatorConfigs(): Promise<void> {
  try {
    await db.calculatorConfig.clear();
  } catch (error) {
    throw toStorageError(error);
  }
}
