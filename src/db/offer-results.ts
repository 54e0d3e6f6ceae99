/**
 * Typed access to the offerResults table: the last offers per query. A row that no
 * longer matches the contract, or is older than `notBefore`, counts as absent (and is removed).
 * Only the newest OFFER_RESULTS_MAX rows are kept.
 */
import {
  CalculationResultSchema,
  type CalculationResult,
} from '../api/contract/calculation-result';
import { db } from './db';
import { storage } from './errors';

/** A household compares a handful of queries; older ones are dropped. */
export const OFFER_RESULTS_MAX = 12;

export interface StoredOfferResult {
  result: CalculationResult;
  savedAt: number;
}

export function readOfferResult(
  key: string,
  notBefore: number,
): Promise<StoredOfferResult | undefined> {
  return storage(async () => {
    const row = await db.offerResults.get(key);
    if (!row) return undefined;
    const parsed = CalculationResultSchema.safeParse(row.result);
    if (!parsed.success || row.savedAt < notBefore) {
      await db.offerResults.delete(key);
      return undefined;
    }
    return { result: parsed.data, savedAt: row.savedAt };
  });
}

export function writeOfferResult(
  key: string,
  result: CalculationResult,
  savedAt: number,
): Promise<void> {
  return storage(async () => {
    await db.offerResults.put({ key, result, savedAt });
    // Two tabs pruning at once delete the same oldest rows: harmless, so no transaction.
    const surplus = (await db.offerResults.count()) - OFFER_RESULTS_MAX;
    if (surplus > 0) {
      const oldest = await db.offerResults.orderBy('savedAt').limit(surplus).primaryKeys();
      await db.offerResults.bulkDelete(oldest);
    }
  });
}

export function clearOfferResults(): Promise<void> {
  return storage(async () => {
    await db.offerResults.clear();
  });
}
