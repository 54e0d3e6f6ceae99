import { describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../../../src/api/contract/common';
import {
  CountryStatesResponseSchema,
  StateMapResponseSchema,
} from '../../../src/api/contract/site';
import { useTestApp } from '../../../tests/support/test-app';

const t = useTestApp();

async function getStates(countryId: number) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/site/${countryId}/country-states`,
  });
  expect(response.statusCode).toBe(200);
  return { response, states: CountryStatesResponseSchema.parse(response.json()) };
}

describe('GET /api/site/{countryId}/country-states (SPEC §3 Country state, §7)', () => {
  it.each([
    [1, 'Deutschland', 16],
    [2, 'Österreich', 9],
    [3, 'Schweiz', 26],
  ])(
    'country %i: a default entry named %s, then %i states',
    async (countryId, countryName, count) => {
      const { states } = await getStates(countryId);
      expect(states[0]).toEqual({ Id: 0, Name: countryName, FriendlyName: '', MapId: 0 });
      expect(states).toHaveLength(count + 1);
      for (const state of states) {
        expect(Object.keys(state).sort()).toEqual(['FriendlyName', 'Id', 'MapId', 'Name']);
      }
      const real = states.slice(1);
      expect(new Set(real.map((s) => s.Id)).size).toBe(count);
      expect(new Set(real.map((s) => s.MapId)).size).toBe(count);
      for (const state of real) {
        expect(state.Id).toBe(countryId * 100 + state.MapId);
        expect(state.MapId).toBeGreaterThan(0);
        expect(state.FriendlyName).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      }
    },
  );

  it('sorts the German Länder by German collation, Baden-Württemberg first', async () => {
    const { states } = await getStates(1);
    const names = states.slice(1).map((s) => s.Name);
    expect(names[0]).toBe('Baden-Württemberg');
    expect(names.at(-1)).toBe('Thüringen');
    expect(names).toEqual([...names].sort(new Intl.Collator('de').compare));
    expect(states[1]).toEqual({
      Id: 108,
      Name: 'Baden-Württemberg',
      FriendlyName: 'baden-wuerttemberg',
      MapId: 8,
    });
  });

  it('lists the Austrian Bundesländer in German alphabetical order', async () => {
    const { states } = await getStates(2);
    expect(states.slice(1).map((s) => s.Name)).toEqual([
      'Burgenland',
      'Kärnten',
      'Niederösterreich',
      'Oberösterreich',
      'Salzburg',
      'Steiermark',
      'Tirol',
      'Vorarlberg',
      'Wien',
    ]);
  });

  it('sorts the Swiss cantons with umlauts and abbreviations in German order', async () => {
    const { states } = await getStates(3);
    const names = states.slice(1).map((s) => s.Name);
    expect(names.slice(0, 4)).toEqual([
      'Aargau',
      'Appenzell Ausserrhoden',
      'Appenzell Innerrhoden',
      'Basel-Landschaft',
    ]);
    expect(names.at(-1)).toBe('Zürich');
    expect(names.indexOf('Solothurn')).toBeLessThan(names.indexOf('St. Gallen'));
    expect(names).toEqual([...names].sort(new Intl.Collator('de').compare));
  });

  it('lets clients cache the list for an hour', async () => {
    const { response } = await getStates(1);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it.each(['4', '0', 'abc', '1.5', '-1'])(
    'answers country id %s with 400 in German',
    async (countryId) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/site/${countryId}/country-states`,
      });
      expect(response.statusCode).toBe(400);
      const body = ApiErrorSchema.parse(response.json());
      expect(body.message).toBe('Die Anfrage ist ungültig.');
      expect(body.issues?.[0]?.path).toBe('params.countryId');
      expect(body.issues?.[0]?.message).toMatch(/^CountryId muss/);
      expect(response.headers['cache-control']).not.toBe('public, max-age=3600');
    },
  );
});

describe('GET /api/site/{countryId}/state-map', () => {
  const getMap = (countryId: string | number) =>
    t.app.inject({ method: 'GET', url: `/api/site/${countryId}/state-map` });

  it.each([
    [1, 'Karte der Bundesländer'],
    [2, 'Karte der Bundesländer'],
    [3, 'Karte der Kantone'],
  ])(
    'country %i: one link per state, labelled, for a day in any cache',
    async (countryId, name) => {
      const response = await getMap(countryId);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
      const body = StateMapResponseSchema.parse(response.json());
      expect(Object.keys(body).sort()).toEqual(['CountryId', 'Markup']);
      expect(body.CountryId).toBe(countryId);
      expect(body.Markup).toMatch(
        new RegExp(`^<svg [^>]*viewBox="0 0 \\d+ \\d+" role="group" aria-label="${name}">`),
      );
      // Every state of the database (the same data files) is on the map as a link to its page.
      const { states } = await getStates(countryId);
      const links = [...body.Markup.matchAll(/<a href="([^"]+)" data-state="([^"]+)"[^>]*>/g)];
      expect(links).toHaveLength(states.length - 1);
      for (const state of states.slice(1)) {
        const link = links.find((l) => l[2] === state.FriendlyName);
        expect(link?.[1]).toBe(`/heizoelpreise/${state.FriendlyName}`);
        expect(link?.[0]).toContain(`aria-label="Heizölpreise ${state.Name}"`);
      }
    },
  );

  it('is compressed for clients that accept gzip', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/site/1/state-map',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it.each(['4', '0', 'abc', '1.5', '-1'])(
    'answers country id %s with 400 in German',
    async (countryId) => {
      const response = await getMap(countryId);
      expect(response.statusCode).toBe(400);
      const body = ApiErrorSchema.parse(response.json());
      expect(body.message).toBe('Die Anfrage ist ungültig.');
      expect(body.issues?.[0]?.path).toBe('params.countryId');
      expect(body.issues?.[0]?.message).toMatch(/^CountryId muss/);
      expect(response.headers['cache-control']).not.toBe('public, max-age=86400');
    },
  );
});
