import { describe, expect, it } from 'vitest';
import { inPlace } from './place-name';

describe('inPlace', () => {
  it.each([
    ['Landkreis München', 'im Landkreis München'],
    ['Kreisfreie Stadt Dresden', 'in der kreisfreien Stadt Dresden'],
    ['Politischer Bezirk Innsbruck Land', 'im Politischen Bezirk Innsbruck Land'],
    ['Bezirk Winterthur', 'im Bezirk Winterthur'],
    ['Kreis Steinfurt', 'im Kreis Steinfurt'],
    ['Region Hannover', 'in der Region Hannover'],
    ['Bayern', 'in Bayern'],
    ['Unterhaching (82008)', 'in Unterhaching (82008)'],
    ['Schweiz', 'in der Schweiz'],
  ])('%s → %s', (name, phrase) => {
    expect(inPlace(name)).toBe(phrase);
  });
});
