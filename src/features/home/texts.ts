export const texts = {
  heroTitle: 'Heizöl günstig bestellen',
  heroLead:
    'Vergleichen Sie die Preise regionaler Händler in Deutschland, Österreich und der Schweiz – transparent, mit allen Kosten inklusive Mehrwertsteuer.',
  formTitle: 'Liefergebiet prüfen',
  zipLabel: 'PLZ',
  amountLabel: 'Liter',
  amountUnit: 'Liter',
  submit: 'Prüfen',
  checking: 'Wird geprüft …',
  resultOk: (zip: string, country: string, amount: string) =>
    `Die Postleitzahl ${zip} ist in ${country} bekannt. Der Preisvergleich für ${amount} Liter wird gerade freigeschaltet.`,
  offline: 'Sie sind offline. Die Prüfung der Postleitzahl braucht eine Verbindung.',
  errors: {
    ZIPCODE_REQ: 'Bitte geben Sie Ihre Postleitzahl ein.',
    ZIPCODE_INV: (digits: number) => `Die Postleitzahl muss aus ${digits} Ziffern bestehen.`,
    ZIPCODE_NXT: 'Diese Postleitzahl kennen wir nicht. Bitte prüfen Sie die Eingabe.',
    AMOUNT_REQ: 'Bitte geben Sie die gewünschte Menge in Litern ein.',
    AMOUNT_MIN: 'Die Mindestmenge beträgt 500 Liter.',
    AMOUNT_MAX: 'Die Höchstmenge beträgt 32.000 Liter.',
  },
  stepsTitle: 'So einfach geht’s',
  steps: [
    {
      title: 'Postleitzahl und Menge eingeben',
      text: 'Wir suchen die Händler, die zu Ihnen liefern.',
    },
    {
      title: 'Angebote vergleichen',
      text: 'Jeder Preis mit allen Zuschlägen, Lieferzeit und Bewertung.',
    },
    { title: 'Bestellen', text: 'Der Vertrag kommt direkt mit dem Händler zustande.' },
  ],
  statesTitle: (country: string) => `Liefergebiete in ${country}`,
  statesLead: (count: number, countryId: number) =>
    `Wir vergleichen Händler in allen ${count} ${countryId === 3 ? 'Kantonen' : 'Bundesländern'}.`,
  statesLoading: 'Regionen werden geladen …',
  statesError: 'Die Regionen konnten nicht geladen werden.',
  retry: 'Erneut versuchen',
} as const;
