export const texts = {
  title: 'Ihre Privatsphäre',
  intro:
    'Wir speichern Daten in Ihrem Browser, damit Ölkompass funktioniert. Mit Ihrer Erlaubnis merken wir uns zusätzlich Ihre Einstellungen und messen anonym, wie die Seite genutzt wird.',
  necessary: 'Notwendig',
  necessaryHint: 'Anmeldung, Sicherheit, Ihre Cookie-Auswahl und Offline-Nutzung. Immer aktiv.',
  preferences: 'Präferenzen',
  preferencesHint:
    'Merkt sich Ihre Rechner-Einstellungen (Postleitzahl, Menge, Optionen) für 7 Tage.',
  statistics: 'Statistik',
  statisticsHint:
    'Anonyme Messung von Ladezeiten und Fehlern, damit wir die Seite verbessern können.',
  allowAll: 'Alle erlauben',
  allowSelection: 'Auswahl erlauben',
  privacyLink: 'Mehr in der Datenschutzerklärung',
  settingsLink: 'Cookie-Einstellungen',
} as const;
