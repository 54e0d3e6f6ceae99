/**
 * Imports the reference data shipped in data/ (postal codes and state maps for DE, AT, CH;
 * sources and licences in data/README.md) into the database. Idempotent: a checksum over the
 * files is kept in reference_import, and an unchanged data set is skipped in one query.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { LOCALE_LIST } from '../../../src/lib/locale';
import type { Db } from '../client';
import { countries, countryStates, postalCodes, referenceImports } from '../schema';

export const defaultDataDir = fileURLToPath(new URL('../../../data', import.meta.url));

/** Bump when the import logic changes so existing databases re-import. */
const IMPORT_VERSION = 1;
const IMPORT_NAME = 'postal-codes-and-states';
/** Rows per INSERT: 7 parameters a row stays well below PostgreSQL's 65,535 parameter limit. */
const BATCH = 4000;

/** One data/states/<cc>.json file (data/README.md); the site module draws its map from it too. */
export const stateFileSchema = z.object({
  viewBox: z.string(),
  states: z.array(
    z.object({
      id: z.number().int().positive(),
      name: z.string().min(1),
      slug: z.string().min(1),
      iso: z.string().min(1),
      label: z.tuple([z.number(), z.number()]),
      path: z.string().min(1),
    }),
  ),
});

export interface PostalCodeRow {
  countryId: number;
  zip: string;
  place: string;
  stateId: number;
  county: string;
  lat: number;
  lon: number;
}

/** Global state id: unique across countries (SPEC §3 Country state Id). */
export function stateId(countryId: number, mapId: number): number {
  return countryId * 100 + mapId;
}

/**
 * 87491 Jungholz is an Austrian exclave whose German postal code GeoNames files without a Land.
 * It is reached by road only through Bavaria (Landkreis Oberallgäu), so that is where it belongs
 * for delivery purposes (data/README.md, "Known gaps and quirks").
 */
const JUNGHOLZ = { zip: '87491', state: 'Bayern', county: 'Landkreis Oberallgäu' } as const;

export function parsePostalCodes(
  tsv: string,
  countryId: number,
  stateIdsByName: ReadonlyMap<string, number>,
): PostalCodeRow[] {
  const lines = tsv.split('\n');
  const header = lines[0]?.trim();
  if (header !== 'zip\tplace\tstate\tcounty\tlat\tlon') {
    throw new Error(`Unerwarteter Kopf in der PLZ-Datei: ${header ?? '(leer)'}`);
  }
  const rows: PostalCodeRow[] = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    if (!line) continue;
    const [zip = '', place = '', rawState = '', rawCounty = '', lat = '', lon = ''] =
      line.split('\t');
    let state = rawState;
    let county = rawCounty;
    if (state === '' && countryId === 1 && zip === JUNGHOLZ.zip) {
      state = JUNGHOLZ.state;
      county = county || JUNGHOLZ.county;
    }
    const sid = stateIdsByName.get(state);
    if (sid === undefined)
      throw new Error(`Zeile ${i + 1}: unbekanntes Bundesland "${state}" (${zip} ${place})`);
    rows.push({ countryId, zip, place, stateId: sid, county, lat: Number(lat), lon: Number(lon) });
  }
  return rows;
}

export interface ImportResult {
  skipped: boolean;
  postalCodes: number;
  states: number;
}

export async function importReferenceData(db: Db, dataDir = defaultDataDir): Promise<ImportResult> {
  const files = await Promise.all(
    LOCALE_LIST.map(async (l) => ({
      locale: l,
      tsv: await readFile(join(dataDir, 'postal-codes', `${l.code}.tsv`), 'utf8'),
      states: await readFile(join(dataDir, 'states', `${l.code}.json`), 'utf8'),
    })),
  );
  const hash = createHash('sha256').update(`v${IMPORT_VERSION}`);
  for (const f of files) hash.update(f.tsv).update(f.states);
  const checksum = hash.digest('hex');

  const [done] = await db
    .select({ checksum: referenceImports.checksum })
    .from(referenceImports)
    .where(eq(referenceImports.name, IMPORT_NAME));
  if (done?.checksum === checksum) return { skipped: true, postalCodes: 0, states: 0 };

  let postalCodeCount = 0;
  let stateCount = 0;
  await db.transaction(async (tx) => {
    for (const { locale, tsv, states } of files) {
      const map = stateFileSchema.parse(JSON.parse(states));
      await tx
        .insert(countries)
        .values({
          id: locale.countryId,
          code: locale.code,
          name: locale.countryName,
          mapViewBox: map.viewBox,
        })
        .onConflictDoUpdate({
          target: countries.id,
          set: { code: locale.code, name: locale.countryName, mapViewBox: map.viewBox },
        });
      const stateRows = map.states.map((s) => ({
        id: stateId(locale.countryId, s.id),
        countryId: locale.countryId,
        mapId: s.id,
        name: s.name,
        slug: s.slug,
        iso: s.iso,
        svgPath: s.path,
        labelX: s.label[0],
        labelY: s.label[1],
      }));
      await tx
        .insert(countryStates)
        .values(stateRows)
        .onConflictDoUpdate({
          target: countryStates.id,
          set: excludedSet(['name', 'slug', 'iso', 'svg_path', 'label_x', 'label_y']),
        });
      stateCount += stateRows.length;

      const byName = new Map(stateRows.map((s) => [s.name, s.id]));
      const rows = parsePostalCodes(tsv, locale.countryId, byName);
      for (let i = 0; i < rows.length; i += BATCH) {
        await tx
          .insert(postalCodes)
          .values(rows.slice(i, i + BATCH))
          .onConflictDoUpdate({
            target: [postalCodes.countryId, postalCodes.zip, postalCodes.place],
            set: excludedSet(['state_id', 'county', 'lat', 'lon']),
          });
      }
      postalCodeCount += rows.length;
    }
    await tx
      .insert(referenceImports)
      .values({ name: IMPORT_NAME, checksum, rowCount: postalCodeCount })
      .onConflictDoUpdate({
        target: referenceImports.name,
        set: { checksum, rowCount: postalCodeCount, importedAt: sql`now()` },
      });
  });
  return { skipped: false, postalCodes: postalCodeCount, states: stateCount };
}

/** `SET col = excluded.col` for an upsert. */
function excludedSet(columns: readonly string[]) {
  return Object.fromEntries(columns.map((c) => [toCamel(c), sql.raw(`excluded.${c}`)]));
}

function toCamel(snake: string): string {
  return snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}
