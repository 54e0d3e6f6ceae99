/**
 * The customer's last order list and the orders they opened, for offline: kept in the
 * app's IndexedDB 'settings' table under `orders:list:<userId>` and
 * `orders:detail:<userId>:<orderNumber>` with the time they were loaded, so only that customer
 * sees them, shown with their age when they cannot be loaded, removed at logout
 * (forgetPersonalCopies). Written once the page has settled (src/lib/idle.ts), as the other
 * offline copies are.
 */
import { z } from 'zod/mini';
import type { Order, OrderListItem } from '../../api/contract/orders';
import { databaseMayExist } from '../../db/exists';
import { loadDb } from '../../db/load';
import { whenSettled } from '../../lib/idle';
import { lazyImport } from '../../lib/lazy-import';
import { sessionState } from '../session';

const ordersContract = lazyImport(() => import('../../api/contract/orders'));
type OrdersContract = Awaited<ReturnType<typeof ordersContract>>;

export const ORDERS_COPY_PREFIX = 'orders:list:';

const listKey = (userId: string) => `${ORDERS_COPY_PREFIX}${userId}`;
const detailKey = (userId: string, orderNumber: string) => `orders:detail:${userId}:${orderNumber}`;

export interface OrdersCopy {
  SavedAt: string;
  Orders: OrderListItem[];
}

export interface OrderCopy {
  SavedAt: string;
  Order: Order;
}

/**
 * Keeps `value` with the time under `key` (quietly: a full disk only loses the copy). Written a
 * moment later: not if the customer has logged out meanwhile (logout removed the copies already;
 * written now, one would outlive the session).
 */
function keep(userId: string, key: string, value: Record<string, unknown>): void {
  whenSettled(() => {
    if (!sessionState.LoggedIn || sessionState.User?.id !== userId) return;
    loadDb()
      .then(({ writeSetting }) =>
        writeSetting(key, { SavedAt: new Date().toISOString(), ...value }),
      )
      .catch((error: unknown) => console.warn('Bestellungen nicht für offline gespeichert', error));
  });
}

/** The copy under `key`, or undefined (none, unreadable, or no longer fitting its schema). */
async function read<S extends z.ZodMiniType>(
  key: string,
  schemaOf: (contract: OrdersContract) => S,
): Promise<z.infer<S> | undefined> {
  try {
    if (!(await databaseMayExist())) return undefined;
    const [{ readSetting }, contract] = await Promise.all([loadDb(), ordersContract()]);
    return await readSetting(key, schemaOf(contract));
  } catch {
    return undefined;
  }
}

/** Keeps the list as the customer's copy. */
export function keepOrders(userId: string, orders: OrderListItem[]): void {
  keep(userId, listKey(userId), { Orders: orders });
}

/** The customer's kept list, or undefined. */
export function readOrders(userId: string): Promise<OrdersCopy | undefined> {
  return read(listKey(userId), (c) =>
    z.object({ SavedAt: z.string(), Orders: c.OrderListResponseSchema }),
  );
}

/** Keeps an order the customer opened (their confirmation page). */
export function keepOrder(userId: string, order: Order): void {
  keep(userId, detailKey(userId, order.OrderNumber), { Order: order });
}

/** The customer's kept copy of an order, or undefined. */
export function readOrder(userId: string, orderNumber: string): Promise<OrderCopy | undefined> {
  return read(detailKey(userId, orderNumber), (c) =>
    z.object({ SavedAt: z.string(), Order: c.OrderSchema }),
  );
}
