/**
 * The selectable state map of the home page as SVG markup, made here and sent as a string: the
 * page inserts it with dangerouslySetInnerHTML, so the geometry (de.json alone is 90 kB) never
 * ships in the JavaScript bundle.
 *
 * The paths of data/states/<cc>.json are shrunk without changing what one sees at the map's
 * size (at most about 480 CSS px for a viewBox of 1000 units): coordinates rounded to whole
 * units (under half a pixel), then points dropped that collapse onto their predecessor or lie
 * exactly on the line between their neighbours, then written as relative moves. Rounding is the
 * same for the same input point, so neighbouring states keep sharing their border: no gaps.
 *
 * Every state is a real link (/heizoelpreise/{slug}) with an accessible name, so the map works
 * without JavaScript; the component (src/features/home/components/state-map.tsx) adds selection.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { localeByCountryId } from '../../../src/lib/locale';
import { statePricesPath } from '../../../src/lib/paths';
import { defaultDataDir, stateFileSchema } from '../../db/seed/reference-data';
import { escapeHtml } from '../../html/escape';

type Point = readonly [number, number];

/**
 * Short labels drawn on the map (aria-hidden: each link has the full name). Germany uses the
 * ISO 3166-2 letters (BY, NW …); Austria the usual abbreviations; the Swiss cantons are too
 * small for legible text at phone width, so the Swiss map has none.
 */
const AUSTRIAN_LABELS: Readonly<Record<string, string>> = {
  burgenland: 'Bgld.',
  kaernten: 'Ktn.',
  niederoesterreich: 'NÖ',
  oberoesterreich: 'OÖ',
  salzburg: 'Sbg.',
  steiermark: 'Stmk.',
  tirol: 'T',
  vorarlberg: 'Vbg.',
  wien: 'W',
};

/** Label size in viewBox units: about 11 px on a 390 px phone, 14 px at 480 px. */
const LABEL_FONT_SIZE: Readonly<Record<number, number>> = { 1: 22, 2: 28 };

function labelOf(countryId: number, state: { slug: string; iso: string }): string | undefined {
  if (countryId === 1) return state.iso.replace(/^DE-/, '');
  if (countryId === 2) return AUSTRIAN_LABELS[state.slug];
  return undefined;
}

/** The rings of an SVG path made of absolute M, L and Z commands (data/README.md). */
export function parseRings(d: string): Point[][] {
  const rings: Point[][] = [];
  let ring: Point[] | undefined;
  const tokens = d.match(/[A-Za-z]|-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/g) ?? [];
  let command = '';
  for (let i = 0; i < tokens.length;) {
    const token = tokens[i] as string;
    if (/^[A-Za-z]$/.test(token)) {
      if (!'MLZ'.includes(token)) throw new Error(`Unerwarteter Pfadbefehl ${token}`);
      command = token;
      i += 1;
      if (command === 'Z') {
        if (ring) rings.push(ring);
        ring = undefined;
      }
      continue;
    }
    const point: Point = [Number(token), Number(tokens[i + 1])];
    if (Number.isNaN(point[1])) throw new Error('Pfad mit unvollständigem Punkt');
    i += 2;
    if (command === 'M') {
      if (ring) rings.push(ring);
      ring = [point];
      command = 'L'; // SVG: further pairs after M are lines
    } else if (command === 'L' && ring) {
      ring.push(point);
    } else {
      throw new Error('Pfad ohne Anfangspunkt');
    }
  }
  if (ring) rings.push(ring);
  return rings;
}

const cross = (a: Point, b: Point, c: Point) =>
  (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);

function twiceArea(ring: readonly Point[]): number {
  let sum = 0;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i] as Point;
    const b = ring[(i + 1) % ring.length] as Point;
    sum += a[0] * b[1] - b[0] * a[1];
  }
  return sum;
}

/**
 * A ring rounded to whole units without the points that collapse or lie exactly on a straight
 * line; undefined when nothing with an area is left (a tiny islet at this scale).
 */
export function shrinkRing(ring: readonly Point[]): Point[] | undefined {
  let points: Point[] = [];
  for (const [x, y] of ring) {
    const p: Point = [Math.round(x), Math.round(y)];
    const last = points.at(-1);
    if (!last || last[0] !== p[0] || last[1] !== p[1]) points.push(p);
  }
  // A closed ring may repeat its first point at the end; Z closes it anyway.
  while (points.length > 1) {
    const first = points[0] as Point;
    const last = points.at(-1) as Point;
    if (first[0] !== last[0] || first[1] !== last[1]) break;
    points.pop();
  }
  // Collinear points (cross product 0) add nothing; removing one can make another collinear.
  let changed = true;
  while (changed && points.length >= 3) {
    changed = false;
    const kept: Point[] = [];
    for (let i = 0; i < points.length; i++) {
      const prev = kept.at(-1) ?? points.at(-1);
      if (!prev) break;
      const next = points[(i + 1) % points.length] as Point;
      const p = points[i] as Point;
      if (cross(prev, p, next) === 0) changed = true;
      else kept.push(p);
    }
    points = kept;
  }
  if (points.length < 3 || twiceArea(points) === 0) return undefined;
  return points;
}

/** Numbers as SVG writes them tightest: a minus sign separates as well as a space. */
function joinNumbers(numbers: readonly number[]): string {
  let out = '';
  for (const n of numbers) {
    const text = String(n);
    out += out === '' || text.startsWith('-') ? text : ` ${text}`;
  }
  return out;
}

/** Rings as one path: the first move absolute, every later one relative to the ring before. */
export function ringsToPath(rings: readonly (readonly Point[])[]): string {
  let d = '';
  let start: Point | undefined;
  for (const ring of rings) {
    const first = ring[0] as Point;
    d += start
      ? `m${joinNumbers([first[0] - start[0], first[1] - start[1]])}`
      : `M${joinNumbers(first)}`;
    const deltas: number[] = [];
    for (let i = 1; i < ring.length; i++) {
      const p = ring[i] as Point;
      const q = ring[i - 1] as Point;
      deltas.push(p[0] - q[0], p[1] - q[1]);
    }
    d += `l${joinNumbers(deltas)}z`;
    start = first; // after z the current point is the ring's first point
  }
  return d;
}

export function shrinkPath(d: string): string {
  const rings = parseRings(d)
    .map(shrinkRing)
    .filter((r): r is Point[] => r !== undefined);
  return ringsToPath(rings);
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export type StateFile = z.infer<typeof stateFileSchema>;

/** The markup of one country's map from its data file (pure; stateMapMarkup reads and keeps). */
export function renderStateMap(countryId: number, file: StateFile): string {
  const states = file.states.map((s) => {
    // Slugs go into a URL and an attribute unescaped by the client's selectors: refuse others.
    if (!SLUG.test(s.slug)) throw new Error(`Ungültiger Slug ${s.slug} (Land ${countryId})`);
    return { ...s, d: shrinkPath(s.path) };
  });
  const width = Number(file.viewBox.split(' ')[2]);
  const mapName = countryId === 3 ? 'Karte der Kantone' : 'Karte der Bundesländer';
  const links = states.map(
    (s) =>
      `<a href="${escapeHtml(statePricesPath(s.slug))}" data-state="${s.slug}" ` +
      `data-name="${escapeHtml(s.name)}" aria-label="${escapeHtml(`Heizölpreise ${s.name}`)}">` +
      `<path d="${s.d}" fill-rule="evenodd"/></a>`,
  );
  const fontSize = LABEL_FONT_SIZE[countryId];
  let labels = '';
  if (fontSize) {
    // Drawn after every state so no neighbour covers them; pointer-events none in the CSS lets
    // clicks through to the link below. The baseline moves by 0.35 em to centre the text.
    const texts = states.flatMap((s) => {
      const label = labelOf(countryId, s);
      if (!label) return [];
      // Keep the text inside the viewBox (Burgenland's label point is near the edge); about
      // 0.65 em a character in the bold system font.
      const half = (label.length * fontSize * 0.65) / 2;
      const x = Math.round(Math.min(Math.max(s.label[0], half), width - half));
      const y = Math.round(s.label[1] + fontSize * 0.35);
      return [`<text x="${x}" y="${y}">${escapeHtml(label)}</text>`];
    });
    labels = `<g data-labels="" aria-hidden="true" font-size="${fontSize}" text-anchor="middle">${texts.join('')}</g>`;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${escapeHtml(file.viewBox)}" role="group" ` +
    `aria-label="${mapName}">${links.join('')}${labels}</svg>`
  );
}

const cache = new Map<number, string>();

/** The map markup of a country, or undefined for a country without a map. */
export function findStateMapMarkup(countryId: number): string | undefined {
  const cached = cache.get(countryId);
  if (cached !== undefined) return cached;
  const locale = localeByCountryId(countryId);
  if (!locale) return undefined;
  const file = stateFileSchema.parse(
    JSON.parse(readFileSync(join(defaultDataDir, 'states', `${locale.code}.json`), 'utf8')),
  );
  const markup = renderStateMap(countryId, file);
  cache.set(countryId, markup);
  return markup;
}

/**
 * The map markup of a country (1 DE, 2 AT, 3 CH), built once per process and kept: the data
 * files change only with a release. Throws for any other id.
 */
export function stateMapMarkup(countryId: number): string {
  const markup = findStateMapMarkup(countryId);
  if (markup === undefined) throw new RangeError(`Keine Karte für das Land ${countryId}`);
  return markup;
}
