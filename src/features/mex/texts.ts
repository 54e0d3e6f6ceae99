/** German UI text of the meX feature. */
import { MEX_BATTERY_LOW_PCT, MEX_SILENT_AFTER_H } from '../../api/contract/mex';

export const texts = {
  title: 'Mein meX',
  lead: 'Füllstand, Verbrauch und der beste Bestellzeitpunkt für Ihre Tanks.',
  loading: 'Ihre Tankdaten werden geladen …',
  failed: 'Ihre Tankdaten konnten nicht geladen werden.',
  empty: {
    title: 'Noch kein Sensor verbunden',
    text: 'Sobald ein meX-Sensor an Ihrem Tank angemeldet ist, sehen Sie hier Füllstand, Verbrauch und den besten Bestellzeitpunkt.',
    how: 'So geht es: Den Sensor auf den Tankstutzen setzen und die Seriennummer (Form MX-1A2B-3C4D) unserem Kundenservice nennen. Wir verbinden ihn mit Ihrem Konto.',
  },
  offline: (age: string) =>
    `Offline-Kopie: Sie sehen die zuletzt geladenen Werte (Stand: ${age}). Sobald Sie wieder online sind, wird aktualisiert.`,
  asOf: (age: string) => `Stand: ${age}`,
  tank: {
    serial: (serial: string) => `Sensor ${serial}`,
    levelLabel: 'Füllstand',
    litresOf: (litres: string, usable: string) => `${litres} L von ${usable} L nutzbar`,
    free: 'Frei im Tank',
    avg7: 'Verbrauch (7 Tage)',
    avgSeason: 'Verbrauch (Saison)',
    perDay: (litres: string) => `${litres} L/Tag`,
    daysLeft: 'Reicht noch',
    days: (days: string) => `${days} Tage`,
    until: (day: string) => `reicht bis ${day}`,
    unknown: 'nicht bestimmbar',
    lastReading: (when: string) => `Letzte Messung: ${when}`,
    noReading: 'Noch keine Messung empfangen.',
    temperature: (t: string) => `Temperatur ${t} °C`,
    battery: (pct: number) => `Batterie ${pct} %`,
  },
  warnings: {
    battery: (pct: number | null) =>
      `Batterie schwach${pct === null ? '' : ` (${pct} %)`}: unter ${MEX_BATTERY_LOW_PCT} % – bitte bald wechseln.`,
    silent: (when: string | null) =>
      `Der Sensor meldet sich seit über ${MEX_SILENT_AFTER_H} Stunden nicht${when ? ` (letzte Messung: ${when})` : ''}. Bitte Batterie und Empfang prüfen.`,
  },
  forecast: {
    title: 'Bestellprognose',
    orderBy: (day: string) => `Bestellen bis ${day}`,
    noOrderBy: 'Bestelltermin nicht bestimmbar',
    lead: (days: number) =>
      `Lieferzeit der Händler: ${days} ${days === 1 ? 'Werktag' : 'Werktage'}`,
    noLead: 'Lieferzeit unbekannt',
    price: (price: string) => `Heute: ${price} je 100 L`,
    noPrice: 'Heute kein Angebot für diese Postleitzahl',
    trend: {
      steigend: 'Preise steigend',
      fallend: 'Preise fallend',
      stabil: 'Preise stabil',
      unbekannt: 'Preistrend unbekannt',
    },
    change: (percent: string) => ` (${percent} % in 14 Tagen)`,
    compare: 'Jetzt Preise vergleichen',
    alarm: 'Preisalarm für diesen Tank einrichten',
    compareHint: (amount: string, zip: string) => `${amount} L für PLZ ${zip}`,
  },
  chart: {
    title: 'Füllstand im Verlauf',
    ranges: { tage: 'Tage', wochen: 'Wochen', saison: 'Saison' },
    rangeGroup: 'Zeitraum',
    loading: 'Verlauf wird geladen …',
    failed: 'Der Verlauf konnte nicht geladen werden.',
    empty: 'Für diesen Zeitraum gibt es noch keine Messwerte.',
    table: 'Werte als Tabelle',
    caption: (name: string) => `Füllstand ${name}, neueste zuerst`,
    when: 'Zeitpunkt',
    litres: 'Liter',
    label: (name: string) => `Diagramm: Füllstand ${name} in Litern`,
    offline: (age: string) => `Offline-Kopie, Stand: ${age}`,
  },
  banner: {
    line: (name: string, percent: string, until: string | null) =>
      `Tank ${name}: ${percent} %${until ? ` · reicht bis ${until}` : ''}`,
    linkLabel: 'Mein meX öffnen',
  },
  retry: 'Erneut versuchen',
} as const;
