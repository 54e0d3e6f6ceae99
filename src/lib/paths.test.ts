import { describe, expect, it } from 'vitest';
import { appRoutes, bodyClassFromRouteName, paths } from './paths';

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
