/**
 * The offline copy of the calculator data: kept in IndexedDB per country and product
 * group, whether they came with a fetch (calc-api.ts) or with a server-rendered page (the offer
 * list's page data), so the settings panel has its options without a connection.
 */
import type { CalculatorInitResponse } from '../../api/contract/calculation';
import { whenSettled } from '../../lib/idle';
import { loadDb } from '../../db/load';

/** Where the last calculator data of a country and product group are kept (db settings). */
export const initSettingKey = (countryId: number, productGroupId: number) =>
  `calculator-init:${countryId}:${productGroupId}`;

/** Writes the copy once the page has settled: loading Dexie is not what a page waits for. */
export function keepInitCopy(
  countryId: number,
  productGroupId: number,
  init: CalculatorInitResponse,
): void {
  // A plain copy now: the store makes the answer reactive, and a proxy cannot be stored.
  const copy: unknown = JSON.parse(JSON.stringify(init));
  whenSettled(() => {
    void loadDb()
      .then(({ writeSetting }) => writeSetting(initSettingKey(countryId, productGroupId), copy))
      .catch(() => undefined); // only the offline copy is missing
  });
}
