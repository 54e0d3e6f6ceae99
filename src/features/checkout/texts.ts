/** German UI text of the checkout and the order confirmation. */
import { PRODUCT_NAME } from '../../lib/brand';

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

export const texts = {
  title: 'Bestellung abschließen',
  back: 'Zurück zu den Angeboten',
  loading: 'Ihr Angebot wird neu berechnet …',
  missingTitle: 'Kein Angebot ausgewählt',
  missing: 'Bitte wählen Sie zuerst ein Angebot aus der Angebotsliste.',
  goneTitle: 'Dieses Angebot ist nicht mehr verfügbar',
  gone: (message: string) => `${message}`,
  loadError: 'Das Angebot konnte nicht geladen werden.',
  offline: 'Keine Verbindung zum Server. Ihre Eingaben bleiben erhalten.',
  retry: 'Erneut versuchen',

  offer: {
    title: 'Ihr Angebot',
    dealer: 'Händler',
    product: 'Produkt',
    amount: 'Menge',
    amountValue: (amount: string) => `${amount} Liter`,
    stations: 'Abladestellen',
    stationsValue: (n: number) => `${n} ${plural(n, 'Abladestelle', 'Abladestellen')}`,
    change: 'ändern',
    changeLabel: 'Menge in der Angebotsliste ändern',
    changeStationsLabel: 'Abladestellen in den Einstellungen der Angebotsliste ändern',
    deliveryTime: 'Lieferzeit',
    payment: 'Zahlung',
    options: 'Optionen',
    climateNeutral: 'Klimaneutral',
    appointmentPlus: 'Wunschtermin plus',
    breakdownTitle: 'Preis im Einzelnen',
    total: 'Gesamtpreis',
    vat: (rate: string, amount: string) => `Enthält ${rate} % MwSt. (${amount})`,
    unitPrice: (price: string) => `${price} pro 100 Liter`,
    installment: (months: number, rate: string) => `${months} Monatsraten à ${rate}`,
    installmentNote: (total: string, percent: string) =>
      `Summe der Raten ${total}, effektiver Jahreszins ${percent} %`,
  },

  otherAddresses: {
    title: 'Ihre gespeicherten Adressen',
    lead: (zip: string) =>
      `Keine Ihrer gespeicherten Lieferadressen liegt in PLZ ${zip}, für die diese Preise gelten. Bitte geben Sie die Lieferadresse ein oder vergleichen Sie die Preise für eine gespeicherte Adresse:`,
    compare: (zip: string) => `Preise für PLZ ${zip} vergleichen`,
  },
  /** The form's own words; what every order form says is the kit's (src/ui/order-form/texts.ts). */
  form: {
    addressTitle: 'Lieferadresse',
    deliveryTitle: 'Anlieferung',
    zipHint: 'Für diese PLZ wurde der Preis berechnet.',
    emailHint: 'Hierhin schicken wir die Bestellbestätigung.',
    loginHint: 'Schon Kunde?',
    login: 'Anmelden',
    loginRest: 'und Adresse übernehmen – oder einfach als Gast bestellen.',
  },

  /** The delivery day, chosen from the dealer's free days. */
  delivery: {
    title: 'Liefertermin',
    hint: 'Wählen Sie den Tag, an dem der Tankwagen kommen soll. Angeboten sind die freien Tage des Händlers.',
    /** "Zeitfenster: vormittags (7–12 Uhr)": the window of the chosen delivery option. */
    window: (label: string) => `Zeitfenster: ${label}`,
    more: (n: number) => `Weitere Termine (${n})`,
    required: 'Bitte wählen Sie einen Liefertermin.',
    taken: 'Dieser Termin ist gerade vergeben. Bitte wählen Sie einen anderen Termin.',
    takenNone:
      'Dieser Termin ist gerade vergeben, und einen anderen Tag können wir gerade nicht anbieten.',
    none: 'Für dieses Angebot lässt sich kein Wunschtag wählen. Wir buchen den frühesten freien Liefertag des Händlers; er steht in Ihrer Bestellbestätigung.',
    /** Confirmation and orders: "Di., 01.12.2026, vormittags (7–12 Uhr)". */
    booked: (day: string, window: string) => `${day}, ${window}`,
  },

  terms: {
    title: 'Bedingungen',
    intro: `${PRODUCT_NAME} vermittelt Ihre Bestellung an den Händler; der Kaufvertrag kommt direkt mit dem Händler zustande, zu dessen Liefer- und Zahlungsbedingungen.`,
    withdrawal:
      'Ein Widerrufsrecht besteht bei Heizöl nicht, weil der Preis von Schwankungen auf dem Finanzmarkt abhängt, auf die der Händler keinen Einfluss hat (§ 312g Abs. 2 Nr. 8 BGB).',
    checkbox: (dealer: string) =>
      `Ich habe die Bedingungen gelesen und bestelle verbindlich bei ${dealer}.`,
    required: 'Bitte bestätigen Sie die Bedingungen.',
  },

  submit: 'Zahlungspflichtig bestellen',
  submitting: 'Bestellung wird gesendet …',
  networkError:
    'Die Bestellung konnte nicht gesendet werden: keine Verbindung. Ihre Eingaben sind erhalten – senden Sie sie erneut, es entsteht keine doppelte Bestellung.',
  serverError:
    'Die Bestellung konnte gerade nicht angenommen werden. Bitte versuchen Sie es gleich noch einmal.',
  resend: 'Erneut senden',

  priceChanged: {
    title: 'Der Preis hat sich geändert',
    previous: 'Bisher',
    current: 'Neu',
    confirm: 'Neuen Preis bestätigen',
    cancel: 'Zurück zu den Angeboten',
  },

  confirmation: {
    offlineCopy: (stand: string) =>
      `Keine Verbindung. Sie sehen diese Bestellung, wie sie beim letzten Besuch war (Stand: ${stand}).`,
    documentTitle: (orderNumber: string) => `Bestellung ${orderNumber} – ${PRODUCT_NAME}`,
    title: 'Vielen Dank für Ihre Bestellung!',
    number: 'Bestellnummer',
    sentTo: (email: string) => `Die Bestellbestätigung ist unterwegs an ${email}.`,
    loading: 'Ihre Bestellung wird geladen …',
    notFoundTitle: 'Bestellung nicht gefunden',
    notFound:
      'Diese Bestellung können wir hier nicht anzeigen. Als Gast sehen Sie sie nur im Browser, mit dem Sie bestellt haben; angemeldet finden Sie alle Bestellungen unter „Bestellungen“.',
    summary: 'Zusammenfassung',
    address: 'Lieferadresse',
    delivery: 'Liefertermin',
    /** "Liefertermin: Di., 01.12.2026, vormittags (7–12 Uhr)" under the order number. */
    deliveryLine: 'Liefertermin:',
    contact: 'Kontakt',
    accessNotes: 'Hinweise zur Anfahrt',
    vatNote: 'Alle Beträge inklusive Mehrwertsteuer.',
    nextTitle: 'So geht es weiter',
    /** `booked`: the order has its delivery day. */
    next: (dealer: string, phone: string, booked: boolean) => [
      `${dealer} prüft Ihre Bestellung und bestätigt sie.`,
      booked
        ? 'Der Tankwagen kommt am gebuchten Liefertermin. Ändert sich daran etwas, meldet sich der Händler bei Ihnen.'
        : 'Der Händler ruft Sie an oder schreibt Ihnen, um den Liefertermin abzustimmen.',
      'Nach der Lieferung bitten wir Sie per E-Mail um eine Bewertung des Händlers.',
      `Fragen zur Lieferung beantwortet ${dealer} unter ${phone}.`,
    ],
    orders: 'Zu meinen Bestellungen',
    home: 'Zur Startseite',
  },
} as const;
