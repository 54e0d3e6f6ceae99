import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STATE_MAP_SIZE } from '../../../src/lib/state-map';
import { defaultDataDir, stateFileSchema } from '../../db/seed/reference-data';
import { parseRings, renderStateMap, shrinkRing, stateMapMarkup } from './state-map';

const files = { 1: 'de', 2: 'at', 3: 'ch' } as const;
const read = (countryId: 1 | 2 | 3) =>
  stateFileSchema.parse(
    JSON.parse(readFileSync(join(defaultDataDir, 'states', `${files[countryId]}.json`), 'utf8')),
  );

describe('state map markup (server/modules/site/state-map.ts)', () => {
  it.each([1, 2, 3] as const)(
    'country %i: the page reserves exactly the map’s proportions (no jump when it loads)',
    (countryId) => {
      const [, , width, height] = read(countryId).viewBox.split(' ').map(Number);
      expect(STATE_MAP_SIZE[countryId]).toEqual({ width, height });
    },
  );

  it.each([1, 2, 3] as const)(
    'country %i: every state of the data file is a link with its whole shape kept',
    (countryId) => {
      const file = read(countryId);
      const markup = stateMapMarkup(countryId);
      for (const state of file.states) {
        const at = markup.indexOf(`data-state="${state.slug}"`);
        expect(at, state.slug).toBeGreaterThan(0);
        // The shrunk outline keeps every ring that has an area at the map's size.
        const d = /<path d="([^"]+)"/.exec(markup.slice(at))?.[1] ?? '';
        const kept = d.split(/[zZ]/).filter((part) => /\d/.test(part)).length;
        const original = parseRings(state.path).filter((r) => shrinkRing(r)).length;
        expect(kept, state.slug).toBe(original);
      }
    },
  );

  it('makes Germany’s map a fraction of its data file (the page carries the markup)', () => {
    const raw = readFileSync(join(defaultDataDir, 'states', 'de.json'), 'utf8');
    expect(stateMapMarkup(1).length).toBeLessThan(raw.length / 2);
  });

  it('keeps a shared border identical on both sides, so neighbouring states show no gap', () => {
    // Two squares sharing the edge x = 10.4 (rounded to 10 on both sides).
    const left = shrinkRing([
      [0, 0],
      [10.4, 0],
      [10.4, 5.2],
      [10.4, 10],
      [0, 10],
    ]);
    const right = shrinkRing([
      [10.4, 0],
      [20, 0],
      [20, 10],
      [10.4, 10],
      [10.4, 5.2],
    ]);
    expect(left).toEqual([
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
    ]);
    expect(right).toContainEqual([10, 0]);
    expect(right).toContainEqual([10, 10]);
    expect(right?.some(([x, y]) => x === 10 && y === 5)).toBe(false);
  });

  it('drops an islet that has no area at the map’s size', () => {
    expect(
      shrinkRing([
        [1.1, 1.1],
        [1.3, 1.2],
        [1.2, 1.4],
      ]),
    ).toBeUndefined();
  });

  it('refuses a slug that could break out of its attribute or address', () => {
    const file = read(2);
    const broken = {
      ...file,
      states: [{ ...file.states[0]!, slug: 'wien" onclick="x' }],
    };
    expect(() => renderStateMap(2, broken)).toThrow(/Ungültiger Slug/);
  });

  it('escapes names, so a quote in a data file cannot add an attribute', () => {
    const file = read(2);
    const markup = renderStateMap(2, {
      ...file,
      states: [{ ...file.states[0]!, name: 'A"B<C' }],
    });
    expect(markup).toContain('data-name="A&quot;B&lt;C"');
    expect(markup).not.toContain('A"B');
  });
});
