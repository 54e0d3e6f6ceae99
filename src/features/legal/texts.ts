export const texts = {
  imprintTitle: 'Impressum',
  privacyTitle: 'Datenschutz',
  changeConsent: 'Cookie-Einstellungen ändern',
} as const;
