export const texts = {
  heroTitle: 'Heizöl günstig bestellen',
  heroLead:
    'Vergleichen Sie die Preise regionaler Händler in Deutschland, Österreich und der Schweiz – transparent, mit allen Kosten inklusive Mehrwertsteuer.',
  calculatorTitle: 'Heizölpreise vergleichen',
  dieselLink: 'Diesel statt Heizöl? Zum Diesel-Rechner',
  /** "Heute ab 98,45 € / 100 Liter" */
  bestPricePrefix: 'Heute ab',
  /** The country's average over 30 days (price-trend.tsx). */
  trend: (change: string) => `Durchschnittspreis 30 Tage: ${change}`,
  /** Offline, the last-known price of an earlier day. */
  bestPricePrefixOld: 'Zuletzt ab',
  bestPriceAt: (when: string) => `Stand: ${when}`,
  bestPriceUnit: '/ 100 Liter',
  bestPriceNote: (amount: string) => `günstigster Preis bei ${amount} Litern, inkl. MwSt.`,
  bestPriceLoading: 'Tagesbestpreis wird geladen …',
  carousel: {
    label: 'Darauf können Sie sich verlassen',
    roleCarousel: 'Karussell',
    roleSlide: 'Folie',
    position: (n: number, of: number) => `${n} von ${of}`,
    showSlide: (n: number, title: string) => `Folie ${n}: ${title}`,
    previous: 'Vorherige Folie',
    next: 'Nächste Folie',
    pause: 'Karussell anhalten',
    play: 'Karussell abspielen',
    slides: [
      {
        icon: 'price',
        title: 'Endpreise ohne Überraschung',
        text: 'Mehrwertsteuer, Zuschläge und Lieferung sind in jedem Preis schon enthalten.',
      },
      {
        icon: 'region',
        title: 'Händler aus Ihrer Region',
        text: 'Sie sehen nur Angebote von Händlern, die an Ihre Postleitzahl liefern.',
      },
      {
        icon: 'star',
        title: 'Bewertungen echter Kunden',
        text: 'Bewerten kann nur, wer über uns bestellt hat – jede Bewertung mit Datum.',
      },
      {
        icon: 'calendar',
        title: 'Preise von heute',
        text: 'Die Händler pflegen ihre Preise täglich; der Vergleich ist kostenlos.',
      },
      {
        icon: 'lock',
        title: 'Sicher bestellen',
        text: 'Verschlüsselte Übertragung, der Vertrag kommt direkt mit dem Händler zustande.',
      },
    ],
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
  statesTitle: (country: string) => `Heizölpreise in ${country}`,
  statesLead: (count: number, countryId: number) =>
    `Wir vergleichen Händler in allen ${count} ${countryId === 3 ? 'Kantonen' : 'Bundesländern'}. Wählen Sie Ihr${countryId === 3 ? 'en Kanton' : ' Bundesland'} für die Preise vor Ort.`,
  statesLoading: 'Regionen werden geladen …',
  statesError: 'Die Regionen konnten nicht geladen werden.',
  retry: 'Erneut versuchen',
  guideTeaserTitle: 'Verbraucht Ihr Haus zu viel Heizöl?',
  guideTeaserText:
    'Vergleichen Sie Ihren Verbrauch in zwei Minuten mit ähnlichen Gebäuden und sehen Sie, was Sie im Jahr sparen können.',
  guideTeaserLink: 'Heizölverbrauch vergleichen',
  featuredTitle: 'Aus unserem Ratgeber',
  featuredAll: 'Alle Artikel',
} as const;
