/**
 * The dealer area's rules (decision 026): whose orders a request may see and change, the order
 * as the dealer sees it, and the dealer's three decisions, which go through the orders module's
 * one status change (idempotent, race-safe, the booking released and the mail written in its
 * transaction).
 */
import type { ApiError } from '../../../src/api/contract/common';
import type { DealerOrder, DealerOrdersResponse } from '../../../src/api/contract/dealer-area';
import { hasRole, isDealerUser } from '../../../src/lib/roles';
import type { Db } from '../../db/client';
import { findDealerContact } from '../dealers';
import {
  type DealerOrderFilter,
  listOrderDetailsOfDealer,
  type OrderDetailRow,
  setOrderStatus,
  toOrder,
  type OrdersDeps,
} from '../orders';
import { boundDealerId } from './repo';

type Status = 400 | 403 | 404 | 409;
type Refusal<S extends Status> = { ok: false; status: S; error: ApiError };
export type Outcome<T, S extends Status = Status> = { ok: true; value: T } | Refusal<S>;

const refuse = <S extends Status>(status: S, message: string): Refusal<S> => ({
  ok: false,
  status,
  error: { message },
});

/** Who asks: the guard 'dealer' let them in (a dealer user, dealer support or an admin). */
export interface Asker {
  id: number;
  roles: readonly string[];
}

/**
 * The dealer the request acts for. Staff (dealer support, admin) name it with `?dealer=`, or
 * leave it open for an action (any dealer's order); a dealer user acts for its bound dealer only.
 * null: staff without a dealer named.
 */
export async function dealerScope(
  db: Db,
  asker: Asker,
  requested: number | undefined,
): Promise<Outcome<number | null, 403 | 404>> {
  if (hasRole(asker.roles, 'DealerSupport')) {
    if (requested === undefined) return { ok: true, value: null };
    const dealer = await findDealerContact(db, requested);
    if (!dealer) return refuse(404, `Einen aktiven Händler ${requested} gibt es nicht.`);
    return { ok: true, value: dealer.id };
  }
  const bound = isDealerUser(asker.roles) ? await boundDealerId(db, asker.id) : undefined;
  if (bound === undefined) return refuse(403, 'Ihr Konto ist keinem Händler zugeordnet.');
  if (requested !== undefined && requested !== bound) {
    return refuse(403, 'Dafür fehlt die Berechtigung.');
  }
  return { ok: true, value: bound };
}

/** The order as the dealer sees it: the customer's view of it, and where the tour starts. */
function toDealerOrder(deps: OrdersDeps, row: OrderDetailRow): DealerOrder {
  const order = toOrder(deps, row);
  const a = order.DeliveryAddress;
  const name = [a.Title1, a.FirstName, a.LastName].filter(Boolean).join(' ');
  return {
    Id: row.order.id,
    OrderNumber: order.OrderNumber,
    Status: order.Status,
    CreatedAt: order.CreatedAt,
    Delivery: order.Delivery ?? null,
    DepotId: row.depotId,
    ProductName: order.ProductName,
    Amount: order.Amount,
    Stations: order.Stations,
    CustomerName: [a.Company, name].filter(Boolean).join(', '),
    DeliveryAddress: a,
    AccessNotes: order.AccessNotes,
    Phone: order.Phone,
    GroupOrderId: row.order.groupOrderId,
    DeclineReason: order.DeclineReason ?? null,
  };
}

export async function dealerOrders(
  deps: OrdersDeps,
  dealerId: number,
  filter: DealerOrderFilter,
): Promise<Outcome<DealerOrdersResponse, 404>> {
  const dealer = await findDealerContact(deps.db, dealerId);
  if (!dealer) return refuse(404, `Einen aktiven Händler ${dealerId} gibt es nicht.`);
  const rows = await listOrderDetailsOfDealer(deps.db, dealerId, filter);
  return {
    ok: true,
    value: {
      DealerId: dealer.id,
      DealerName: dealer.name,
      Orders: rows.map((row) => toDealerOrder(deps, row)),
    },
  };
}

/** The dealer's decisions and the status each one sets. */
export const DEALER_ACTIONS = {
  bestaetigen: 'confirmed',
  ablehnen: 'declined',
  geliefert: 'delivered',
} as const;
export type DealerAction = keyof typeof DEALER_ACTIONS;

/**
 * Confirms, declines or delivers the order. An order of another dealer is 404 as if it did not
 * exist; a repeat of what happened already is the current order (nothing written, nothing sent);
 * a transition the order's status does not allow is 409 in German.
 */
export async function decide(
  deps: OrdersDeps,
  dealerId: number | null,
  orderId: number,
  action: DealerAction,
  reason?: string,
): Promise<Outcome<DealerOrder>> {
  // Dealer support and admins may set only what the dealer could; cancelling stays support's.
  const changed = await setOrderStatus(deps, orderId, DEALER_ACTIONS[action], {
    reason,
    dealerId: dealerId ?? undefined,
  });
  if (!changed.ok) return refuse(changed.status, changed.error.message);
  const order = changed.value;
  const [row] = await listOrderDetailsOfDealer(deps.db, order.dealerId, { ids: [order.id] });
  if (!row) throw new Error(`order ${order.id} vanished`);
  return { ok: true, value: toDealerOrder(deps, row) };
}
