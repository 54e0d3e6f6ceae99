/**
 * The orders screen's rules without React: the order of the status groups and of the orders in
 * them, a Sammelbestellung's households as one tour, the depot choices, the day's tour list and
 * the check of a decline reason (the contract's bounds, German messages).
 */
import {
  DECLINE_REASON_MAX,
  DECLINE_REASON_MIN,
  type DealerOrder,
} from '../../api/contract/dealer-area';
import type { OrderStatus } from '../../api/contract/orders';
import { texts } from './texts';

/** The groups as the dealer works through them: what to decide first, what is closed last. */
export const STATUS_ORDER: readonly OrderStatus[] = [
  'received',
  'confirmed',
  'declined',
  'delivered',
  'cancelled',
];

/** A window's place in a day's tour: mornings first, the whole-day stops between. */
const WINDOW_ORDER = { vormittags: 0, ganztags: 1, nachmittags: 2 } as const;

/** By delivery day and window (orders without a booking last), then by order number. */
export function compareOrders(a: DealerOrder, b: DealerOrder): number {
  const dayA = a.Delivery?.Date ?? '9999-99-99';
  const dayB = b.Delivery?.Date ?? '9999-99-99';
  if (dayA !== dayB) return dayA < dayB ? -1 : 1;
  const windowA = a.Delivery ? WINDOW_ORDER[a.Delivery.Window] : 3;
  const windowB = b.Delivery ? WINDOW_ORDER[b.Delivery.Window] : 3;
  if (windowA !== windowB) return windowA - windowB;
  return a.OrderNumber.localeCompare(b.OrderNumber);
}

/** One order, or a Sammelbestellung's households that go out as one tour. */
export type Entry =
  | { kind: 'order'; order: DealerOrder }
  | { kind: 'tour'; groupOrderId: number; orders: DealerOrder[] };

export interface StatusGroup {
  status: OrderStatus;
  entries: Entry[];
  count: number;
}

/** The households of one group at the place of its first one; a group of one stays an order. */
function entriesOf(orders: readonly DealerOrder[]): Entry[] {
  const entries: Entry[] = [];
  const tours = new Map<number, DealerOrder[]>();
  for (const order of orders) {
    const group = order.GroupOrderId;
    if (group === null) {
      entries.push({ kind: 'order', order });
      continue;
    }
    const tour = tours.get(group);
    if (tour) {
      tour.push(order);
      continue;
    }
    const households = [order];
    tours.set(group, households);
    entries.push({ kind: 'tour', groupOrderId: group, orders: households });
  }
  return entries.map((e) =>
    e.kind === 'tour' && e.orders.length === 1 && e.orders[0]
      ? { kind: 'order', order: e.orders[0] }
      : e,
  );
}

/** The non-empty status groups in STATUS_ORDER, each sorted by day and window. */
export function groupByStatus(orders: readonly DealerOrder[]): StatusGroup[] {
  return STATUS_ORDER.map((status) => {
    const own = orders.filter((o) => o.Status === status).sort(compareOrders);
    return { status, entries: entriesOf(own), count: own.length };
  }).filter((g) => g.count > 0);
}

/** The depots the orders start from (0: the seat), in order. */
export function depotsOf(orders: readonly DealerOrder[]): number[] {
  const ids = new Set<number>();
  for (const o of orders) if (o.DepotId !== null) ids.add(o.DepotId);
  return [...ids].sort((a, b) => a - b);
}

export function depotName(id: number): string {
  return id === 0 ? texts.filters.seat : texts.filters.branch(id);
}

/** The tour list of a day: its confirmed orders, in the order the truck drives them. */
export function tourOf(orders: readonly DealerOrder[], day: string): DealerOrder[] {
  return orders
    .filter((o) => o.Status === 'confirmed' && o.Delivery?.Date === day)
    .sort(compareOrders);
}

/** The order list with `changed` in place of the order of the same id. */
export function withOrder(orders: readonly DealerOrder[], changed: DealerOrder): DealerOrder[] {
  return orders.map((o) => (o.Id === changed.Id ? changed : o));
}

/** What is wrong with a decline reason as typed, in German; undefined when it can be sent. */
export function reasonError(text: string): string | undefined {
  const length = text.trim().length;
  if (length < DECLINE_REASON_MIN) return texts.decline.tooShort(DECLINE_REASON_MIN);
  if (length > DECLINE_REASON_MAX) return texts.decline.tooLong(DECLINE_REASON_MAX);
  return undefined;
}

const ISO_DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A day of the address (yyyy-mm-dd), else undefined (all days). */
export function dayOf(text: string | null): string | undefined {
  return text && ISO_DAY.test(text) ? text : undefined;
}

/** A whole number from `min` in the address, else undefined. */
export function idOf(text: string | null, min: number): number | undefined {
  if (!text || !/^\d{1,9}$/.test(text)) return undefined;
  const id = Number(text);
  return id >= min ? id : undefined;
}

/** "Chausseestraße 12, 10115 Berlin" */
export function addressLine(order: DealerOrder): string {
  const a = order.DeliveryAddress;
  return `${a.Street} ${a.HouseNumber}, ${a.ZipCode} ${a.Place}`;
}
