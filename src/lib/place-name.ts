/**
 * "in" before a place name as German needs it: "im Landkreis München", "in der kreisfreien Stadt
 * Dresden", "im Politischen Bezirk Innsbruck Land", "in Bayern". Names come from the reference
 * data (data/postal-codes); a name that starts with a kind of district takes its article.
 */
const PREFIXES: readonly [prefix: string, phrase: string][] = [
  ['Politischer Bezirk ', 'im Politischen Bezirk '],
  ['Kreisfreie Stadt ', 'in der kreisfreien Stadt '],
  ['Landkreis ', 'im Landkreis '],
  ['Verwaltungskreis ', 'im Verwaltungskreis '],
  ['Wahlkreis ', 'im Wahlkreis '],
  ['Stadtkreis ', 'im Stadtkreis '],
  ['Regionalverband ', 'im Regionalverband '],
  ['Bezirk ', 'im Bezirk '],
  ['Kreis ', 'im Kreis '],
  ['Region ', 'in der Region '],
];

export function inPlace(name: string): string {
  for (const [prefix, phrase] of PREFIXES) {
    if (name.startsWith(prefix)) return phrase + name.slice(prefix.length);
  }
  return name === 'Schweiz' ? 'in der Schweiz' : `in ${name}`;
}

/**
 * A place name as a visitor reads it. The Austrian reference data writes the districts of Graz
 * and Klagenfurt as "Graz,10.Bez.:Ries" (shown raw in titles); it becomes "Graz, Ries",
 * as Vienna's are written ("Wien, Innere Stadt"). Other names stay as they are.
 */
export function displayPlace(raw: string): string {
  const district = /^(.+?),\s*\d+\.\s*Bez\.\s*:\s*(.+)$/.exec(raw);
  return district ? `${district[1]!.trim()}, ${district[2]!.trim()}` : raw;
}
