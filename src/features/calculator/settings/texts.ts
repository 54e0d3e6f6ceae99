/** German UI text of the settings panel (lazy chunk: kept apart from the form texts). */
export const texts = {
  title: (name: string) => `${name}: Optionen`,
  intro: 'Jede Auswahl fließt in den Gesamtpreis ein – Sie sehen später jeden Posten einzeln.',
  close: 'Fertig',
  closeIcon: 'Optionen schließen',
  loading: 'Optionen werden geladen …',
  loadError: 'Die Optionen konnten nicht geladen werden.',
  retry: 'Erneut versuchen',
  product: 'Produkt',
  premium: 'Premium-Qualität',
  premiumHint: (name: string) => `Statt Standardware: ${name}.`,
  climateNeutral: 'Klimaneutral liefern',
  stations: 'Abladestellen',
  stationsHint:
    'Mehrere Tanks an verschiedenen Adressen? Die Menge wird auf die Abladestellen verteilt.',
  stationCount: (n: number) => (n === 1 ? '1 Abladestelle' : `${n} Abladestellen`),
  /** SPEC §4/§9: installment (12 monthly rates) is offered for one unloading point only. */
  stationsInstallment:
    'Bei Ratenzahlung ist nur eine Abladestelle möglich. Für mehrere Abladestellen wählen Sie eine andere Zahlungsart.',
  appointmentSection: 'Liefertermin',
  appointmentPlus: 'Termin-Plus',
  recommended: 'Empfehlung',
  priceFrom: (price: string) => `ab +${price}`,
  priceHintLabel: (price: string) => `Aufpreis ab ${price} für Ihre Menge`,
  storageNote:
    'Ihre Auswahl merken wir uns 7 Tage auf diesem Gerät, weil Sie Präferenz-Cookies erlaubt haben.',
  notStoredNote:
    'Ihre Auswahl gilt für diesen Besuch. Um sie 7 Tage zu speichern, erlauben Sie Präferenz-Cookies.',
  consentLink: 'Cookie-Einstellungen öffnen',
} as const;
