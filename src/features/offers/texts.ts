/** German UI text of the offer list (SPEC §2 Offer list and calculator). */
import { CONNECTION_LOST } from '../../api/connection';
import type { DeliveryLoad } from '../../api/contract/delivery';
import { PRODUCT_NAME } from '../../lib/brand';

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

export const texts = {
  pageTitle: (productGroupId: number) =>
    productGroupId === 2 ? 'Dieselpreise vergleichen' : 'Heizölpreise vergleichen',
  documentTitle: (productGroupId: number, zip: string) =>
    `${productGroupId === 2 ? 'Diesel' : 'Heizöl'}-Angebote${zip ? ` für PLZ ${zip}` : ''} – ${PRODUCT_NAME}`,
  /** "12 Angebote für 3.000 Liter Heizöl EL schwefelarm nach PLZ 10115" */
  summary: (count: number, amount: string, product: string, zip: string) =>
    `${count} ${plural(count, 'Angebot', 'Angebote')} für ${amount} Liter ${product} nach PLZ ${zip}`,
  summaryOtherQuery: ' – nicht aktuell',
  summaryCalculating: (amount: string, product: string, zip: string) =>
    `Angebote für ${amount} Liter ${product} nach PLZ ${zip} werden berechnet …`,
  summaryNoProduct: 'Heizöl',
  summaryNoProductDiesel: 'Diesel',
  eyebrow: (productGroupId: number) =>
    productGroupId === 2 ? 'Diesel-Preisvergleich' : 'Heizöl-Preisvergleich',
  selection: {
    title: 'Ihre Auswahl',
    zip: 'Lieferung nach',
    noZip: 'noch keine PLZ',
    amount: 'Menge',
    liters: (amount: string) => `${amount} Liter`,
    product: 'Produkt',
  },
  optionStations: 'Abladestellen',
  yes: 'ja',
  stations: (n: number) => `${n} ${plural(n, 'Abladestelle', 'Abladestellen')}`,
  climateNeutral: 'Klimaneutral',
  appointmentPlus: 'Wunschtermin plus',
  resultsTitle: 'Angebote',
  listLabel: (sort: 'price' | 'rating' | 'delivery') =>
    `Angebote, sortiert nach ${sort === 'price' ? 'Gesamtpreis' : sort === 'rating' ? 'Bewertung' : 'Lieferzeit'}`,
  allInclusive: 'Alle Preise inklusive Mehrwertsteuer und aller gewählten Zuschläge.',
  /** "Stand: heute, 14:32 Uhr" */
  calculatedAt: (when: string) => `Stand: ${when}`,
  updating: 'wird aktualisiert …',

  /** How busy the dealers delivering to the postal code are (DELIVERY_LOADS). */
  deliveryLoad: {
    label: 'Lieferzeiten in Ihrer Region:',
    // The contract's DELIVERY_LOAD_LABELS say the same; its module would bring zod to the list.
    levels: { normal: 'normal', elevated: 'erhöht', high: 'hoch' } satisfies Record<
      DeliveryLoad,
      string
    >,
    notes: {
      normal: '',
      elevated: 'Viele Händler sind gut ausgelastet, frühe Liefertage werden knapper.',
      high: 'Die Händler sind stark ausgelastet. Rechnen Sie mit späteren Lieferterminen.',
    } satisfies Record<DeliveryLoad, string>,
  },

  /** Offers shown although they are not the current answer. */
  stale: {
    title: 'Nicht aktuell',
    offline: `${CONNECTION_LOST} Sie sehen die zuletzt berechneten Angebote; sobald die Verbindung zurück ist, berechnen wir sie neu.`,
    failed:
      'Die Angebote konnten gerade nicht neu berechnet werden. Sie sehen die zuletzt berechneten; wir versuchen es gleich noch einmal.',
    otherQuery: (amount: string, zip: string) =>
      `Sie gelten für ${amount} Liter nach PLZ ${zip}, nicht für Ihre geänderte Auswahl.`,
    order: 'Beim Bestellen prüfen wir den aktuellen Preis des Händlers.',
    retry: 'Jetzt aktualisieren',
  },

  edit: {
    changeZip: 'Andere PLZ eingeben',
    changeAmount: 'Menge ändern',
    options: 'Optionen ändern',
  },

  sort: {
    label: 'Sortieren nach',
    price: 'Preis',
    rating: 'Bewertung',
    delivery: 'Lieferzeit',
  },

  states: {
    calculating: 'Angebote werden berechnet …',
    recalculating: 'Angebote werden neu berechnet …',
    emptyTitle: 'Keine Angebote für diese Postleitzahl',
    empty: (zip: string) =>
      `Für PLZ ${zip} liefert derzeit kein Händler. Prüfen Sie die Postleitzahl oder versuchen Sie es mit einer Nachbar-PLZ.`,
    errorTitle: 'Die Angebote konnten nicht berechnet werden',
    error: 'Bitte versuchen Sie es in einem Moment noch einmal.',
    offline: `${CONNECTION_LOST} Für aktuelle Preise braucht es eine Verbindung; sobald sie zurück ist, berechnen wir die Angebote.`,
    retry: 'Erneut versuchen',
    refusedTitle: 'Noch keine Angebote',
    zipMissing:
      'Bitte geben Sie Ihre Postleitzahl ein, damit wir die Händler in Ihrer Nähe finden.',
    zipInvalid: (digits: number) =>
      `Die Postleitzahl muss aus ${digits} Ziffern bestehen. Bitte geben Sie sie neu ein.`,
    amountTooLow: (min: string) =>
      `Die Menge ist zu klein: Angebote gibt es ab ${min} Litern. Bitte geben Sie eine größere Menge ein.`,
    amountTooHigh: (max: string) =>
      `Die Höchstmenge beträgt ${max} Liter je Bestellung. Bitte geben Sie eine kleinere Menge ein.`,
    refusedByServer: (message: string) => message,
    notCalculable:
      'Mit dieser Auswahl lassen sich keine Angebote berechnen. Bitte prüfen Sie Postleitzahl und Menge.',
  },

  card: {
    places: { 1: 'Bestpreis', 2: '2. Platz', 3: '3. Platz' } as Record<1 | 2 | 3, string>,
    rating: (rating: string, count: string, n: number) =>
      `${rating} von 5 Sternen, ${count} ${plural(n, 'Bewertung', 'Bewertungen')}`,
    ratingCount: (count: string, n: number) =>
      `(${count} ${plural(n, 'Bewertung', 'Bewertungen')})`,
    noRatings: 'Noch keine Bewertungen',
    distance: (km: string) => `${km} km entfernt`,
    /** Measured from a branch in another town than the seat named before it. */
    distanceFrom: (km: string, place: string) => `${km} km ab Niederlassung ${place}`,
    deliveryTime: 'Lieferzeit',
    /** "Lieferung ab Di., 01.12." (the first day the dealer has room). */
    earliestDelivery: 'Lieferung ab',
    payment: 'Zahlung',
    unitPrice: 'pro 100 Liter',
    total: 'Gesamtpreis',
    installment: (months: number, rate: string) => `${months} × ${rate} monatlich`,
    installmentRate: (months: number, rate: string) => `${months} × ${rate}`,
    monthly: 'monatlich',
    installmentTotal: (total: string, rate: string) =>
      `Summe der Raten ${total}, effektiver Jahreszins ${rate} %`,
    breakdownShow: 'Preisdetails anzeigen',
    breakdownHide: 'Preisdetails ausblenden',
    breakdownTitle: (dealer: string) => `Preisdetails ${dealer}`,
    breakdownTotal: 'Gesamtpreis',
    vat: (rate: string, amount: string) => `darin enthalten ${rate} % MwSt.: ${amount}`,
    order: 'Bestellen',
    orderLabel: (dealer: string) => `Bei ${dealer} bestellen`,
    /** The list is another query's (a failed recalculation): the button says what it orders. */
    orderAmount: (amount: string) => `${amount} L bestellen`,
    orderAmountLabel: (dealer: string, amount: string, zip: string) =>
      `Bei ${dealer} ${amount} Liter nach PLZ ${zip} bestellen`,
    favourite: 'Ihr Favorit',
  },

  /** SPEC §7 set/favourite: the heart on an offer card (logged-in customers only). */
  favourite: {
    /** The button's name never changes; aria-pressed carries the state (WAI-ARIA APG). */
    label: 'Als Favorit merken',
    /** Tooltip for mouse users: what a click does now. */
    add: 'Händler als Favorit merken',
    remove: 'Favorit entfernen',
    failed: (dealer: string, state: boolean) =>
      state
        ? `${dealer} konnte nicht als Favorit gemerkt werden. Bitte versuchen Sie es noch einmal.`
        : `Der Favorit ${dealer} konnte nicht entfernt werden. Bitte versuchen Sie es noch einmal.`,
    loginAgain: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
    dismiss: 'Schließen',
  },
  /** The entry to a group order after the list. */
  group: {
    title: 'Mit Nachbarn bestellen',
    text: 'Starten Sie eine Sammelbestellung: Nachbarn machen per Link mit, und je mehr Liter zusammenkommen, desto günstiger wird es für alle. Jeder Haushalt bestellt für sich – niemand haftet für einen anderen.',
    start: 'Sammelbestellung starten',
    login: 'Anmelden und Sammelbestellung starten',
    loginHint: 'Für eine Sammelbestellung melden Sie sich an oder registrieren sich kostenlos.',
  },
} as const;
