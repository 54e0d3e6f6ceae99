import { describe, expect, it } from 'vitest';
import { displayPlace, inPlace } from './place-name';

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

describe('displayPlace', () => {
  it('writes the districts of Graz and Klagenfurt as Vienna’s are written', () => {
    expect(displayPlace('Graz,10.Bez.:Ries')).toBe('Graz, Ries');
    expect(displayPlace('Klagenfurt,05.Bez.:St. Peter')).toBe('Klagenfurt, St. Peter');
  });

  it('leaves every other name alone', () => {
    for (const name of ['Wien, Innere Stadt', 'Adlikon b. Andelfingen', 'Born a. Darß', 'Berlin']) {
      expect(displayPlace(name)).toBe(name);
    }
  });
});
