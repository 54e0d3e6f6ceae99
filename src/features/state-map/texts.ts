export const texts = {
  mapLabel: (countryId: number) =>
    countryId === 3 ? 'Karte der Kantone' : 'Karte der Bundesländer',
  hint: (countryId: number) =>
    countryId === 3
      ? 'Wählen Sie einen Kanton für seine Heizölpreise.'
      : 'Wählen Sie ein Bundesland für seine Heizölpreise.',
  pointing: (name: string) => `${name}: Heizölpreise ansehen`,
  loading: 'Karte wird geladen …',
  error: 'Die Karte konnte nicht geladen werden.',
  retry: 'Erneut versuchen',
} as const;
