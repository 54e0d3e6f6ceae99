/** German UI text of the rating page and the quality badge (SPEC §2 /bewerten-sie-uns, §3). */
export const MARK_WORDS = ['Mangelhaft', 'Ausreichend', 'Befriedigend', 'Gut', 'Sehr gut'] as const;

export const texts = {
  title: 'Wie zufrieden waren Sie?',
  checking: 'Der Bewertungslink wird geprüft …',
  order: (orderNumber: string, dealer: string) => `Bestellung ${orderNumber} bei ${dealer}`,
  orderMeta: (date: string, amount: string) => `bestellt am ${date} · ${amount} Liter`,
  stars: 'Ihre Bewertung',
  starsHint: 'Wählen Sie 1 bis 5 Sterne (Pfeiltasten wechseln die Auswahl).',
  star: (n: number) => `${n} ${n === 1 ? 'Stern' : 'Sterne'}: ${MARK_WORDS[n - 1] ?? ''}`,
  markMissing: 'Bitte vergeben Sie 1 bis 5 Sterne.',
  text: 'Ihr Kommentar (optional)',
  textHint: (left: string) => `Noch ${left} Zeichen. Bitte keine persönlichen Daten angeben.`,
  submit: 'Bewertung abschicken',
  submitting: 'Wird gesendet …',
  thanksTitle: 'Vielen Dank für Ihre Bewertung!',
  thanks:
    'Ihre Bewertung hilft anderen Kundinnen und Kunden bei der Wahl ihres Heizölhändlers und fließt in die Bewertung des Händlers ein.',
  toHome: 'Zur Startseite',
  toDealer: 'Zur Seite des Händlers – dort erscheint Ihre Bewertung',
  invalidTitle: 'Dieser Bewertungslink funktioniert nicht',
  refusal: {
    unknown:
      'Der Link ist ungültig oder unvollständig. Bitte verwenden Sie den Link aus Ihrer E-Mail.',
    used: 'Diese Bestellung wurde bereits bewertet. Vielen Dank!',
    expired:
      'Der Bewertungslink ist abgelaufen. Bewertungen sind bis 30 Tage nach der Lieferung möglich.',
  },
  checkFailed: 'Der Link konnte gerade nicht geprüft werden.',
  retry: 'Erneut versuchen',
  networkError: 'Keine Verbindung zum Server. Bitte prüfen Sie Ihre Internetverbindung.',
} as const;
