/**
 * The demo dealer's orders (decision 026): households in Berlin who ordered from the dealer the
 * demo dealer user is bound to, one in each status the dealer area shows, so its order list has
 * something to decide on a fresh start. Guest orders (no demo customer's list changes), priced by
 * the engine like a placed order; the open ones (received, confirmed) booked on the dealer's free
 * days through the same booking as the checkout. No e-mails, like the other demo orders.
 * Idempotent through fixed idempotency keys.
 */
import type { OrderAddress } from '../../db/schema';
import type { Db } from '../../db/client';
import {
  createCalculationDeps,
  dbPriceSource,
  dealerSchedule,
  PriceIndex,
  slotsFor,
  type CalculationDeps,
} from '../calculation';
import { bookTour } from '../delivery';
import { findOrderByKey, insertOrderOnce, nextOrderId, updateOrderStatus } from './repo';
import { orderNumberOf } from './create';
import { pricedDemo } from './seed';

const DAY_MS = 24 * 3600 * 1000;
const ZIP = '10115';

const household = (
  firstName: string,
  lastName: string,
  street: string,
  houseNumber: string,
): OrderAddress => ({
  title1: '',
  firstName,
  lastName,
  company: '',
  street,
  houseNumber,
  zip: ZIP,
  place: 'Berlin',
});

/** "murat.yilmaz@example.org": the name without its accents. */
function emailOf(a: OrderAddress): string {
  const name = `${a.firstName}.${a.lastName}`.toLowerCase().replace(/ı/g, 'i');
  return `${name.normalize('NFD').replace(/[\u0300-\u036f]/g, '')}@example.org`;
}

/** Fixed keys; `slot`: the n-th free delivery day booked for an open order. */
export const DEALER_DEMO_ORDERS = [
  {
    key: '00000000-0000-4000-8000-00000000e101',
    status: 'received',
    daysAgo: 0,
    amount: 2500,
    slot: 0,
    address: household('Jonas', 'Becker', 'Chausseestraße', '12'),
    accessNotes: 'Einfahrt über den Hof, Tank im Keller links.',
  },
  {
    key: '00000000-0000-4000-8000-00000000e102',
    status: 'received',
    daysAgo: 1,
    amount: 1500,
    slot: 1,
    address: household('Lea', 'Schulz', 'Bergstraße', '4'),
    accessNotes: '',
  },
  {
    key: '00000000-0000-4000-8000-00000000e103',
    status: 'confirmed',
    daysAgo: 2,
    amount: 3000,
    slot: 0,
    address: household('Murat', 'Yılmaz', 'Torstraße', '88'),
    accessNotes: 'Bitte vorher anrufen.',
  },
  {
    key: '00000000-0000-4000-8000-00000000e104',
    status: 'delivered',
    daysAgo: 21,
    amount: 4000,
    slot: null,
    address: household('Anna', 'Wagner', 'Linienstraße', '150'),
    accessNotes: '',
  },
  {
    key: '00000000-0000-4000-8000-00000000e105',
    status: 'cancelled',
    daysAgo: 6,
    amount: 2000,
    slot: null,
    address: household('Tim', 'Hoffmann', 'Novalisstraße', '7'),
    accessNotes: '',
  },
  {
    key: '00000000-0000-4000-8000-00000000e106',
    status: 'declined',
    daysAgo: 4,
    amount: 1000,
    slot: null,
    address: household('Sophie', 'Krüger', 'Gartenstraße', '21'),
    accessNotes: 'Schlauch muss durch das Treppenhaus.',
    declineReason:
      'Der Schlauchweg durch das Treppenhaus ist für uns zu lang; bitte bestellen Sie bei einem Händler mit längerem Schlauch.',
  },
] as const;

/**
 * Writes the missing demo orders of `dealerId`; the engine is opened only when one is missing.
 * Returns how many were written (0 when the dealer does not deliver to 10115 any more).
 */
export async function seedDealerDemoOrders(
  db: Db,
  dealerId: number,
  now: Date = new Date(),
  calculation?: CalculationDeps,
): Promise<number> {
  const missing = [];
  for (const demo of DEALER_DEMO_ORDERS) {
    if (!(await findOrderByKey(db, demo.key))) missing.push(demo);
  }
  if (missing.length === 0) return 0;
  const deps = calculation ?? createCalculationDeps(await PriceIndex.open(dbPriceSource(db)));
  const snapshot = deps.index.current();

  let written = 0;
  for (const demo of missing) {
    const priced = pricedDemo(deps, ZIP, 1, demo.amount, (items) =>
      items.find((o) => o.Id === dealerId),
    );
    if (!priced) continue;
    const { request } = priced;
    const schedule = request && dealerSchedule(snapshot, request, ZIP, dealerId, now);
    const day =
      demo.slot === null || !schedule ? undefined : slotsFor(snapshot, schedule)[demo.slot];
    const createdAt = new Date(now.getTime() - demo.daysAgo * DAY_MS);
    await db.transaction(async (tx) => {
      const id = await nextOrderId(tx);
      const row = await insertOrderOnce(tx, {
        id,
        orderNumber: orderNumberOf(id, createdAt),
        idempotencyKey: demo.key,
        userId: null,
        email: emailOf(demo.address),
        phone: '030 5550' + String(100 + written),
        ...priced.row,
        deliveryAddress: demo.address,
        accessNotes: demo.accessNotes,
        status: 'received',
        createdAt,
      });
      if (!row) return;
      if (schedule && day) {
        const tour = {
          dealerId,
          depotId: schedule.depot.depotId,
          window: schedule.need.window,
          parts: [{ orderId: row.id, litres: demo.amount, stops: 1 }],
        };
        await bookTour(tx, tour, day.Date, snapshot.delivery.capacity(schedule.depot, day.Date));
      }
      if (demo.status !== 'received') {
        const reason = 'declineReason' in demo ? demo.declineReason : null;
        await updateOrderStatus(tx, row.id, ['received'], demo.status, reason);
      }
      written += 1;
    });
  }
  return written;
}
