/**
 * Everything a fresh database needs, idempotent, run on every start (main.ts) and for tests:
 * reference data (postal codes, states), the calculator catalogue, dealers and their prices, the
 * oil-consumption guide.
 */
import type { Db } from '../client';
import { seedCatalogue } from './catalogue';
import { seedDealers, type DealerSeedResult } from './dealers';
import { seedGuides } from './guides';
import { importReferenceData, type ImportResult } from './reference-data';

export interface SeedResult {
  referenceData: ImportResult;
  dealers: DealerSeedResult;
}

export async function seedAll(db: Db): Promise<SeedResult> {
  const referenceData = await importReferenceData(db);
  await seedCatalogue(db);
  // After the catalogue and the postal codes: dealers reference products and sit at postal codes.
  const dealers = await seedDealers(db);
  await seedGuides(db);
  return { referenceData, dealers };
}
