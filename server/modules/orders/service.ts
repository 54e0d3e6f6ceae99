/**
 * Checkout and orders. The price of an order always comes from the calculation
 * service's own recalculation at order time (the same engine as the offer list), never from the
 * client: the client's TotalPrice is only compared, and a difference answers 409 so the user can
 * confirm the new total. Placing an order is one transaction keyed by the client's idempotency
 * key: the order row and both e-mails (customer confirmation, dealer notification) are written
 * together or not at all, and a retry with the same key finds the order made before.
 */
import type { ApiError } from '../../../src/api/contract/common';
import { CALC, type CalculatorConfig, type Offer } from '../../../src/api/contract/calculation';
import {
  ORDER_STATUSES,
  type CheckoutDefaults,
  type Order,
  type OrderListItem,
  type OrderPreviewResponse,
  type OrderStatus,
  type PlaceOrderRequest,
  type PriceChanged,
} from '../../../src/api/contract/orders';
import { PRODUCT_NAME } from '../../../src/lib/brand';
import { formatPrice, formatQuantity } from '../../../src/lib/format';
import type { Db, DbOrTx } from '../../db/client';
import { findDealerContact, type DealerContact } from '../dealers';
import type { OrderAddress } from '../../db/schema';
import {
  calculate,
  type CalculationDeps,
  dealerSchedule,
  type DealerSchedule,
  GROUP_DELIVERY_TIME,
  GROUP_PAYMENT,
  resolveRequest,
  slotsFor,
  toCents,
} from '../calculation';
import {
  DELIVERY_WINDOW_LABELS,
  type DeliverySlot,
  type SlotTaken,
} from '../../../src/api/contract/delivery';
import { formatWeekdayDayDe } from '../../../src/lib/dates';
import { releaseBooking, storedWindow } from '../delivery';
import { createOrders, DuplicateOrderError, NoRoomError, type BookedDelivery } from './create';
import { declinedMail } from './declined-mail';
import { enqueueEmail } from '../mail';

export { orderNumberOf } from './create';
import {
  findCheckoutDefaults,
  findOrderById,
  findOrderByKey,
  findOrderDetailById,
  findOrderDetailByNumber,
  listOrdersOfUser,
  updateOrderStatus,
  type OrderDetailRow,
  type OrderRow,
} from './repo';

export interface OrdersDeps {
  db: Db;
  calculation: CalculationDeps;
  /** Clock for the order number's year and the mails (tests). */
  now?: () => Date;
  /**
   * Called inside the status transaction when an order becomes 'delivered' (the rating
   * invitation of the ratings module). A failure rolls the status change back.
   */
  onDelivered?: (db: DbOrTx, order: OrderRow) => Promise<unknown>;
}

type Status = 400 | 404 | 409;
export type Failure<S extends Status = Status> = {
  ok: false;
  status: S;
  error: ApiError | PriceChanged | SlotTaken;
};
export type Result<T, S extends Status = Status> = { ok: true; value: T } | Failure<S>;

function fail<S extends Status>(status: S, message: string, path?: string): Failure<S> {
  return {
    ok: false,
    status,
    error: path ? { message, issues: [{ path, message }] } : { message },
  };
}

// ---------------------------------------------------------------------------------------------
// The offer of one dealer, recalculated

interface PricedOffer {
  offer: Offer;
  dealer: DealerContact;
  paymentParameterId: number;
  /** Where and within which days the dealer delivers it; undefined: no depot known. */
  schedule: DealerSchedule | undefined;
}

/**
 * Today's offer of the dealer for the configuration. 400 when the configuration is invalid, the
 * dealer unknown, or the dealer has no offer for it (no longer delivers there, does not offer an
 * option): in each case there is nothing that could be ordered.
 */
async function pricedOffer(
  deps: OrdersDeps,
  config: CalculatorConfig,
  dealerId: number,
): Promise<Result<PricedOffer, 400>> {
  const dealer = await findDealerContact(deps.db, dealerId);
  if (!dealer) return fail(400, `Der Händler ${dealerId} ist nicht bekannt.`, 'body.DealerId');

  const outcome = calculate(deps.calculation, config);
  if (!outcome.ok) {
    // The calculation names paths of its own body; here the configuration is one level down.
    const issues = outcome.error.issues?.map((i) => ({
      path: i.path.replace(/^body\./, 'body.Configuration.'),
      message: i.message,
    }));
    return { ok: false, status: 400, error: { message: outcome.error.message, issues } };
  }
  const offer = outcome.value.Items.find((o) => o.Id === dealerId);
  if (!offer) {
    return fail(
      400,
      `${dealer.name} liefert mit dieser Auswahl nicht nach PLZ ${config.ZipCode} oder hat in dieser Lieferzeit keinen freien Termin mehr. Bitte wählen Sie ein anderes Angebot oder eine längere Lieferzeit.`,
      'body.DealerId',
    );
  }
  const snapshot = deps.calculation.index.current();
  const resolved = resolveRequest(snapshot, config);
  const payment = resolved.ok
    ? resolved.value.parameters.find((p) => p.groupId === GROUP_PAYMENT)
    : undefined;
  const schedule = resolved.ok
    ? dealerSchedule(snapshot, resolved.value, config.ZipCode, dealerId, deps.calculation.clock())
    : undefined;
  return { ok: true, value: { offer, dealer, paymentParameterId: payment?.id ?? 0, schedule } };
}

/** The free days of the offer now, as the price index knows them. */
function freeSlots(deps: OrdersDeps, schedule: DealerSchedule | undefined): DeliverySlot[] {
  return schedule ? slotsFor(deps.calculation.index.current(), schedule) : [];
}

export async function previewOrder(
  deps: OrdersDeps,
  input: { Configuration: CalculatorConfig; DealerId: number },
): Promise<Result<OrderPreviewResponse, 400>> {
  const priced = await pricedOffer(deps, input.Configuration, input.DealerId);
  if (!priced.ok) return priced;
  return {
    ok: true,
    value: {
      Offer: priced.value.offer,
      PaymentParameterId: priced.value.paymentParameterId,
      DeliverySlots: freeSlots(deps, priced.value.schedule),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Placing an order

export type Placed = { created: boolean; order: OrderRow };

/**
 * Who places the order: a customer (their id), or a guest browser (browserKeyOf its ok_sid).
 * An idempotency key only finds an order for the one who placed it.
 */
export interface OrderOwner {
  userId: number | null;
  guestKey: string | null;
}

export async function placeOrder(
  deps: OrdersDeps,
  input: PlaceOrderRequest,
  owner: OrderOwner,
): Promise<Result<Placed, 400 | 409>> {
  const config = input.Configuration;

  // A retry (double click, dropped connection, reload) finds the order of its first attempt,
  // even when the price has moved since: that order was placed at the price then shown.
  const earlier = await findOrderByKey(deps.db, input.IdempotencyKey);
  if (earlier) return sameRequest(earlier, input, owner);

  if (input.DeliveryAddress.ZipCode !== config.ZipCode) {
    return fail(
      400,
      `Die Lieferadresse muss in PLZ ${config.ZipCode} liegen: dafür wurde der Preis berechnet.`,
      'body.DeliveryAddress.ZipCode',
    );
  }

  const priced = await pricedOffer(deps, config, input.DealerId);
  if (!priced.ok) return priced;
  const { offer, dealer, paymentParameterId, schedule } = priced.value;

  if (toCents(offer.TotalPrice) !== toCents(input.TotalPrice)) {
    const previous = formatPrice(input.TotalPrice, offer.Currency);
    const current = formatPrice(offer.TotalPrice, offer.Currency);
    return {
      ok: false,
      status: 409,
      error: {
        message: `Der Preis hat sich geändert: statt ${previous} kostet Ihre Bestellung jetzt ${current}. Bitte bestätigen Sie den neuen Preis.`,
        Reason: 'PriceChanged',
        PreviousTotalPrice: input.TotalPrice,
        Offer: offer,
      },
    };
  }

  // The day to book: the one chosen, else (an order queued by an older app) the earliest free.
  const day = input.DeliveryDate ?? freeSlots(deps, schedule)[0]?.Date;
  if (schedule && (day === undefined || !schedule.period.days.includes(day))) {
    return slotTaken(deps, schedule, day);
  }

  const now = deps.now?.() ?? new Date();
  const board = deps.calculation.index.current().delivery;
  let placed: Placed;
  try {
    placed = await deps.db.transaction(async (tx) => {
      const { orders: written } = await createOrders(tx, {
        dealer,
        tour:
          schedule && day !== undefined
            ? {
                depot: schedule.depot,
                window: schedule.need.window,
                days: [day],
                capacity: (d) => board.capacity(schedule.depot, d),
              }
            : null,
        drafts: [
          {
            idempotencyKey: input.IdempotencyKey,
            userId: owner.userId,
            guestKey: owner.guestKey,
            email: input.Email.toLowerCase(),
            phone: input.Phone,
            deliveryAddress: storedAddress(input.DeliveryAddress),
            accessNotes: input.AccessNotes,
            configuration: config,
            productId: offer.ProductId,
            amountLitres: config.Amount,
            stations: config.Stations,
            stops: config.Stations,
            paymentParameterId,
            currencyCode: offer.Currency,
            unitPrice: offer.UnitPrice,
            totalPrice: offer.TotalPrice,
            lines: offer.Breakdown.map((l) => ({ label: l.Label, amount: l.Amount })),
            installmentRate: offer.Installment?.MonthlyRate ?? null,
          },
        ],
        now,
        mails: {
          customer: (order, delivery) => ({
            kind: 'order-confirmation',
            to: order.email,
            subject: `Ihre Bestellung ${order.orderNumber} bei ${PRODUCT_NAME}`,
            text: confirmationText(mailFacts(order, dealer, offer, delivery)),
          }),
          dealer: (orders, delivery) =>
            orders.map((order) => ({
              kind: 'dealer-notification',
              to: dealer.email,
              subject: `Neue Bestellung ${order.orderNumber}: ${formatQuantity(order.amountLitres)} Liter nach ${order.deliveryAddress.zip} ${order.deliveryAddress.place}`,
              text: dealerText(mailFacts(order, dealer, offer, delivery)),
            })),
        },
      });
      const [order] = written;
      if (!order) throw new Error('createOrders wrote no order');
      return { created: true, order };
    });
  } catch (error) {
    if (error instanceof NoRoomError && schedule) return slotTaken(deps, schedule, day, true);
    if (error instanceof DuplicateOrderError) {
      // A concurrent request with the same key won the unique index: its order is the answer.
      const winner = await findOrderByKey(deps.db, input.IdempotencyKey);
      if (!winner) throw new Error('idempotency conflict without a row', { cause: error });
      return sameRequest(winner, input, owner);
    }
    throw error;
  }
  if (schedule && day !== undefined) {
    deps.calculation.index.patchBooking(schedule.depot, day, schedule.need, 1);
  }
  return { ok: true, value: placed };
}

/** The wire address as stored (an order's, a group household's). */
export function storedAddress(a: PlaceOrderRequest['DeliveryAddress']): OrderAddress {
  return {
    title1: a.Title1,
    firstName: a.FirstName,
    lastName: a.LastName,
    company: a.Company,
    street: a.Street,
    houseNumber: a.HouseNumber,
    zip: a.ZipCode,
    place: a.Place,
  };
}

/** A stored address as the wire names it (the inverse of storedAddress). */
function wireAddress<T extends string = string>(
  a: Omit<OrderAddress, 'title1'> & { title1: string },
  title1: T = a.title1 as T,
) {
  return {
    Title1: title1,
    FirstName: a.firstName,
    LastName: a.lastName,
    Company: a.company,
    Street: a.street,
    HouseNumber: a.houseNumber,
    ZipCode: a.zip,
    Place: a.place,
  };
}

/**
 * 409 "Dieser Termin ist gerade vergeben" with the next free days. After a refused booking the
 * index first reads the database's totals: its board may not know the booking that won.
 */
async function slotTaken(
  deps: OrdersDeps,
  schedule: DealerSchedule,
  day: string | undefined,
  refused = false,
): Promise<Failure<409>> {
  if (refused) await deps.calculation.index.reloadBookings();
  const slots = freeSlots(deps, schedule).filter((s) => s.Date !== day);
  const calendar = deps.calculation.index.current().delivery.calendar;
  if (day !== undefined && !calendar.isWorkingDay(schedule.depot.region, day)) {
    // A Sunday or a public holiday at the depot: no race lost, the day was never possible.
    const message = `Am ${formatWeekdayDayDe(day)} wird nicht geliefert: Sonntage und Feiertage sind keine Liefertage. Bitte wählen Sie einen anderen Termin.`;
    return { ok: false, status: 409, error: { message, Reason: 'SlotTaken', Slots: slots } };
  }
  const message =
    day === undefined || !refused
      ? slots.length > 0
        ? 'Dieser Liefertermin ist nicht mehr wählbar. Bitte wählen Sie einen anderen Termin.'
        : 'Der Händler hat in dieser Lieferzeit keinen freien Termin mehr. Bitte wählen Sie eine längere Lieferzeit oder ein anderes Angebot.'
      : slots.length > 0
        ? 'Dieser Termin ist gerade vergeben. Bitte wählen Sie einen anderen Termin.'
        : 'Dieser Termin ist gerade vergeben, und in dieser Lieferzeit ist kein anderer mehr frei. Bitte wählen Sie eine längere Lieferzeit oder ein anderes Angebot.';
  return { ok: false, status: 409, error: { message, Reason: 'SlotTaken', Slots: slots } };
}

/** The order under a key belongs to this requester: the customer, or the guest browser whose
 * e-mail it was placed with. */
function ownedBy(order: OrderRow, input: PlaceOrderRequest, owner: OrderOwner): boolean {
  if (order.userId !== null) return order.userId === owner.userId;
  return (
    owner.userId === null &&
    owner.guestKey !== null &&
    order.guestKey === owner.guestKey &&
    order.email === input.Email.toLowerCase()
  );
}

/**
 * A key may only be replayed by its owner for the same order. Anyone else, and another order
 * under it, gets the same 409: it tells nothing about the order (no e-mail, no address).
 */
function sameRequest(
  order: OrderRow,
  input: PlaceOrderRequest,
  owner: OrderOwner,
): Result<Placed, 409> {
  if (
    !ownedBy(order, input, owner) ||
    order.dealerId !== input.DealerId ||
    order.amountLitres !== input.Configuration.Amount
  ) {
    return fail(
      409,
      'Unter diesem Bestellschlüssel wurde bereits eine andere Bestellung aufgegeben. Bitte laden Sie die Seite neu.',
      'body.IdempotencyKey',
    );
  }
  return { ok: true, value: { created: false, order } };
}

// ---------------------------------------------------------------------------------------------
// E-mails (German plain text)

interface MailFacts {
  order: OrderRow;
  dealer: DealerContact;
  offer: Offer;
  booked: BookedDelivery | null;
}

function mailFacts(
  order: OrderRow,
  dealer: DealerContact,
  offer: Offer,
  booked: BookedDelivery | null,
): MailFacts {
  return { order, dealer, offer, booked };
}

/** "Di., 01.12.2026, vormittags (7–12 Uhr)" */
export function deliveryText(booked: Pick<BookedDelivery, 'day' | 'window'>): string {
  return `${formatWeekdayDayDe(booked.day)}, ${DELIVERY_WINDOW_LABELS[booked.window]}`;
}

function money(value: number, currency: string): string {
  return formatPrice(value, currency === 'CHF' ? 'CHF' : 'EUR');
}

function addressLines(a: OrderAddress): string[] {
  const name = [a.title1, a.firstName, a.lastName].filter(Boolean).join(' ');
  return [name, a.company, `${a.street} ${a.houseNumber}`, `${a.zip} ${a.place}`].filter(Boolean);
}

function stationsText(n: number): string {
  return n === 1 ? '1 Abladestelle' : `${n} Abladestellen`;
}

function orderSummary({ order, offer, booked }: MailFacts): string[] {
  const currency = order.currencyCode;
  const lines = [
    `Bestellnummer: ${order.orderNumber}`,
    `Produkt: ${offer.ProductName}`,
    `Menge: ${formatQuantity(order.amountLitres)} Liter, ${stationsText(order.stations)}`,
    `Lieferzeit: ${offer.DeliveryTime}`,
    ...(booked ? [`Liefertermin: ${deliveryText(booked)}`] : []),
    `Zahlung: ${offer.PaymentName}${
      offer.Installment
        ? ` (${offer.Installment.Months} Monatsraten à ${money(offer.Installment.MonthlyRate, currency)})`
        : ''
    }`,
    '',
    'Lieferadresse:',
    ...addressLines(order.deliveryAddress).map((l) => `  ${l}`),
    `Telefon: ${order.phone}`,
    `E-Mail: ${order.email}`,
  ];
  if (order.accessNotes) lines.push(`Hinweise zur Anfahrt: ${order.accessNotes}`);
  lines.push('', 'Positionen:');
  for (const line of order.lines) lines.push(`  ${line.label}: ${money(line.amount, currency)}`);
  lines.push(
    `Gesamtpreis: ${money(order.totalPrice, currency)} (inkl. ${String(offer.VatRatePercent).replace('.', ',')} % MwSt.)`,
  );
  return lines;
}

function confirmationText(facts: MailFacts): string {
  const a = facts.order.deliveryAddress;
  const greeting = a.title1
    ? `Guten Tag ${a.title1} ${a.lastName},`
    : `Guten Tag ${a.firstName} ${a.lastName},`;
  return [
    greeting,
    '',
    `vielen Dank für Ihre Bestellung. Wir haben sie an ${facts.dealer.name} (${facts.dealer.place}) weitergegeben.`,
    '',
    ...orderSummary(facts),
    '',
    'So geht es weiter:',
    `1. ${facts.dealer.name} prüft und bestätigt Ihre Bestellung.`,
    facts.booked
      ? `2. Der Tankwagen kommt am gebuchten Termin (${deliveryText(facts.booked)}); der Händler meldet sich, falls sich daran etwas ändert.`
      : '2. Der Händler meldet sich bei Ihnen, um den Liefertermin abzustimmen.',
    '3. Nach der Lieferung bitten wir Sie um eine Bewertung des Händlers.',
    '',
    `Fragen zur Lieferung beantwortet ${facts.dealer.name} unter ${facts.dealer.phone}.`,
    '',
    `${PRODUCT_NAME} vermittelt die Bestellung; der Kaufvertrag kommt mit dem Händler zustande. Ein Widerrufsrecht besteht nicht, weil der Preis von Heizöl von Schwankungen auf dem Finanzmarkt abhängt (§ 312g Abs. 2 Nr. 8 BGB).`,
    '',
    `Ihr ${PRODUCT_NAME}-Team`,
  ].join('\n');
}

function dealerText(facts: MailFacts): string {
  return [
    `Guten Tag,`,
    '',
    `über ${PRODUCT_NAME} ist eine neue Bestellung für ${facts.dealer.name} eingegangen. ${facts.booked ? `Gebucht ist ${deliveryText(facts.booked)} aus Ihrem Kontingent; bitte bestätigen Sie die Bestellung dem Kunden.` : 'Bitte bestätigen Sie sie dem Kunden und stimmen Sie den Liefertermin ab.'}`,
    '',
    ...orderSummary(facts),
    '',
    `Ihr ${PRODUCT_NAME}-Team`,
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Reading orders

export function statusOf(value: string): OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value)
    ? (value as OrderStatus)
    : 'received';
}

function currencyOf(value: string): 'EUR' | 'CHF' {
  return value === 'CHF' ? 'CHF' : 'EUR';
}

export function toOrder(deps: OrdersDeps, row: OrderDetailRow): Order {
  const { order } = row;
  const config = order.configuration as CalculatorConfig;
  // The delivery time name comes from today's catalogue; an order keeps its parameter ids.
  const resolved = resolveRequest(deps.calculation.index.current(), config);
  const deliveryTime = resolved.ok
    ? (resolved.value.parameters.find((p) => p.groupId === GROUP_DELIVERY_TIME)?.name ?? '')
    : '';
  const a = order.deliveryAddress;
  return {
    OrderNumber: order.orderNumber,
    Status: statusOf(order.status),
    CreatedAt: order.createdAt.toISOString(),
    DealerId: order.dealerId,
    DealerName: row.dealerName,
    DealerPlace: row.dealerPlace,
    DealerPhone: row.dealerPhone,
    ProductName: row.productName,
    Amount: order.amountLitres,
    Stations: order.stations,
    ClimateNeutral: config.Product.ClimateNeutral,
    AppointmentPlus: config.AppointmentPlus,
    DeliveryTime: deliveryTime,
    PaymentName: row.paymentName ?? '',
    DeliveryAddress: wireAddress(
      a,
      a.title1 === 'Frau' || a.title1 === 'Herr' || a.title1 === 'Divers' ? a.title1 : '',
    ),
    Email: order.email,
    Phone: order.phone,
    AccessNotes: order.accessNotes,
    Currency: currencyOf(order.currencyCode),
    UnitPrice: order.unitPrice,
    TotalPrice: order.totalPrice,
    Lines: order.lines.map((l) => ({ Label: l.label, Amount: l.amount })),
    Installment:
      order.installmentRate === null
        ? null
        : { Months: CALC.INSTALLMENT_MONTHS, MonthlyRate: order.installmentRate },
    Delivery: deliveryOf(row.deliveryDay, row.deliveryWindow),
    DeclineReason: order.declineReason,
  };
}

function deliveryOf(day: string | null, window: string | null): DeliverySlot | null {
  if (day === null || window === null) return null;
  return { Date: day, Window: storedWindow(window) };
}

export async function orderById(deps: OrdersDeps, id: number): Promise<Order | undefined> {
  const row = await findOrderDetailById(deps.db, id);
  return row && toOrder(deps, row);
}

/**
 * One order for the confirmation page: its owner, or the guest whose browser placed it (the
 * signed guest cookie lists the numbers). Anyone else gets 404, so order numbers reveal nothing.
 */
export async function orderForViewer(
  deps: OrdersDeps,
  orderNumber: string,
  viewer: { userId: number | null; guestOrderNumbers: readonly string[] },
): Promise<Order | undefined> {
  const row = await findOrderDetailByNumber(deps.db, orderNumber);
  if (!row) return undefined;
  const owner = row.order.userId;
  const allowed =
    (owner !== null && owner === viewer.userId) ||
    (owner === null && viewer.guestOrderNumbers.includes(orderNumber));
  return allowed ? toOrder(deps, row) : undefined;
}

export async function ordersOfUser(deps: OrdersDeps, userId: number): Promise<OrderListItem[]> {
  const rows = await listOrdersOfUser(deps.db, userId);
  return rows.map((r) => ({
    OrderNumber: r.orderNumber,
    Status: statusOf(r.status),
    CreatedAt: r.createdAt.toISOString(),
    DealerName: r.dealerName,
    ProductName: r.productName,
    Amount: r.amountLitres,
    Currency: currencyOf(r.currencyCode),
    TotalPrice: r.totalPrice,
    InstallmentRate: r.installmentRate,
    Delivery: deliveryOf(r.deliveryDay, r.deliveryWindow),
    DeclineReason: r.declineReason,
  }));
}

export async function checkoutDefaults(
  deps: OrdersDeps,
  userId: number,
): Promise<CheckoutDefaults | undefined> {
  const found = await findCheckoutDefaults(deps.db, userId);
  if (!found) return undefined;
  const { user, address, addresses } = found;
  const wire = (a: NonNullable<typeof address>) => wireAddress(a);
  return {
    Email: user.email,
    Phone: address?.phone || user.phone,
    Addresses: addresses.map(wire),
    DeliveryAddress: address
      ? wire(address)
      : {
          Title1: user.title1,
          FirstName: user.firstName,
          LastName: user.lastName,
          Company: '',
          Street: '',
          HouseNumber: '',
          ZipCode: '',
          Place: '',
        },
  };
}

// ---------------------------------------------------------------------------------------------
// Status (support)

/**
 * received → confirmed → delivered; received or confirmed → cancelled; received → declined (the
 * dealer's refusal, with a reason: decision 026). A confirmed order is the dealer's promise.
 */
const NEXT: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  received: ['confirmed', 'cancelled', 'declined'],
  confirmed: ['delivered', 'cancelled'],
  delivered: [],
  cancelled: [],
  declined: [],
};

export const STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  received: 'Eingegangen',
  confirmed: 'Bestätigt',
  delivered: 'Geliefert',
  cancelled: 'Storniert',
  declined: 'Abgelehnt',
};

export interface StatusChange {
  /** The dealer's reason, required for 'declined' (the contract trims and bounds it). */
  reason?: string;
  /** Only an order of this dealer: any other id is 404, as if it did not exist (decision 026). */
  dealerId?: number;
}

export async function setOrderStatus(
  deps: OrdersDeps,
  id: number,
  to: OrderStatus,
  change: StatusChange = {},
): Promise<Result<OrderRow>> {
  const current = await findOrderById(deps.db, id);
  if (!current || (change.dealerId !== undefined && current.dealerId !== change.dealerId)) {
    return fail(404, `Die Bestellung ${id} gibt es nicht.`);
  }
  const from = statusOf(current.status);
  // Setting the status it already has changes nothing (a repeated click), and sends nothing.
  if (from === to) return { ok: true, value: current };
  if (!NEXT[from].includes(to)) {
    return fail(
      409,
      `Eine Bestellung im Status „${STATUS_LABELS[from]}“ kann nicht auf „${STATUS_LABELS[to]}“ gesetzt werden.`,
      'body.Status',
    );
  }
  const reason = change.reason ?? null;
  if (to === 'declined' && !reason) {
    return fail(400, 'Eine Ablehnung braucht einen Grund für den Kunden.', 'body.Reason');
  }
  const updated = await deps.db.transaction(async (tx) => {
    const row = await updateOrderStatus(tx, id, [from], to, to === 'declined' ? reason : null);
    if (row && to === 'delivered') await deps.onDelivered?.(tx, row);
    // A cancelled or declined order's delivery frees its day for others.
    if (row && (to === 'cancelled' || to === 'declined')) await releaseBooking(tx, id);
    // Only the request whose UPDATE moved the order writes the mail: exactly one per refusal.
    if (row && to === 'declined') await enqueueEmail(tx, await declinedMail(tx, row));
    return row;
  });
  if (!updated) {
    // A concurrent request (another tab or process) changed it first: when it made the same
    // change, this one is a repeat and answers as one; anything else is a conflict.
    const now = await findOrderById(deps.db, id);
    if (now && statusOf(now.status) === to) return { ok: true, value: now };
    return fail(409, 'Die Bestellung wurde inzwischen geändert. Bitte laden Sie sie neu.');
  }
  if (to === 'cancelled' || to === 'declined') {
    // The freed day shows here at once; other processes read it at their next change check.
    await deps.calculation.index.reloadBookings();
  }
  return { ok: true, value: updated };
}
