/** German UI text of the calculator (SPEC §2, §5 message keys). */
import type { ZipError, AmountError } from './validation';

export const texts = {
  zipLabel: 'PLZ',
  zipPlaceholder: (digits: number) => `${digits} Ziffern`,
  amountLabel: 'Liter',
  amountUnit: 'Liter',
  submit: 'Preise vergleichen',
  submitShort: 'Vergleichen',
  submitting: 'Einen Moment …',
  formLabel: (productName: string) => `${productName}: Preise vergleichen`,
  /** SPEC §2: the settings button reads "heating-oil calculator" / "diesel calculator". */
  calculatorName: (productGroupId: number) =>
    productGroupId === 2 ? 'Diesel-Rechner' : 'Heizöl-Rechner',
  settingsButton: 'Optionen',
  settingsButtonLabel: (name: string, upsells: number) =>
    upsells > 0
      ? `${name}: Optionen ändern (${upsells} ${upsells === 1 ? 'Empfehlung' : 'Empfehlungen'})`
      : `${name}: Optionen ändern`,
  upsellBadgeTitle: (n: number) =>
    `${n} ${n === 1 ? 'weitere Option' : 'weitere Optionen'} für Ihre Bestellung`,
  errors: {
    ZIPCODE_REQ: 'Bitte geben Sie Ihre Postleitzahl ein.',
    ZIPCODE_INV: (digits: number, inCountry: string) =>
      `Eine Postleitzahl ${inCountry} hat ${digits} Ziffern. Bitte prüfen Sie Ihre Eingabe.`,
    ZIPCODE_NXT:
      'Diese Postleitzahl konnten wir nicht finden. Bitte prüfen Sie, ob sie richtig ist.',
    ZIPCODE_CHK:
      'Die Postleitzahl konnte gerade nicht geprüft werden, weil keine Verbindung besteht. Wir prüfen sie, sobald die Verbindung wieder da ist.',
    AMOUNT_REQ: 'Bitte geben Sie die gewünschte Menge in Litern ein.',
    AMOUNT_MIN: 'Die Mindestmenge beträgt 500 Liter.',
    AMOUNT_MAX: 'Die Höchstmenge beträgt 32.000 Liter je Bestellung.',
  },
  validation: {
    /** CALCULATOR.VALIDATION.HEADER */
    header: 'Bitte prüfen Sie Ihre Eingaben',
    intro: 'Damit wir Ihnen Angebote zeigen können, fehlt noch etwas:',
    close: 'Schließen',
    fix: 'Eingaben korrigieren',
  },
  zipChecking: 'Postleitzahl wird geprüft …',
  bar: {
    title: 'Preise vergleichen',
    summary: (zip: string, amount: string) =>
      zip ? `PLZ ${zip} · ${amount} Liter` : `${amount} Liter · PLZ eingeben`,
    expand: 'Ändern',
    collapse: 'Schließen',
  },
  simple: {
    title: 'Heizölpreise in Ihrer Region vergleichen',
  },
  /** SPEC §3 Banner data in the calculator bar. */
  banner: {
    local: (zip: string, unit: string) => `Heute für PLZ ${zip}: ab ${unit} je 100 Liter`,
    /** A kept answer of an earlier day (offline): not "Heute", and its day always in view. */
    localOld: (zip: string, unit: string, day: string) =>
      `Am ${day} für PLZ ${zip}: ab ${unit} je 100 Liter`,
    /** After a visually hidden "Durchschnitt" / the visible "Ø". */
    country: (country: string, unit: string) => ` ${country}: ${unit} je 100 Liter`,
    average: 'Durchschnitt',
    total: (total: string, amount: string) => ` · ${total} für ${amount} Liter`,
    asOfTime: (time: string) => ` · Stand ${time} Uhr`,
    asOfDay: (day: string) => ` · Stand ${day}`,
  },
} as const;

/** "in Deutschland", "in Österreich", "in der Schweiz" */
const inCountry = (locale: { code: string; countryName: string }) =>
  locale.code === 'ch' ? `in der ${locale.countryName}` : `in ${locale.countryName}`;

export function zipErrorText(
  error: ZipError,
  locale: { zipLength: number; code: string; countryName: string },
): string {
  return error === 'ZIPCODE_INV'
    ? texts.errors.ZIPCODE_INV(locale.zipLength, inCountry(locale))
    : texts.errors[error];
}

export function amountErrorText(error: AmountError): string {
  return texts.errors[error];
}
