/**
 * German text every order form says the same way (checkout, starting and joining a group
 * order). What differs between the forms (legends, hints, terms, buttons) each form passes in.
 */
export const orderFormTexts = {
  address: {
    title1: 'Anrede',
    title1None: 'keine Angabe',
    firstName: 'Vorname',
    lastName: 'Nachname',
    company: 'Firma (optional)',
    street: 'Straße',
    houseNumber: 'Hausnr.',
    place: 'Ort',
  },
  zip: 'PLZ',
  contactTitle: 'Kontakt',
  email: 'E-Mail',
  phone: 'Telefon',
  phoneHint: 'Der Händler ruft an, um den Liefertermin abzustimmen.',
  accessNotes: 'Hinweise für den Tankwagen (optional)',
  accessNotesHint: 'z. B. „Tank im Keller, Zugang über Hof“, Schlauchlänge, Einfahrtshöhe',
  requiredNote: 'Felder mit * müssen ausgefüllt werden.',
  prefilled: 'Aus Ihrem Kundenkonto übernommen.',
  errorSummary: (n: number) =>
    `Bitte prüfen Sie ${n === 1 ? 'ein Feld' : `${n} Felder`}: die Hinweise stehen direkt am Feld.`,
} as const;
