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

export const DB_NAME = 'oelkompass';

export class AppDatabase extends Dexie {
  settings!: EntityTable<SettingRow, 'key'>;
  calculatorConfig!: Table<CalculatorConfigRow, [number, number]>;

  constructor(name = DB_NAME) {
    super(name);
    this.version(1).stores({ settings: 'key' });
    // v2: a new table only; nothing to migrate, so no upgrade().
    this.version(2).stores({ calculatorConfig: '[countryId+productGroupId]' });
  }
}

export const db = new AppDatabase();
