/**
 * The app's IndexedDB (Dexie). A shipped version(n) is never edited: add version(n + 1) with an
 * upgrade() instead (CONVENTIONS, Client).
 */
import { Dexie, type EntityTable } from 'dexie';

export interface SettingRow {
  key: string;
  value: unknown;
  updatedAt: number;
}

export const DB_NAME = 'oelkompass';

export class AppDatabase extends Dexie {
  settings!: EntityTable<SettingRow, 'key'>;

  constructor(name = DB_NAME) {
    super(name);
    this.version(1).stores({ settings: 'key' });
  }
}

export const db = new AppDatabase();
