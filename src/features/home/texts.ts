export const texts = {
  heroTitle: 'Heizöl günstig bestellen',
  heroLead:
    'Vergleichen Sie die Preise regionaler Händler in Deutschland, Österreich und der Schweiz – transparent, mit allen Kosten inklusive Mehrwertsteuer.',
  calculatorTitle: 'Heizölpreise vergleichen',
  dieselLink: 'Diesel statt Heizöl? Zum Diesel-Rechner',
  /** "Heute ab 98,45 € / 100 Liter" */
  bestPricePrefix: 'Heute ab',
  bestPriceUnit: '/ 100 Liter',
  bestPriceNote: (amount: string) => `günstigster Preis bei ${amount} Litern, inkl. MwSt.`,
  bestPriceLoading: 'Tagesbestpreis wird geladen …',
  trust: ['Alle Kosten inklusive', 'Regionale Händler', 'Kostenlos vergleichen'],
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
  guideTeaserTitle: 'Verbraucht Ihr Haus zu viel Heizöl?',
  guideTeaserText:
    'Vergleichen Sie Ihren Verbrauch in zwei Minuten mit ähnlichen Gebäuden und sehen Sie, was Sie im Jahr sparen können.',
  guideTeaserLink: 'Heizölverbrauch vergleichen',
} as const;
