/**
 * The IndexedDB module. Dexie is about 30 KB gzip, so pages load it on demand:
 * `await loadDb()` (./load.ts) for the tables; `db/errors` and `db/exists` are free to import
 * statically.
 */
export { db, AppDatabase, DB_NAME } from './db';
export { forgetPersonalCopies, readSetting, writeSetting } from './settings';
export {
  readCalculatorConfig,
  writeCalculatorConfig,
  clearCalculatorConfigs,
} from './calculator-config';
export {
  readGuideProgress,
  writeGuideProgress,
  clearGuideProgress,
  parseGuideProgress,
} from './guide-progress';
export type { GuideProgress } from './guide-progress';
export {
  readOfferResult,
  writeOfferResult,
  clearOfferResults,
  OFFER_RESULTS_MAX,
} from './offer-results';
export type { StoredOfferResult } from './offer-results';
export {
  queueTelemetry,
  queuedTelemetry,
  dropQueuedTelemetry,
  TELEMETRY_QUEUE_MAX,
} from './telemetry-queue';
export { StorageError } from './errors';
