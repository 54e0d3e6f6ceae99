import { inPlace } from '../../lib/place-name';

/** "in Deutschland", "in Österreich", "in der Schweiz". */
const inCountry = inPlace;

export const texts = {
  title: (country: string) => `Heizölpreise ${inCountry(country)}`,
  lead: 'Der Durchschnitt der Angebote unserer Händler für 3.000 Liter Heizöl EL, inklusive Mehrwertsteuer und Lieferung – täglich neu berechnet.',
  averageLabel: 'Durchschnittspreis heute',
  per100: 'je 100 Liter',
  asOf: (date: string) => `Stand: ${date}`,
  notToday: (date: string) =>
    `Nicht aktuell: Preise vom ${date}. Neuere Preise zeigen wir, sobald die Verbindung wieder steht.`,
  changeUp: (percent: string) => `${percent} % teurer als am Vortag`,
  changeDown: (percent: string) => `${percent} % günstiger als am Vortag`,
  changeNone: 'unverändert zum Vortag',
  compare: 'Preise für Ihre PLZ vergleichen',
  noPricesYet:
    'Die heutigen Preise werden gerade berechnet. Bitte schauen Sie in wenigen Minuten wieder vorbei.',
  loadFailed: 'Die Preise konnten nicht geladen werden.',
  retry: 'Erneut versuchen',
  chartTitle: 'Preisentwicklung',
  chartLabel: (country: string, range: string) => `Heizölpreis ${country}, ${range}`,
  ranges: { '1m': '1 Monat', '3m': '3 Monate', '1y': '1 Jahr', '3y': '3 Jahre' },
  rangeGroup: 'Zeitraum',
  weeklyNote: 'Drei Jahre als Wochenmittel.',
  factorsTitle: 'Was den Heizölpreis bewegt',
  factorsLead: 'Heizöl folgt dem Rohöl- und Gasölmarkt und dem Wechselkurs. Die letzten 30 Tage:',
  faqTitle: 'Häufige Fragen zum Heizölpreis',
  faqHigh: 'Wann war Heizöl in den letzten drei Jahren am teuersten?',
  faqHighAnswer: (date: string, price: string) =>
    `Am ${date}: im Durchschnitt ${price} je 100 Liter bei 3.000 Litern.`,
  faqLow: 'Wann war Heizöl in den letzten drei Jahren am günstigsten?',
  faqLowAnswer: (date: string, price: string) =>
    `Am ${date}: im Durchschnitt ${price} je 100 Liter bei 3.000 Litern.`,
  faqMade: 'Woraus setzt sich der Heizölpreis zusammen?',
  faqMadeAnswer:
    'Aus dem Produktpreis (Gasöl an der Börse in US-Dollar, umgerechnet in Ihre Währung), der Energiesteuer, dem CO₂-Preis, den Kosten des Händlers für Lager und Lieferung und der Mehrwertsteuer. Im Winter ist die Nachfrage höher, im Sommer meist niedriger.',
  faqWhen: 'Wann kaufe ich am besten?',
  faqWhenAnswer:
    'Niemand kennt den Preis von morgen. Wer flexibel ist, bestellt außerhalb der Heizsaison und beobachtet die Preisentwicklung; ab 3.000 Litern sinkt der Preis je Liter deutlich.',
  statesTitle: (countryId: number) =>
    `Heizölpreise nach ${countryId === 3 ? 'Kanton' : 'Bundesland'}`,
  statesLead: (countryId: number) =>
    `Wählen Sie ${countryId === 3 ? 'Ihren Kanton' : 'Ihr Bundesland'} für die Preise vor Ort.`,
} as const;

/** The local price pages (SPEC §2 /heizoelpreise/{state}/{county?}/{town?}). */
export const localTexts = {
  title: (name: string) => `Heizölpreise ${inPlace(name)}`,
  lead: (level: 'state' | 'county' | 'town') =>
    level === 'town'
      ? 'Der Durchschnitt der Angebote, die unsere Händler heute für diesen Ort machen: 3.000 Liter Heizöl EL, inklusive Mehrwertsteuer und Lieferung.'
      : 'Der Durchschnitt der Angebote unserer Händler in dieser Region für 3.000 Liter Heizöl EL, inklusive Mehrwertsteuer und Lieferung – täglich neu berechnet.',
  priceLabel: 'Heizölpreis heute',
  noPrice:
    'Für diesen Ort liefert heute kein Händler zum Standardpreis. Geben Sie Ihre Menge ein – wir suchen trotzdem.',
  comparedWith: (percent: string, direction: 'up' | 'down' | 'none', country: string) =>
    direction === 'none'
      ? `genau im Durchschnitt ${country}`
      : `${percent} % ${direction === 'up' ? 'über' : 'unter'} dem Durchschnitt ${country}`,
  calculatorTitle: (name: string) => `Heizöl für ${name} berechnen`,
  otherCountry: (country: string) =>
    `Diese Seite zeigt Preise ${country}. Ihr Preisrechner ist auf ein anderes Land eingestellt.`,
  switchCountry: (country: string) => `Für ${country} rechnen`,
  countySeriesNote: (county: string) =>
    `Der Verlauf zeigt ${county}; der heutige Preis oben gilt für diesen Ort.`,
  placesTitle: (title: string, place: string) => `${title} ${inPlace(place)}`,
  townsTitle: (county: string) => `Weitere Orte ${inPlace(county)}`,
  place: 'Ort',
  price: 'Preis je 100 l',
  before: 'Vortag',
  change: 'Veränderung',
  notFoundTitle: 'Diesen Ort kennen wir nicht',
  notFoundText:
    'Zu dieser Adresse gibt es keine Preisseite. Vielleicht hat sich ein Tippfehler eingeschlichen – auf der Übersicht finden Sie jedes Bundesland, jeden Landkreis und jeden Ort.',
  notFoundLink: 'Zur Preisübersicht',
} as const;
