/** German UI text of the customer's order list (SPEC §2 /bestellungen). */
import { CONNECTION_LOST } from '../../api/connection';
import type { OrderStatus } from '../../api/contract/orders';

export const texts = {
  title: 'Ihre Bestellungen',
  loading: 'Ihre Bestellungen werden geladen …',
  error: 'Die Bestellungen konnten nicht geladen werden.',
  offline: `${CONNECTION_LOST} Ihre Bestellungen laden, sobald die Verbindung zurück ist.`,
  retry: 'Erneut versuchen',
  offlineCopy: (stand: string) =>
    `${CONNECTION_LOST} Sie sehen Ihre Bestellungen vom letzten Besuch (Stand: ${stand}); sie werden aktualisiert, sobald die Verbindung zurück ist.`,
  emptyTitle: 'Noch keine Bestellungen',
  empty:
    'Vergleichen Sie die Heizölpreise in Ihrer Nähe und bestellen Sie beim günstigsten Händler.',
  toCalculator: 'Jetzt Preise vergleichen',
  listLabel: 'Bestellungen, die neueste zuerst',
  orderedOn: (date: string) => `Bestellt am ${date}`,
  amount: (litres: string, product: string) => `${litres} Liter ${product}`,
  /** "Di., 01.12.2026, vormittags (7–12 Uhr)" after "Liefertermin:". */
  delivery: 'Liefertermin:',
  deliveryValue: (day: string, window: string) => `${day}, ${window}`,
  installment: (rate: string) => `12 Monatsraten à ${rate}`,
  details: 'Details',
  detailsLabel: (orderNumber: string) => `Details zur Bestellung ${orderNumber}`,
  status: {
    received: 'Eingegangen',
    confirmed: 'Bestätigt',
    delivered: 'Geliefert',
    cancelled: 'Storniert',
    declined: 'Abgelehnt',
  } satisfies Record<OrderStatus, string>,
  statusPrefix: 'Status: ',
  /** Before the dealer's reason of a declined order (decision 026). */
  declineReason: 'Grund des Händlers:',
  /** The part below the orders, when its chunk does not load ("… konnten nicht geladen werden"). */
  groupOrders: 'Ihre Sammelbestellungen',
} as const;
