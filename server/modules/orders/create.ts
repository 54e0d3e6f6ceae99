/**
 * The one place an order is written (docs/decisions/024): the checkout, a group order's closing
 * and (later) the dealer area all call `createOrders` inside their own transaction. It writes the
 * order rows, books their tour on the dealer's capacity (one conditional UPDATE for the whole
 * tour: a group's households go on one day or not at all) and queues the mails — all or nothing.
 * What may be ordered at which price is the caller's question (the checkout compares the total
 * the customer saw, a group each household's maximum); how an order is stored is this file's.
 */
import type { CalculatorConfig } from '../../../src/api/contract/calculation';
import type { DeliveryWindow } from '../../../src/api/contract/delivery';
import type { OrderAddress } from '../../db/schema';
import { bookTour, type DayCapacity, type Depot } from '../delivery';
import { enqueueEmail, type OutgoingEmail } from '../mail';
import type { DbOrTx } from '../../db/client';
import type { DealerContact } from '../dealers';
import { insertOrderOnce, nextOrderId, type OrderRow } from './repo';

/** "OK-2026-000123": the year of the order (German time) and the row id. */
export function orderNumberOf(id: number, at: Date): string {
  const year = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', year: 'numeric' })
    .format(at)
    .replace(/\D/g, '');
  return `OK-${year}-${String(id).padStart(6, '0')}`;
}

/** An order as its caller priced it, before it has an id. */
export interface OrderDraft {
  idempotencyKey: string;
  userId: number | null;
  guestKey: string | null;
  email: string;
  phone: string;
  deliveryAddress: OrderAddress;
  accessNotes: string;
  configuration: CalculatorConfig;
  productId: number;
  amountLitres: number;
  /** Unloading points of the configuration (a group's households). */
  stations: number;
  /** Unloading points this order itself takes on the tour (1 for a household of a group). */
  stops: number;
  paymentParameterId: number;
  currencyCode: string;
  unitPrice: number;
  totalPrice: number;
  lines: { label: string; amount: number }[];
  installmentRate: number | null;
  groupOrderId?: number | null;
}

/** Where and when the dealer may deliver: the depot and the days to try, earliest first. */
export interface TourPlan {
  depot: Depot;
  window: DeliveryWindow;
  /** Working days in the order they are tried; the first with room is booked. */
  days: readonly string[];
  /** The depot's contingent of a day (nothing on days off). */
  capacity(day: string): DayCapacity;
}

/** The booked day of a tour. */
export interface BookedDelivery {
  day: string;
  window: DeliveryWindow;
  depot: Depot;
}

export interface OrderMails {
  /** The confirmation of each order (to its customer). */
  customer(order: OrderRow, delivery: BookedDelivery | null): OutgoingEmail;
  /** The dealer's notice: one per order, or one for the tour. */
  dealer(orders: readonly OrderRow[], delivery: BookedDelivery | null): OutgoingEmail[];
}

export interface CreateOrdersInput {
  dealer: DealerContact;
  /** null: the dealer has no depot the board knows (then nothing is booked). */
  tour: TourPlan | null;
  drafts: readonly OrderDraft[];
  now: Date;
  mails: OrderMails;
}

/** An order under this idempotency key exists already (a concurrent request won the index). */
export class DuplicateOrderError extends Error {
  constructor(readonly idempotencyKey: string) {
    super(`an order with idempotency key ${idempotencyKey} exists`);
  }
}

/** No day of the tour plan had room left: thrown so the caller's transaction rolls back. */
export class NoRoomError extends Error {
  constructor(readonly days: readonly string[]) {
    super('no day of the tour plan has room');
  }
}

/**
 * Writes the drafts as orders of one tour, books the tour and queues every mail, in `tx`.
 * Throws DuplicateOrderError or NoRoomError; the caller's transaction then writes nothing.
 */
export async function createOrders(
  tx: DbOrTx,
  input: CreateOrdersInput,
): Promise<{ orders: OrderRow[]; delivery: BookedDelivery | null }> {
  const written: OrderRow[] = [];
  for (const draft of input.drafts) {
    const id = await nextOrderId(tx);
    const { stops: _stops, groupOrderId, ...row } = draft;
    const inserted = await insertOrderOnce(tx, {
      ...row,
      id,
      dealerId: input.dealer.id,
      countryId: draft.configuration.CountryId,
      orderNumber: orderNumberOf(id, input.now),
      guestKey: draft.userId === null ? draft.guestKey : null,
      status: 'received',
      groupOrderId: groupOrderId ?? null,
      createdAt: input.now,
    });
    if (!inserted) throw new DuplicateOrderError(draft.idempotencyKey);
    written.push(inserted);
  }

  let delivery: BookedDelivery | null = null;
  const { tour } = input;
  if (tour) {
    const plan = {
      dealerId: input.dealer.id,
      depotId: tour.depot.depotId,
      window: tour.window,
      parts: written.map((order, i) => ({
        orderId: order.id,
        litres: order.amountLitres,
        stops: input.drafts[i]?.stops ?? 1,
      })),
    };
    for (const day of tour.days) {
      if (await bookTour(tx, plan, day, tour.capacity(day))) {
        delivery = { day, window: tour.window, depot: tour.depot };
        break;
      }
    }
    if (!delivery) throw new NoRoomError(tour.days);
  }

  for (const order of written) await enqueueEmail(tx, input.mails.customer(order, delivery));
  for (const mail of input.mails.dealer(written, delivery)) await enqueueEmail(tx, mail);
  return { orders: written, delivery };
}
