/**
 * The app's IndexedDB (Dexie). A shipped version(n) is never edited: add version(n + 1) with an
 * upgrade() instead (CONVENTIONS, Client).
 */
import { Dexie, type EntityTable, type Table } from 'dexie';

export interface SettingRow {
  key: string;
  value: unknown;
  updatedAt: number;
}

/** The saved calculator configuration per country and product group (SPEC §4). */
export interface CalculatorConfigRow {
  countryId: number;
  productGroupId: number;
  /** A CalculatorConfig; parsed with the contract schema when read. */
  config: unknown;
  /** ms since epoch; rows older than the max age (SPEC §9: 604,800 s) are ignored. */
  savedAt: number;
}

/**
 * The oil-consumption guide of one guide id (SPEC §4 Guide): answers, the compare result and the
 * selected information id, saved on every change so a reload or going offline loses nothing.
 */
export interface GuideProgressRow {
  guideId: number;
  /** Parsed by src/db/guide-progress.ts when read; a row that no longer fits is dropped. */
  stepValues: unknown;
  compareResult: unknown;
  /** The answers the compare result was computed from (flattened, sorted JSON). */
  compareAnswersKey: string | null;
  selectedInformationId: number | null;
  /** Postal code → the server's existence answer, so a restored answer counts offline too. */
  zipChecks: unknown;
  savedAt: number;
}

/**
 * The last offers calculated for a query: shown with their age when the network
 * fails, so an offer list opened offline or on a dropped answer is never empty.
 */
export interface OfferResultRow {
  /** The calculation key (country, product group, query) and whose favourites they carry. */
  key: string;
  /** A CalculationResult; parsed with the contract schema when read. */
  result: unknown;
  /** ms since epoch. */
  savedAt: number;
}

/** A telemetry report waiting for a connection: sent in order once it is back. */
export interface TelemetryRow {
  id?: number;
  kind: 'error' | 'vitals';
  /** An ErrorReport or a WebVitalsReport; the server validates it. */
  payload: unknown;
  queuedAt: number;
}

export { DB_NAME } from './exists';
import { DB_NAME } from './exists';

export class AppDatabase extends Dexie {
  settings!: EntityTable<SettingRow, 'key'>;
  calculatorConfig!: Table<CalculatorConfigRow, [number, number]>;
  guideProgress!: EntityTable<GuideProgressRow, 'guideId'>;
  offerResults!: EntityTable<OfferResultRow, 'key'>;
  telemetryQueue!: EntityTable<TelemetryRow, 'id'>;

  constructor(name = DB_NAME) {
    super(name);
    this.version(1).stores({ settings: 'key' });
    // v2: a new table only; nothing to migrate, so no upgrade().
    this.version(2).stores({ calculatorConfig: '[countryId+productGroupId]' });
    // v3: the guide's answers per guide id; a new table only, nothing to migrate.
    this.version(3).stores({ guideProgress: 'guideId' });
    // v4: the last-known offers per query; a new table only, nothing to migrate.
    this.version(4).stores({ offerResults: 'key, savedAt' });
    // v5: telemetry reports queued while offline; a new table only.
    this.version(5).stores({ telemetryQueue: '++id' });
  }
}

export const db = new AppDatabase();
