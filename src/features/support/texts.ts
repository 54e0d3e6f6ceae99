export const texts = {
  title: 'Benutzer suchen',
  lead: 'Finden Sie Kundinnen und Kunden nach Name oder E-Mail-Adresse und handeln Sie in ihrem Namen, um bei Bestellungen zu helfen.',
  searchLabel: 'Name oder E-Mail',
  searchPlaceholder: 'z. B. mustermann oder erika@example.de',
  searching: 'Suche läuft …',
  resultCount: (n: number, limit: number) =>
    n === 0
      ? 'Keine Treffer'
      : n >= limit
        ? `Die ersten ${n} Treffer – verfeinern Sie die Suche, um weitere zu finden.`
        : n === 1
          ? '1 Treffer'
          : `${n} Treffer`,
  empty: (query: string) =>
    query ? `Keine Benutzer gefunden für „${query}“.` : 'Es gibt noch keine Benutzer.',
  emptyHint: 'Prüfen Sie die Schreibweise oder suchen Sie nach einem Teil der E-Mail-Adresse.',
  error: 'Die Suche hat nicht geklappt.',
  retry: 'Erneut versuchen',
  columns: { name: 'Name', email: 'E-Mail', roles: 'Rollen', action: 'Aktion' },
  impersonate: 'Als Kunde handeln',
  impersonating: 'Wird gestartet …',
  impersonateLabel: (name: string) => `Als ${name} handeln`,
  impersonateFailed: 'Die Support-Sitzung konnte nicht gestartet werden.',
  staffOnly: 'Nur Kundenkonten',
  noName: '(ohne Namen)',
  roles: {
    Role_Customer: 'Kunde',
    Role_Press: 'Presse',
    Role_AdvertisingPartner: 'Werbepartner',
    Admin: 'Administrator',
    DealerSupport: 'Händler-Support',
    CustomerSupport: 'Kunden-Support',
    Editor: 'Redaktion',
    Financial: 'Finanzen',
    Marketing: 'Marketing',
    meXSupport: 'meX-Support',
    AdManager: 'Anzeigenverwaltung',
  } as Record<string, string>,
} as const;
