import fc from 'fast-check';
import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  appRoutes,
  bodyClassFromRouteName,
  canonicalPagePath,
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
    // Every named path is a page: a route's own path, or the start of one with optional
    // segments (/heizoelhaendler of /heizoelhaendler/:stateName?/:zipCode?).
    for (const path of Object.values(paths)) {
      expect(
        appRoutes.some((r) => matchPath({ path: r.path, end: true }, path) !== null),
        path,
      ).toBe(true);
    }
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

describe('canonicalPagePath (one form before routes and guards)', () => {
  it.each([
    ['/', '/'],
    ['/bestellungen', '/bestellungen'],
    ['/%62estellungen', '/bestellungen'],
    ['/bestellung%65n', '/bestellungen'],
    ['/support/user/list;', '/support/user/list'],
    ['/support;a=b/user/list', '/support/user/list'],
    ['/bestellungen/', '/bestellungen'],
    ['//bestellungen', '/bestellungen'],
    ['/./bestellungen', '/bestellungen'],
    ['/a/../bestellungen', '/bestellungen'],
    ['/%2e%2e/bestellungen', '/bestellungen'],
    ['/../../bestellungen', '/bestellungen'],
    ['/heizoelpreise/baden-w%c3%bcrttemberg', '/heizoelpreise/baden-w%C3%BCrttemberg'],
    ['/heizoelpreise/baden-württemberg', '/heizoelpreise/baden-w%C3%BCrttemberg'],
    ['/news/a:b@c', '/news/a:b@c'],
    ['/bestellungen%00', null],
    ['/a%2Fb', null],
    ['/a%5Cb', null],
    ['/%E0%A4%A', null],
    ['bestellungen', null],
  ])('%s → %s', (input, expected) => {
    expect(canonicalPagePath(input)).toBe(expected);
  });

  it('is idempotent and matches the same route as the router does (property)', () => {
    const char = fc.constantFrom(...'abestlung-/.;%2e%62%65%2F%00ü'.split(''), '%62', '%2e', '..');
    fc.assert(
      fc.property(
        fc.oneof(
          fc.webPath(),
          fc.array(char, { maxLength: 30 }).map((cs) => `/${cs.join('')}`),
        ),
        (path) => {
          const canonical = canonicalPagePath(path);
          if (canonical === null) return;
          expect(canonicalPagePath(canonical)).toBe(canonical);
          expect(canonical.startsWith('/')).toBe(true);
          expect(canonical.startsWith('//')).toBe(false);
          // Whatever the router would make of the canonical path (it decodes escapes), the
          // route is the same as for the decoded original.
          for (const route of appRoutes) {
            const direct = matchPath({ path: route.path, end: true }, canonical) !== null;
            const decoded = matchPath({ path: route.path, end: true }, decodeURI(canonical));
            expect(direct || decoded === null).toBe(true);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
