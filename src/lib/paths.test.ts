import { describe, expect, it } from 'vitest';
import {
  appRoutes,
  bodyClassFromRouteName,
  guideStepIdOfSegment,
  guideStepPath,
  paths,
  routeParamsMatch,
} from './paths';

describe('bodyClassFromRouteName (SPEC §2: route name without the language suffix)', () => {
  it.each([
    ['index___de', 'page-index'],
    ['index___at', 'page-index'],
    ['impressum___ch', 'page-impressum'],
    ['index', 'page-index'],
    ['datenschutz', 'page-datenschutz'],
    ['Preise-Bundesland___de', 'page-preise-bundesland'],
  ])('%s → %s', (name, expected) => {
    expect(bodyClassFromRouteName(name)).toBe(expected);
  });

  it('only strips a suffix at the end', () => {
    expect(bodyClassFromRouteName('a___de-b')).toBe('page-a___de-b');
  });
});

describe('appRoutes', () => {
  it('has one route per path and a unique name each', () => {
    expect(new Set(appRoutes.map((r) => r.path)).size).toBe(appRoutes.length);
    expect(new Set(appRoutes.map((r) => r.name)).size).toBe(appRoutes.length);
    expect(appRoutes.map((r) => r.path)).toEqual(expect.arrayContaining(Object.values(paths)));
  });
});

describe('guide step segments (SPEC §2 /heizoel-verbrauchsvergleich/schritt-{stepId})', () => {
  const stepRoute = appRoutes.find((r) => r.name === 'heizoel-verbrauchsvergleich-schritt')!;

  it.each([
    ['schritt-1', 1],
    ['schritt-12', 12],
    ['schritt-0', undefined],
    ['schritt-01', undefined],
    ['schritt-', undefined],
    ['schritt-1a', undefined],
    ['foo', undefined],
    [undefined, undefined],
  ])('%s → %s', (segment, expected) => {
    expect(guideStepIdOfSegment(segment)).toBe(expected);
  });

  it('builds the path the segment parser reads back', () => {
    expect(guideStepPath(4)).toBe('/heizoel-verbrauchsvergleich/schritt-4');
    expect(guideStepIdOfSegment(guideStepPath(4).split('/').pop())).toBe(4);
  });

  it('accepts only schritt-<n> as the step param; routes without patterns accept anything', () => {
    expect(routeParamsMatch(stepRoute, { step: 'schritt-3' })).toBe(true);
    expect(routeParamsMatch(stepRoute, { step: 'foo' })).toBe(false);
    expect(routeParamsMatch(stepRoute, {})).toBe(false);
    expect(routeParamsMatch({ name: 'x', path: '/x/:id' }, { id: 'anything' })).toBe(true);
  });
});
