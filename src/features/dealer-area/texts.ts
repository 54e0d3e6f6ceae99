/** German UI text of the dealer area (Händlerbereich, decision 026): the orders screen. */
import { CONNECTION_LOST } from '../../api/connection';
import type { OrderStatus } from '../../api/contract/orders';

export const texts = {
  title: 'Händlerbereich',
  /** The sub-navigation: only the screens that exist. */
  sections: 'Bereiche des Händlerbereichs',
  orders: 'Aufträge',
  loading: 'Die Aufträge werden geladen …',
  error: 'Die Aufträge konnten nicht geladen werden.',
  offline: `${CONNECTION_LOST} Die Aufträge laden, sobald die Verbindung zurück ist.`,
  retry: 'Erneut versuchen',
  emptyDay: 'Für diesen Tag liegen keine Aufträge vor.',
  emptyAll: 'Es liegen keine Aufträge vor.',
  filters: {
    legend: 'Aufträge filtern',
    day: 'Liefertag',
    dayHint: 'Ohne Datum: alle Aufträge, nach Liefertag sortiert.',
    allDays: 'Alle Tage zeigen',
    depot: 'Depot',
    allDepots: 'Alle Depots',
    seat: 'Sitz',
    branch: (id: number) => `Niederlassung ${id}`,
  },
  /** Dealer support and admins name the dealer whose orders they act on. */
  staff: {
    legend: 'Händler wählen',
    dealer: 'Händler-Nummer',
    hint: 'Die Nummer des Händlers, für den Sie handeln.',
    show: 'Aufträge anzeigen',
    invalid: 'Bitte geben Sie eine Händler-Nummer ein (eine ganze Zahl ab 1).',
    choose: 'Wählen Sie einen Händler, um seine Aufträge zu sehen.',
  },
  status: {
    received: 'Neu',
    confirmed: 'Bestätigt',
    declined: 'Abgelehnt',
    delivered: 'Geliefert',
    cancelled: 'Storniert',
  } satisfies Record<OrderStatus, string>,
  statusPrefix: 'Status: ',
  sectionLabel: (status: string, count: number) =>
    `${status} (${count} ${count === 1 ? 'Auftrag' : 'Aufträge'})`,
  order: {
    number: 'Auftrag',
    customer: 'Kunde',
    delivery: 'Liefertermin',
    noDelivery: 'kein Termin gebucht',
    deliveryValue: (day: string, window: string) => `${day}, ${window}`,
    product: 'Produkt',
    amount: (litres: string, product: string) => `${litres} Liter ${product}`,
    stations: 'Abladestellen',
    address: 'Lieferadresse',
    accessNotes: 'Zufahrt',
    phone: 'Telefon',
    phoneLabel: (name: string) => `${name} anrufen`,
    reason: 'Grund der Ablehnung',
  },
  tour: {
    heading: (id: number, count: number) =>
      `Sammelbestellung ${id}: eine Tour, ${count} ${count === 1 ? 'Haushalt' : 'Haushalte'}`,
  },
  actions: {
    confirm: 'Bestätigen',
    decline: 'Ablehnen',
    deliver: 'Als geliefert markieren',
    busy: 'Wird gesendet …',
    label: (action: string, orderNumber: string) => `${action}: Auftrag ${orderNumber}`,
    done: {
      confirmed: (n: string) => `Auftrag ${n} ist bestätigt.`,
      declined: (n: string) => `Auftrag ${n} ist abgelehnt; der Kunde wird benachrichtigt.`,
      delivered: (n: string) => `Auftrag ${n} ist als geliefert markiert.`,
    },
    failed: 'Das hat nicht geklappt.',
    network: 'Keine Verbindung zum Server. Bitte versuchen Sie es erneut.',
  },
  decline: {
    legend: (orderNumber: string) => `Auftrag ${orderNumber} ablehnen`,
    reason: 'Grund der Ablehnung',
    hint: (min: number, max: number) =>
      `${min} bis ${max} Zeichen. Der Kunde sieht den Grund in seinen Bestellungen.`,
    submit: 'Ablehnung senden',
    cancel: 'Abbrechen',
    tooShort: (min: number) =>
      `Bitte geben Sie einen Grund für die Ablehnung an (mindestens ${min} Zeichen).`,
    tooLong: (max: number) => `Der Grund darf höchstens ${max} Zeichen lang sein.`,
    count: (n: number, max: number) => `${n} von ${max} Zeichen`,
  },
  print: {
    button: 'Tourliste drucken',
    needsDay: 'Für die Tourliste wählen Sie einen Liefertag.',
    title: (day: string, dealer: string) => `Tourliste ${day} – ${dealer}`,
    none: 'Für diesen Tag gibt es keine bestätigten Aufträge.',
    columns: {
      window: 'Zeitfenster',
      number: 'Auftrag',
      customer: 'Kunde',
      address: 'Adresse',
      amount: 'Liter',
      product: 'Produkt',
      stations: 'Abladestellen',
      notes: 'Zufahrt',
      phone: 'Telefon',
    },
  },
} as const;
