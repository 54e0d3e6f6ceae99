/**
 * Past orders of the demo customer, so /bestellungen and the customer home show something on a
 * fresh start: one delivered order (40 days ago) and one confirmed order (3 days ago). Prices
 * come from the real engine (the calculation service over today's dealer data), as a placed
 * order would. Idempotent through fixed idempotency keys; nothing happens without the demo
 * customer (production without demo users) or when no dealer delivers to its address. No
 * e-mails: these orders were "placed" before the outbox existed for them.
 */
import { eq } from 'drizzle-orm';
import type { CalculatorConfig, Offer } from '../../../src/api/contract/calculation';
import {
  calculate,
  type CalculationDeps,
  createCalculationDeps,
  dbPriceSource,
  GROUP_PAYMENT,
  PriceIndex,
  resolveRequest,
} from '../calculation';
import type { Db } from '../../db/client';
import { addresses, users, type OrderAddress } from '../../db/schema';
import { findOrderByKey, insertOrderOnce, nextOrderId } from './repo';
import { orderNumberOf } from './service';

const DAY_MS = 24 * 3600 * 1000;

/** Fixed keys: the seed finds its own orders again on every start. */
export const DEMO_ORDERS = [
  {
    idempotencyKey: '00000000-0000-4000-8000-00000000d001',
    status: 'delivered',
    daysAgo: 40,
    amount: 3000,
    /** The n-th offer of the list (the cheapest was taken the first time). */
    offerIndex: 0,
    accessNotes: 'Tank im Keller, Zugang über den Hof.',
  },
  {
    idempotencyKey: '00000000-0000-4000-8000-00000000d002',
    status: 'confirmed',
    daysAgo: 3,
    amount: 2000,
    offerIndex: 1,
    accessNotes: '',
  },
] as const;

/** The demo orders seeded as delivered (the ratings seed invites their customer). */
export const DELIVERED_DEMO_ORDER_KEYS: readonly string[] = DEMO_ORDERS.filter(
  (demo) => demo.status === 'delivered',
).map((demo) => demo.idempotencyKey);

/**
 * A demo order of `amount` litres of the default product to `zip`, priced by the engine as a
 * placed order is: the order row's columns for the offer `pick` takes from the list (its dealer,
 * configuration, prices, payment option), and the resolved request the delivery schedule needs.
 */
export function pricedDemo(
  calculation: CalculationDeps,
  zip: string,
  countryId: number,
  amount: number,
  pick: (offers: readonly Offer[]) => Offer | undefined,
) {
  const defaultProduct = calculation.index.current().catalogue.defaultProduct(countryId, 1);
  if (!defaultProduct) return undefined;
  const config: CalculatorConfig = {
    ZipCode: zip,
    Amount: amount,
    Stations: 1,
    Product: { Id: defaultProduct.id, ClimateNeutral: false },
    Parameters: [],
    AppointmentPlus: false,
    CountryId: countryId,
    ProductGroupId: 1,
  };
  const outcome = calculate(calculation, config);
  const offer = outcome.ok ? pick(outcome.value.Items) : undefined;
  if (!offer) return undefined;
  const resolved = resolveRequest(calculation.index.current(), config);
  const payment = resolved.ok
    ? resolved.value.parameters.find((p) => p.groupId === GROUP_PAYMENT)
    : undefined;
  /** The order row's priced columns. */
  const row = {
    dealerId: offer.Id,
    countryId,
    productId: offer.ProductId,
    amountLitres: amount,
    stations: 1,
    configuration: config,
    paymentParameterId: payment?.id ?? 0,
    currencyCode: offer.Currency,
    unitPrice: offer.UnitPrice,
    totalPrice: offer.TotalPrice,
    lines: offer.Breakdown.map((l) => ({ label: l.Label, amount: l.Amount })),
    installmentRate: offer.Installment?.MonthlyRate ?? null,
  };
  return { row, request: resolved.ok ? resolved.value : undefined };
}

export interface DemoOrdersResult {
  inserted: number;
}

export async function seedDemoOrders(
  db: Db,
  customerEmail: string,
  now: Date = new Date(),
): Promise<DemoOrdersResult> {
  const [customer] = await db.select().from(users).where(eq(users.email, customerEmail));
  if (!customer) return { inserted: 0 };

  const missing = [];
  for (const demo of DEMO_ORDERS) {
    if (!(await findOrderByKey(db, demo.idempotencyKey))) missing.push(demo);
  }
  if (missing.length === 0) return { inserted: 0 };

  const [address] = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, customer.id))
    .orderBy(addresses.id);
  const delivery: OrderAddress = address
    ? {
        title1: address.title1,
        firstName: address.firstName,
        lastName: address.lastName,
        company: address.company,
        street: address.street,
        houseNumber: address.houseNumber,
        zip: address.zip,
        place: address.place,
      }
    : {
        title1: customer.title1,
        firstName: customer.firstName,
        lastName: customer.lastName,
        company: '',
        street: 'Invalidenstraße',
        houseNumber: '117',
        zip: '10115',
        place: 'Berlin',
      };
  const countryId = address?.countryId ?? customer.countryId;

  const calculation = createCalculationDeps(await PriceIndex.open(dbPriceSource(db)));

  let inserted = 0;
  for (const demo of missing) {
    const priced = pricedDemo(
      calculation,
      delivery.zip,
      countryId,
      demo.amount,
      (items) => items[demo.offerIndex] ?? items[0],
    );
    if (!priced) continue;
    const createdAt = new Date(now.getTime() - demo.daysAgo * DAY_MS);

    const row = await db.transaction(async (tx) => {
      const id = await nextOrderId(tx);
      return insertOrderOnce(tx, {
        id,
        orderNumber: orderNumberOf(id, createdAt),
        idempotencyKey: demo.idempotencyKey,
        userId: customer.id,
        email: customer.email,
        phone: address?.phone || customer.phone || '030 1234567',
        ...priced.row,
        deliveryAddress: delivery,
        accessNotes: demo.accessNotes,
        status: demo.status,
        createdAt,
      });
    });
    if (row) inserted += 1;
  }
  return { inserted };
}
