/**
 * Drizzle schema. Column names are snake_case in SQL (drizzle `casing`), camelCase in code.
 * Migrations are generated from this file with `npm run db:generate`; never edit a shipped one.
 */
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** 1 Deutschland, 2 Österreich, 3 Schweiz (ARCHITECTURE §6). */
export const countries = pgTable('country', {
  id: smallint().primaryKey(),
  code: text().notNull().unique(),
  name: text().notNull(),
  /** viewBox of the state map (shared/data/states/*.json). */
  mapViewBox: text().notNull(),
});

export const countryStates = pgTable(
  'country_state',
  {
    /** Unique across countries: countryId * 100 + mapId. */
    id: integer().primaryKey(),
    countryId: smallint()
      .notNull()
      .references(() => countries.id),
    /** Official state number inside its country (AGS Land code, ISO AT number, BFS canton number). */
    mapId: smallint().notNull(),
    name: text().notNull(),
    /** URL slug, e.g. baden-wuerttemberg. */
    slug: text().notNull(),
    iso: text().notNull(),
    svgPath: text().notNull(),
    labelX: doublePrecision().notNull(),
    labelY: doublePrecision().notNull(),
  },
  (t) => [
    uniqueIndex('country_state_country_map_uq').on(t.countryId, t.mapId),
    uniqueIndex('country_state_country_slug_uq').on(t.countryId, t.slug),
  ],
);

export const postalCodes = pgTable(
  'postal_code',
  {
    id: serial().primaryKey(),
    countryId: smallint()
      .notNull()
      .references(() => countries.id),
    zip: text().notNull(),
    place: text().notNull(),
    stateId: integer()
      .notNull()
      .references(() => countryStates.id),
    county: text().notNull(),
    lat: doublePrecision().notNull(),
    lon: doublePrecision().notNull(),
  },
  (t) => [
    uniqueIndex('postal_code_country_zip_place_uq').on(t.countryId, t.zip, t.place),
    index('postal_code_state_idx').on(t.stateId),
  ],
);

/** One row per imported reference data set; the checksum makes the import idempotent. */
export const referenceImports = pgTable('reference_import', {
  name: text().primaryKey(),
  checksum: text().notNull(),
  rowCount: integer().notNull(),
  importedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
