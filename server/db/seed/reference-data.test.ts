import { and, countDistinct, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../tests/support/test-app';
import { countries, countryStates, postalCodes, referenceImports } from '../schema';
import { importReferenceData, parsePostalCodes, stateId } from './reference-data';

/** Distinct postal codes in data/postal-codes/*.tsv (data/README.md). */
const DISTINCT_ZIPS = { 1: 8308, 2: 2217, 3: 3362 } as const;
/** 16 Länder, 9 Bundesländer, 26 Kantone. */
const STATES = { 1: 16, 2: 9, 3: 26 } as const;

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await openTestDatabase();
});

afterAll(async () => {
  await testDb?.close();
});

describe('importReferenceData', () => {
  it('imports the three countries with their names', async () => {
    const rows = await testDb.database.db
      .select({ id: countries.id, code: countries.code, name: countries.name })
      .from(countries)
      .orderBy(countries.id);
    expect(rows).toEqual([
      { id: 1, code: 'de', name: 'Deutschland' },
      { id: 2, code: 'at', name: 'Österreich' },
      { id: 3, code: 'ch', name: 'Schweiz' },
    ]);
  });

  it('imports every distinct postal code per country', async () => {
    const rows = await testDb.database.db
      .select({ countryId: postalCodes.countryId, zips: countDistinct(postalCodes.zip) })
      .from(postalCodes)
      .groupBy(postalCodes.countryId)
      .orderBy(postalCodes.countryId);
    expect(rows).toEqual([
      { countryId: 1, zips: DISTINCT_ZIPS[1] },
      { countryId: 2, zips: DISTINCT_ZIPS[2] },
      { countryId: 3, zips: DISTINCT_ZIPS[3] },
    ]);
  });

  it('imports 51 states, 16/9/26 per country', async () => {
    const rows = await testDb.database.db
      .select({ countryId: countryStates.countryId, states: sql<number>`count(*)::int` })
      .from(countryStates)
      .groupBy(countryStates.countryId)
      .orderBy(countryStates.countryId);
    expect(rows).toEqual([
      { countryId: 1, states: STATES[1] },
      { countryId: 2, states: STATES[2] },
      { countryId: 3, states: STATES[3] },
    ]);
    expect(rows.reduce((sum, r) => sum + r.states, 0)).toBe(51);
  });

  it('files 87491 Jungholz under Bayern, although the source has no Land for it', async () => {
    const rows = await testDb.database.db
      .select({ place: postalCodes.place, state: countryStates.name, county: postalCodes.county })
      .from(postalCodes)
      .innerJoin(countryStates, eq(postalCodes.stateId, countryStates.id))
      .where(and(eq(postalCodes.countryId, 1), eq(postalCodes.zip, '87491')));
    expect(rows).toEqual([{ place: 'Jungholz', state: 'Bayern', county: 'Landkreis Oberallgäu' }]);
  });

  it('keeps leading zeros of German postal codes', async () => {
    const rows = await testDb.database.db
      .select({ place: postalCodes.place })
      .from(postalCodes)
      .where(and(eq(postalCodes.countryId, 1), eq(postalCodes.zip, '01067')));
    expect(rows.map((r) => r.place)).toContain('Dresden');
  });

  it('skips a second import of the same data and changes nothing', async () => {
    const before = await testDb.database.db.select().from(referenceImports);
    const result = await importReferenceData(testDb.database.db);
    expect(result).toEqual({ skipped: true, postalCodes: 0, states: 0 });
    expect(await testDb.database.db.select().from(referenceImports)).toEqual(before);
  });
});

describe('parsePostalCodes', () => {
  const header = 'zip\tplace\tstate\tcounty\tlat\tlon';
  const states = new Map([
    ['Bayern', stateId(1, 9)],
    ['Berlin', stateId(1, 11)],
  ]);

  it('reads rows, skips blank lines and maps states to their global id', () => {
    const tsv = `${header}\n10115\tBerlin\tBerlin\tBerlin, Stadt\t52.5323\t13.3846\n\n`;
    expect(parsePostalCodes(tsv, 1, states)).toEqual([
      {
        countryId: 1,
        zip: '10115',
        place: 'Berlin',
        stateId: 111,
        county: 'Berlin, Stadt',
        lat: 52.5323,
        lon: 13.3846,
      },
    ]);
  });

  it('puts Jungholz (87491, no Land in the source) into Bayern', () => {
    const tsv = `${header}\n87491\tJungholz\t\t\t47.5741\t10.4472\n`;
    expect(parsePostalCodes(tsv, 1, states)).toMatchObject([
      { zip: '87491', stateId: stateId(1, 9), county: 'Landkreis Oberallgäu' },
    ]);
  });

  it('rejects an unknown state with the line number', () => {
    const tsv = `${header}\n10115\tBerlin\tBerlin\tBerlin, Stadt\t52.5\t13.3\n80331\tMünchen\tBayernland\tMünchen\t48.1\t11.5\n`;
    expect(() => parsePostalCodes(tsv, 1, states)).toThrow(
      /Zeile 3: unbekanntes Bundesland "Bayernland"/,
    );
  });

  it('rejects a missing Land outside Jungholz and outside Germany', () => {
    expect(() => parsePostalCodes(`${header}\n10115\tBerlin\t\t\t52.5\t13.3\n`, 1, states)).toThrow(
      /unbekanntes Bundesland/,
    );
    expect(() =>
      parsePostalCodes(`${header}\n87491\tJungholz\t\t\t47.5\t10.4\n`, 2, states),
    ).toThrow(/unbekanntes Bundesland/);
  });

  it('rejects a file with a different header', () => {
    expect(() => parsePostalCodes('plz\tort\n10115\tBerlin\n', 1, states)).toThrow(
      /Unerwarteter Kopf in der PLZ-Datei: plz\tort/,
    );
    expect(() => parsePostalCodes('', 1, states)).toThrow(/Unerwarteter Kopf/);
  });
});
