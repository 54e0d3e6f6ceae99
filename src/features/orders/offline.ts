/**
 * The customer's last order list and the orders they opened, for offline (issue 37): kept in the
 * app's IndexedDB 'settings' table under `orders:list:<userId>` and
 * `orders:detail:<userId>:<orderNumber>` with the time they were loaded, so only that customer sees them,
 * shown with its age when the list cannot be loaded, removed at logout (forgetPersonalCopies).
 * Written once the page has settled (src/lib/idle.ts), as the other offline copies are.
 */
import { z } from 'zod/mini';
import type { Order, OrderListItem } from '../../api/contract/orders';
import { databaseMayExist } from '../../db/exists';
import { loadDb } from '../../db/load';
import { whenSettled } from '../../lib/idle';
import { lazyImport } from '../../lib/lazy-import';
import { sessionState } from '../session';

const ordersContract = lazyImport(() => import('../../api/contract/orders'));

export const ORDERS_COPY_PREFIX = 'orders:list:';

const copyKey = (userId: string) => `${ORDERS_COPY_PREFIX}${userId}`;

const stillLoggedIn = (userId: string) => sessionState.LoggedIn && sessionState.User?.id === userId;

export interface OrdersCopy {
  SavedAt: string;
  Orders: OrderListItem[];
}

/** Keeps the list as the customer's copy (quietly: a full disk only loses the copy). */
export function keepOrders(userId: string, orders: OrderListItem[]): void {
  whenSettled(() => {
    // Written a moment later: not if the customer has logged out meanwhile (logout removed the
    // copies already; written now, one would outlive the session).
    if (!stillLoggedIn(userId)) return;
    loadDb()
      .then(({ writeSetting }) =>
        writeSetting(copyKey(userId), { SavedAt: new Date().toISOString(), Orders: orders }),
      )
      .catch((error: unknown) => console.warn('Bestellungen nicht für offline gespeichert', error));
  });
}

/** The customer's kept list, or undefined (none, unreadable, or no longer fitting). */
export async function readOrders(userId: string): Promise<OrdersCopy | undefined> {
  try {
    if (!(await databaseMayExist())) return undefined;
    const [{ readSetting }, { OrderListResponseSchema }] = await Promise.all([
      loadDb(),
      ordersContract(),
    ]);
    const schema = z.object({ SavedAt: z.string(), Orders: OrderListResponseSchema });
    return await readSetting(copyKey(userId), schema);
  } catch {
    return undefined;
  }
}

const detailKey = (userId: string, orderNumber: string) => `orders:detail:${userId}:${orderNumber}`;

export interface OrderCopy {
  SavedAt: string;
  Order: Order;
}

/** Keeps an order the customer opened (their confirmation page). */
export function keepOrder(userId: string, order: Order): void {
  whenSettled(() => {
    if (!stillLoggedIn(userId)) return;
    loadDb()
      .then(({ writeSetting }) =>
        writeSetting(detailKey(userId, order.OrderNumber), {
          SavedAt: new Date().toISOString(),
          Order: order,
        }),
      )
      .catch((error: unknown) => console.warn('Bestellung nicht für offline gespeichert', error));
  });
}

/** The customer's kept copy of an order, or undefined. */
export async function readOrder(
  userId: string,
  orderNumber: string,
): Promise<OrderCopy | undefined> {
  try {
    if (!(await databaseMayExist())) return undefined;
    const [{ readSetting }, { OrderSchema }] = await Promise.all([loadDb(), ordersContract()]);
    const schema = z.object({ SavedAt: z.string(), Order: OrderSchema });
    return await readSetting(detailKey(userId, orderNumber), schema);
  } catch {
    return undefined;
  }
}
