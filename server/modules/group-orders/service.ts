/**
 * Group orders (docs/decisions/022). Every change of a group (join, leave, the
 * organiser's early close, the closing itself) runs in one transaction that first locks the
 * group's row (SELECT … FOR UPDATE), so they happen one after the other whatever the number of
 * processes: a join either commits before the closing (and is in it) or sees the group closed
 * (and is told it came too late), never both. The closing is a job (name GROUP_CLOSE_JOB, key the
 * group id) queued in the start's own transaction for the deadline; the organiser's early close
 * makes it due now. A closing that runs twice finds the group closed and does nothing.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CalculatorConfig } from '../../../src/api/contract/calculation';
import type { ApiError } from '../../../src/api/contract/common';
import {
  GROUP_CODE_ALPHABET,
  GROUP_RULES,
  type GroupHousehold,
  type GroupState,
  type GroupView,
  type JoinGroupRequest,
  type MemberState,
  type MyGroup,
  type StartGroupRequest,
  type SupportGroup,
} from '../../../src/api/contract/group-orders';
import type { Db, DbOrTx } from '../../db/client';
import {
  dealers,
  deliveryBookings,
  groupOrderMembers,
  groupOrders,
  orders,
  products,
  type OrderAddress,
} from '../../db/schema';
import type { JobQueue } from '../../jobs';
import { CALC } from '../../../src/api/contract/calculation';
import { checkZip, resolveRequest, type CalculationDeps } from '../calculation/service';
import { storedWindow } from '../delivery/capacity';
import { dealerSchedule } from '../calculation/schedule';
import type { DeliverySlot } from '../../../src/api/contract/delivery';
import { createOrders, NoRoomError, type OrderDraft, type TourPlan } from '../orders/create';
import { findDealerContact } from '../dealers/repo';
import {
  closedMail,
  excludedMail,
  failedMail,
  householdOrderMail,
  dealerGroupMail,
  joinedMail,
  leftMail,
  startedMail,
  cancelledMail,
  type MailLink,
} from './mails';
import { enqueueEmail } from '../mail/outbox';
import {
  aloneTotal,
  configurationFor,
  groupPaymentOptions,
  isNeighbour,
  paymentOf,
  per100,
  priceGroup,
  type GroupPricing,
} from './pricing';

export const GROUP_CLOSE_JOB = 'group-order-close';

export interface GroupDeps {
  db: Db;
  calculation: CalculationDeps;
  jobs: Pick<JobQueue, 'enqueueIn' | 'dueNowIn' | 'runSoon'>;
  absoluteUrl: MailLink;
  now?: () => Date;
}

type Status = 400 | 403 | 404 | 409;
export type Result<T> = { ok: true; value: T } | { ok: false; status: Status; error: ApiError };

function fail(
  status: Status,
  message: string,
  path?: string,
): { ok: false; status: Status; error: ApiError } {
  return {
    ok: false,
    status,
    error: path ? { message, issues: [{ path, message }] } : { message },
  };
}

type GroupRow = typeof groupOrders.$inferSelect;
type MemberRow = typeof groupOrderMembers.$inferSelect;

const nowOf = (deps: GroupDeps) => deps.now?.() ?? new Date();

function toAddress(a: StartGroupRequest['DeliveryAddress']): OrderAddress {
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

/** 8 random characters of the code alphabet (about 8·10¹¹ codes). */
export function newGroupCode(random: (n: number) => Uint8Array = randomBytes): string {
  const bytes = random(8);
  let code = '';
  for (const b of bytes) code += GROUP_CODE_ALPHABET[b % GROUP_CODE_ALPHABET.length];
  return code;
}

function randomBytes(n: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(n));
}

const templateOf = (group: GroupRow) => group.configuration as CalculatorConfig;

// ---------------------------------------------------------------------------------------------
// Start

export async function startGroup(
  deps: GroupDeps,
  userId: number,
  input: StartGroupRequest,
): Promise<Result<{ code: string; created: boolean }>> {
  const earlier = await findByKey(deps.db, input.IdempotencyKey);
  if (earlier) {
    if (earlier.organiserUserId !== userId && !(await isMember(deps.db, earlier.id, userId))) {
      return fail(
        409,
        'Unter diesem Schlüssel wurde bereits eine andere Sammelbestellung gestartet.',
      );
    }
    return { ok: true, value: { code: earlier.code, created: false } };
  }

  const config = input.Configuration;
  if (input.DeliveryAddress.ZipCode !== config.ZipCode) {
    return fail(
      400,
      `Die Lieferadresse muss in PLZ ${config.ZipCode} liegen: dafür wurde der Preis berechnet.`,
      'body.DeliveryAddress.ZipCode',
    );
  }
  const snapshot = deps.calculation.index.current();
  const zipError = checkZip(snapshot, config.CountryId, config.ZipCode);
  if (zipError) return { ok: false, status: 400, error: zipError.error };
  const resolved = resolveRequest(snapshot, { ...config, Stations: 1 });
  if (!resolved.ok) return { ok: false, status: 400, error: resolved.error };
  const payment = paymentOf(deps.calculation, config);
  if (payment === undefined || payment === CALC.INSTALLMENT_PARAMETER_ID) {
    return fail(
      400,
      'Ratenzahlung ist in einer Sammelbestellung nicht möglich (nur mit einer Abladestelle). Bitte wählen Sie eine andere Zahlungsart.',
      'body.Configuration.Parameters',
    );
  }
  const template: CalculatorConfig = { ...config, Stations: 1, UpsellCount: undefined };
  if (
    !priceGroup(deps.calculation, template, [
      { amount: config.Amount, paymentParameterId: payment },
    ])
  ) {
    return fail(
      400,
      `Für diese Auswahl liefert zurzeit kein Händler nach PLZ ${config.ZipCode}.`,
      'body.Configuration',
    );
  }

  const now = nowOf(deps);
  const deadline = new Date(now.getTime() + input.DeadlineHours * 3_600_000);
  const address = toAddress(input.DeliveryAddress);
  for (let attempt = 0; ; attempt++) {
    const code = newGroupCode();
    const made = await deps.db.transaction(async (tx) => {
      const [group] = await tx
        .insert(groupOrders)
        .values({
          code,
          idempotencyKey: input.IdempotencyKey,
          organiserUserId: userId,
          countryId: config.CountryId,
          productGroupId: config.ProductGroupId,
          zip: config.ZipCode,
          place: input.DeliveryAddress.Place,
          configuration: template,
          deadline,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!group) return undefined;
      await tx.insert(groupOrderMembers).values({
        groupId: group.id,
        userId,
        email: input.Email.toLowerCase(),
        phone: input.Phone,
        deliveryAddress: address,
        accessNotes: input.AccessNotes,
        amountLitres: config.Amount,
        paymentParameterId: payment,
        maxUnitPrice: input.MaxUnitPrice,
        joinedAt: now,
      });
      await deps.jobs.enqueueIn(tx, GROUP_CLOSE_JOB, String(group.id), deadline);
      await enqueueEmail(tx, startedMail(deps.absoluteUrl, group, input.Email.toLowerCase()));
      return group;
    });
    if (made) return { ok: true, value: { code: made.code, created: true } };
    // The code or the key was taken meanwhile: a resend of the same form finds its group.
    const raced = await findByKey(deps.db, input.IdempotencyKey);
    if (raced) return { ok: true, value: { code: raced.code, created: false } };
    if (attempt >= 4) throw new Error('no free group code after 5 attempts');
  }
}

// ---------------------------------------------------------------------------------------------
// Reading

async function findByKey(db: DbOrTx, key: string): Promise<GroupRow | undefined> {
  const [row] = await db.select().from(groupOrders).where(eq(groupOrders.idempotencyKey, key));
  return row;
}

async function findByCode(db: DbOrTx, code: string, lock = false): Promise<GroupRow | undefined> {
  const query = db.select().from(groupOrders).where(eq(groupOrders.code, code));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

async function isMember(db: DbOrTx, groupId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: groupOrderMembers.id })
    .from(groupOrderMembers)
    .where(and(eq(groupOrderMembers.groupId, groupId), eq(groupOrderMembers.userId, userId)));
  return row !== undefined;
}

async function membersOf(db: DbOrTx, groupId: number): Promise<MemberRow[]> {
  return db
    .select()
    .from(groupOrderMembers)
    .where(eq(groupOrderMembers.groupId, groupId))
    .orderBy(asc(groupOrderMembers.joinedAt), asc(groupOrderMembers.id));
}

const pricedOf = (members: readonly MemberRow[]) =>
  members.map((m) => ({ amount: m.amountLitres, paymentParameterId: m.paymentParameterId }));

/** The state a visitor sees: an open group past its deadline is being closed. */
function shownState(group: GroupRow, now: Date): GroupState {
  const state = group.state as GroupState;
  return state === 'open' && group.deadline <= now ? 'closing' : state;
}

function joinBlocked(group: GroupRow, active: readonly MemberRow[], now: Date): string | null {
  const state = shownState(group, now);
  if (state === 'closing') return 'Die Sammelbestellung wird gerade abgeschlossen.';
  if (state === 'closed') return 'Diese Sammelbestellung ist bereits abgeschlossen.';
  if (state === 'cancelled' || state === 'failed') {
    return 'Diese Sammelbestellung findet nicht statt.';
  }
  if (active.length >= GROUP_RULES.MAX_HOUSEHOLDS) {
    return `Die Sammelbestellung ist voll: höchstens ${GROUP_RULES.MAX_HOUSEHOLDS} Haushalte.`;
  }
  const total = active.reduce((sum, m) => sum + m.amountLitres, 0);
  if (GROUP_RULES.TOTAL_MAX - total < GROUP_RULES.AMOUNT_MIN) {
    return 'Die Sammelbestellung hat die größte Liefermenge eines Tankwagens erreicht.';
  }
  return null;
}

export async function viewGroup(
  deps: GroupDeps,
  code: string,
  userId: number,
): Promise<GroupView | undefined> {
  const group = await findByCode(deps.db, code);
  if (!group) return undefined;
  return buildView(deps, group, await membersOf(deps.db, group.id), userId);
}

async function buildView(
  deps: GroupDeps,
  group: GroupRow,
  members: readonly MemberRow[],
  userId: number,
): Promise<GroupView> {
  const now = nowOf(deps);
  const template = templateOf(group);
  const closed = group.state === 'closed';
  const shown = members.filter((m) =>
    closed ? m.state === 'ordered' || m.state === 'excluded' : m.state === 'active',
  );
  const active = members.filter((m) => m.state === 'active');
  const counted = closed ? members.filter((m) => m.state === 'ordered') : active;
  const households: GroupHousehold[] = shown.map((m, i) => ({
    Number: i + 1,
    Amount: m.amountLitres,
    IsOrganiser: m.userId === group.organiserUserId,
    IsYou: m.userId === userId,
    State: m.state as MemberState,
  }));
  const totalAmount = counted.reduce((sum, m) => sum + m.amountLitres, 0);
  const product = deps.calculation.index.current().catalogue.products.get(template.Product.Id);

  let offer: GroupView['Offer'] = null;
  let pricing: GroupPricing | undefined;
  const orderRows = closed ? await ordersOf(deps.db, group.id) : [];
  if (closed && group.dealerId !== null) {
    const dealer = await findDealerContact(deps.db, group.dealerId);
    const total = orderRows.reduce((sum, o) => sum + o.totalPrice, 0);
    offer = {
      DealerId: group.dealerId,
      DealerName: dealer?.name ?? '',
      DealerPlace: dealer?.place ?? '',
      DeliveryTime: '',
      UnitPrice: group.unitPrice ?? per100(total, totalAmount),
      TotalPrice: Math.round(total * 100) / 100,
      TotalAmount: totalAmount,
      Stations: counted.length,
      CalculatedAt: (group.closedAt ?? now).toISOString(),
      EarliestDelivery: null,
      Delivery: await tourDayOf(deps.db, orderRows),
    };
  } else if (!closed && active.length > 0) {
    pricing = priceGroup(deps.calculation, template, pricedOf(active));
    if (pricing) {
      offer = {
        DealerId: pricing.dealerId,
        DealerName: pricing.offer.DealerName,
        DealerPlace: pricing.offer.DealerPlace,
        DeliveryTime: pricing.offer.DeliveryTime,
        UnitPrice: per100(pricing.totalPrice, pricing.totalAmount),
        TotalPrice: pricing.totalPrice,
        TotalAmount: pricing.totalAmount,
        Stations: pricing.stations,
        CalculatedAt: now.toISOString(),
        EarliestDelivery: pricing.offer.EarliestDelivery ?? null,
        Delivery: null,
      };
    }
  }

  const mine = members.find((m) => m.userId === userId);
  let you: GroupView['You'] = null;
  if (mine) {
    const payment = deps.calculation.index
      .current()
      .catalogue.parameters.get(mine.paymentParameterId);
    let share: number | null = null;
    let orderNumber: string | null = null;
    if (closed) {
      const order = orderRows.find((o) => o.id === mine.orderId);
      share = order?.totalPrice ?? null;
      orderNumber = order?.orderNumber ?? null;
    } else if (pricing && mine.state === 'active') {
      share = pricing.shares[active.indexOf(mine)] ?? null;
    }
    const alone =
      mine.state === 'active'
        ? aloneTotal(deps.calculation, template, {
            amount: mine.amountLitres,
            paymentParameterId: mine.paymentParameterId,
            zipCode: mine.deliveryAddress.zip,
          })
        : undefined;
    you = {
      IsOrganiser: mine.userId === group.organiserUserId,
      State: mine.state as MemberState,
      Amount: mine.amountLitres,
      ZipCode: mine.deliveryAddress.zip,
      Place: mine.deliveryAddress.place,
      MaxUnitPrice: mine.maxUnitPrice,
      PaymentName: payment?.name ?? '',
      Share: share,
      ShareUnitPrice: share === null ? null : per100(share, mine.amountLitres),
      AloneTotal: alone ?? null,
      Saving:
        alone !== undefined && share !== null ? Math.round((alone - share) * 100) / 100 : null,
      OrderNumber: orderNumber,
      Note: mine.note,
    };
  }

  return {
    Code: group.code,
    State: shownState(group, now),
    CreatedAt: group.createdAt.toISOString(),
    Deadline: group.deadline.toISOString(),
    ClosedAt: group.closedAt?.toISOString() ?? null,
    CountryId: group.countryId,
    ProductGroupId: group.productGroupId,
    ProductName: product?.name ?? '',
    ZipCode: group.zip,
    Place: group.place,
    Currency: group.countryId === 3 ? 'CHF' : 'EUR',
    Households: households,
    MaxHouseholds: GROUP_RULES.MAX_HOUSEHOLDS,
    TotalAmount: totalAmount,
    Offer: offer,
    You: you,
    PaymentOptions: groupPaymentOptions(deps.calculation),
    JoinBlockedReason: mine?.state === 'active' ? null : joinBlocked(group, active, now),
  };
}

/** The booked day of a closed group's tour (every household's booking has the same). */
async function tourDayOf(
  db: DbOrTx,
  groupOrders: readonly { id: number }[],
): Promise<DeliverySlot | null> {
  const first = groupOrders[0];
  if (!first) return null;
  const [booking] = await db
    .select({ day: deliveryBookings.day, window: deliveryBookings.window })
    .from(deliveryBookings)
    .where(eq(deliveryBookings.orderId, first.id));
  return booking ? { Date: booking.day, Window: storedWindow(booking.window) } : null;
}

async function ordersOf(db: DbOrTx, groupId: number) {
  return db
    .select({ id: orders.id, orderNumber: orders.orderNumber, totalPrice: orders.totalPrice })
    .from(orders)
    .where(eq(orders.groupOrderId, groupId));
}

// ---------------------------------------------------------------------------------------------
// Join and leave

export async function joinGroup(
  deps: GroupDeps,
  code: string,
  userId: number,
  input: JoinGroupRequest,
): Promise<Result<GroupView>> {
  const group = await findByCode(deps.db, code);
  if (!group) return fail(404, 'Diese Sammelbestellung gibt es nicht.');
  const zip = input.DeliveryAddress.ZipCode;
  const payments = groupPaymentOptions(deps.calculation);
  if (!payments.some((p) => p.Id === input.PaymentParameterId)) {
    return fail(
      400,
      'Diese Zahlungsart ist in der Sammelbestellung nicht möglich.',
      'body.PaymentParameterId',
    );
  }
  if (!isNeighbour(deps.calculation, group.countryId, group.zip, zip)) {
    return fail(
      400,
      `Die Lieferadresse muss in PLZ ${group.zip} liegen oder in einer Postleitzahl, deren Mitte höchstens ${GROUP_RULES.NEIGHBOUR_KM} km entfernt ist – sonst passt sie nicht in eine Tour des Tankwagens.`,
      'body.DeliveryAddress.ZipCode',
    );
  }

  const outcome = await deps.db.transaction(async (tx): Promise<Result<MemberRow[]>> => {
    const locked = await findByCode(tx, code, true);
    if (!locked) return fail(404, 'Diese Sammelbestellung gibt es nicht.');
    const members = await membersOf(tx, locked.id);
    const mine = members.find((m) => m.userId === userId);
    // A resend (the form sent again offline, a double click) finds the household it made.
    if (mine?.state === 'active') return { ok: true, value: members };
    const now = nowOf(deps);
    const active = members.filter((m) => m.state === 'active');
    const blocked = joinBlocked(locked, active, now);
    if (blocked) return fail(409, blocked);
    const total = active.reduce((sum, m) => sum + m.amountLitres, 0) + input.Amount;
    if (total > GROUP_RULES.TOTAL_MAX) {
      return fail(
        400,
        `Zusammen sind höchstens ${GROUP_RULES.TOTAL_MAX.toLocaleString('de-DE')} Liter möglich; für Sie bleiben ${(GROUP_RULES.TOTAL_MAX - total + input.Amount).toLocaleString('de-DE')} Liter.`,
        'body.Amount',
      );
    }
    // A household no dealer could deliver with the others (a dealer's most unloading points)
    // would leave the whole group without an offer: it is refused, the group keeps its price.
    const joined = [
      ...pricedOf(active),
      { amount: input.Amount, paymentParameterId: input.PaymentParameterId },
    ];
    if (!priceGroup(deps.calculation, templateOf(locked), joined)) {
      return fail(
        409,
        `Mit einem weiteren Haushalt liefert zurzeit kein Händler diese Sammelbestellung (zu viele Abladestellen für ${active.length + 1} Haushalte). Sie können selbst bestellen oder eine eigene Sammelbestellung starten.`,
      );
    }
    const values = {
      email: input.Email.toLowerCase(),
      phone: input.Phone,
      deliveryAddress: toAddress(input.DeliveryAddress),
      accessNotes: input.AccessNotes,
      amountLitres: input.Amount,
      paymentParameterId: input.PaymentParameterId,
      maxUnitPrice: input.MaxUnitPrice,
      state: 'active',
      joinedAt: now,
      leftAt: null,
      note: null,
    };
    if (mine) {
      await tx.update(groupOrderMembers).set(values).where(eq(groupOrderMembers.id, mine.id));
    } else {
      await tx.insert(groupOrderMembers).values({ groupId: locked.id, userId, ...values });
    }
    const organiser = active.find((m) => m.userId === locked.organiserUserId);
    if (organiser) {
      await enqueueEmail(
        tx,
        joinedMail(deps.absoluteUrl, locked, organiser.email, input.Amount, active.length + 1),
      );
    }
    return { ok: true, value: await membersOf(tx, locked.id) };
  });
  if (!outcome.ok) return outcome;
  return { ok: true, value: await buildView(deps, group, outcome.value, userId) };
}

export async function leaveGroup(
  deps: GroupDeps,
  code: string,
  userId: number,
): Promise<Result<GroupView>> {
  const outcome = await deps.db.transaction(
    async (tx): Promise<Result<{ group: GroupRow; members: MemberRow[] }>> => {
      const group = await findByCode(tx, code, true);
      if (!group) return fail(404, 'Diese Sammelbestellung gibt es nicht.');
      const members = await membersOf(tx, group.id);
      const mine = members.find((m) => m.userId === userId);
      if (!mine || mine.state !== 'active') {
        return fail(409, 'Sie nehmen an dieser Sammelbestellung nicht teil.');
      }
      const now = nowOf(deps);
      if (shownState(group, now) !== 'open') {
        return fail(
          409,
          'Die Sammelbestellung wird bereits abgeschlossen; Austreten ist nicht mehr möglich.',
        );
      }
      await tx
        .update(groupOrderMembers)
        .set({ state: 'left', leftAt: now })
        .where(eq(groupOrderMembers.id, mine.id));
      const rest = members.filter((m) => m.state === 'active' && m.id !== mine.id);
      let next = group;
      if (group.organiserUserId === userId) {
        const heir = rest[0];
        const [updated] = await tx
          .update(groupOrders)
          .set(heir ? { organiserUserId: heir.userId } : { state: 'cancelled', closedAt: now })
          .where(eq(groupOrders.id, group.id))
          .returning();
        next = updated ?? group;
        for (const m of rest) {
          await enqueueEmail(
            tx,
            leftMail(deps.absoluteUrl, next, m.email, {
              organiserLeft: true,
              youOrganise: m === heir,
            }),
          );
        }
        if (!heir) await enqueueEmail(tx, cancelledMail(deps.absoluteUrl, next, mine.email));
      } else {
        const organiser = rest.find((m) => m.userId === group.organiserUserId);
        if (organiser) {
          await enqueueEmail(
            tx,
            leftMail(deps.absoluteUrl, group, organiser.email, {
              organiserLeft: false,
              youOrganise: true,
            }),
          );
        }
      }
      return { ok: true, value: { group: next, members: await membersOf(tx, group.id) } };
    },
  );
  if (!outcome.ok) return outcome;
  return {
    ok: true,
    value: await buildView(deps, outcome.value.group, outcome.value.members, userId),
  };
}

// ---------------------------------------------------------------------------------------------
// Closing

/** The organiser closes before the deadline: the group is 'closing', its job due now. */
export async function requestClose(
  deps: GroupDeps,
  code: string,
  userId: number,
): Promise<Result<GroupView>> {
  const outcome = await deps.db.transaction(async (tx): Promise<Result<GroupRow>> => {
    const group = await findByCode(tx, code, true);
    if (!group) return fail(404, 'Diese Sammelbestellung gibt es nicht.');
    if (group.organiserUserId !== userId) {
      return fail(403, 'Nur wer die Sammelbestellung organisiert, kann sie abschließen.');
    }
    if (group.state === 'closing' || group.state === 'closed') return { ok: true, value: group };
    if (group.state !== 'open') return fail(409, 'Diese Sammelbestellung findet nicht statt.');
    const [updated] = await tx
      .update(groupOrders)
      .set({ state: 'closing' })
      .where(eq(groupOrders.id, group.id))
      .returning();
    await deps.jobs.dueNowIn(tx, GROUP_CLOSE_JOB, String(group.id));
    return { ok: true, value: updated ?? group };
  });
  if (!outcome.ok) return outcome;
  deps.jobs.runSoon();
  return {
    ok: true,
    value: await buildView(deps, outcome.value, await membersOf(deps.db, outcome.value.id), userId),
  };
}

export interface ClosingSummary {
  state: GroupState;
  ordered: number;
  excluded: number;
}

/**
 * Rounds of a closing whose dealer had no room on any day of the delivery time after all (the
 * board had not yet seen another process's bookings): each reads the booked totals again and
 * prices anew, so the next round takes the next dealer with room.
 */
const CLOSING_ROUNDS = 3;

const NO_ROOM_REASON =
  'Kein Händler hatte in der Lieferzeit noch einen freien Liefertermin für die ganze Tour.';
/** Said when the closing's job failed for good (its last attempt threw). */
export const CLOSING_FAILED_REASON = 'Beim Abschluss ist ein technischer Fehler aufgetreten.';

/**
 * The closing (the job's handler): re-prices once, leaves out every household above its
 * maximum (and re-prices the rest without them, until all remaining are within theirs), then
 * writes each remaining household its own order with the same dealer, booked as one tour on the
 * first day of the delivery time the dealer still has room for (createOrders), and every mail,
 * in the transaction that marks the group closed. A second run finds it closed and does nothing.
 * No day with room for any dealer: the group fails for everyone, never an unbooked order.
 */
export async function closeGroup(deps: GroupDeps, groupId: number): Promise<ClosingSummary> {
  for (let round = 1; ; round++) {
    try {
      return await closeGroupOnce(deps, groupId);
    } catch (error) {
      if (!(error instanceof NoRoomError)) throw error;
      // Outside the rolled-back transaction: PGlite runs one at a time.
      await deps.calculation.index.reloadBookings();
      if (round >= CLOSING_ROUNDS) return failGroup(deps, groupId, NO_ROOM_REASON);
    }
  }
}

async function closeGroupOnce(deps: GroupDeps, groupId: number): Promise<ClosingSummary> {
  return deps.db.transaction(async (tx) => {
    const [group] = await tx
      .select()
      .from(groupOrders)
      .where(eq(groupOrders.id, groupId))
      .for('update');
    if (!group) return { state: 'failed', ordered: 0, excluded: 0 };
    const now = nowOf(deps);
    const state = group.state as GroupState;
    if (state !== 'open' && state !== 'closing') return { state, ordered: 0, excluded: 0 };
    // A job run early (a clock behind) for an open group before its deadline waits for it.
    if (state === 'open' && group.deadline > now) {
      throw new Error(`group ${groupId} is not due before ${group.deadline.toISOString()}`);
    }

    const template = templateOf(group);
    const members = await membersOf(tx, group.id);
    let remaining = members.filter((m) => m.state === 'active');
    const excluded: { member: MemberRow; note: string }[] = [];
    let pricing: GroupPricing | undefined;
    for (;;) {
      pricing = priceGroup(deps.calculation, template, pricedOf(remaining));
      if (!pricing) break;
      const shares = pricing.shares;
      const over = remaining.filter(
        (m, i) => per100(shares[i] ?? 0, m.amountLitres) > m.maxUnitPrice + 1e-9,
      );
      if (over.length === 0) break;
      for (const m of over) {
        const i = remaining.indexOf(m);
        excluded.push({
          member: m,
          note: `Der Preis lag beim Abschluss bei ${formatUnit(per100(shares[i] ?? 0, m.amountLitres), group)} je 100 Liter, über Ihrem Höchstpreis von ${formatUnit(m.maxUnitPrice, group)}. Sie wurden deshalb nicht bestellt.`,
        });
      }
      remaining = remaining.filter((m) => !over.includes(m));
    }
    if (!pricing || remaining.length === 0) {
      const note =
        'Beim Abschluss lieferte kein Händler diese Sammelbestellung; es wurde nichts bestellt.';
      for (const m of remaining) excluded.push({ member: m, note });
      remaining = [];
    }

    for (const { member, note } of excluded) {
      await tx
        .update(groupOrderMembers)
        .set({ state: 'excluded', note })
        .where(eq(groupOrderMembers.id, member.id));
      await enqueueEmail(tx, excludedMail(deps.absoluteUrl, group, member.email, note));
    }

    if (!pricing || remaining.length === 0) {
      await tx
        .update(groupOrders)
        .set({ state: 'failed', closedAt: now })
        .where(eq(groupOrders.id, group.id));
      return { state: 'failed', ordered: 0, excluded: excluded.length };
    }

    const priced = pricing;
    const dealer = await findDealerContact(tx, priced.dealerId);
    if (!dealer) throw new Error(`dealer ${priced.dealerId} vanished`);
    const tour = tourOf(deps, template, priced, remaining[0]?.paymentParameterId ?? 0);
    // The board knows no depot of the dealer: nothing could be booked, so nothing is ordered.
    if (!tour) throw new NoRoomError([]);
    const drafts: OrderDraft[] = remaining.map((m, i) => {
      const share = priced.shares[i] ?? 0;
      const line = `Ihr Anteil an der Sammelbestellung ${group.code}: ${m.amountLitres.toLocaleString('de-DE')} von ${priced.totalAmount.toLocaleString('de-DE')} Litern, ${priced.stations} Abladestellen`;
      return {
        idempotencyKey: `group-${group.id}-member-${m.id}`,
        userId: m.userId,
        guestKey: null,
        email: m.email,
        phone: m.phone,
        deliveryAddress: m.deliveryAddress,
        accessNotes: m.accessNotes,
        configuration: configurationFor(
          deps.calculation,
          template,
          priced.totalAmount,
          priced.stations,
          m.paymentParameterId,
        ),
        productId: template.Product.Id,
        amountLitres: m.amountLitres,
        stations: priced.stations,
        // One unloading point per household on the group's tour.
        stops: 1,
        paymentParameterId: m.paymentParameterId,
        currencyCode: priced.offer.Currency,
        unitPrice: per100(share, m.amountLitres),
        totalPrice: share,
        lines: [{ label: line, amount: share }],
        installmentRate: null,
        groupOrderId: group.id,
      };
    });
    const written = await createOrders(tx, {
      dealer,
      tour,
      drafts,
      now,
      mails: {
        customer: (order, delivery) => {
          const member = remaining[draftIndex(drafts, order)];
          if (!member) throw new Error(`order ${order.orderNumber} of no household`);
          return householdOrderMail(
            deps.absoluteUrl,
            group,
            order,
            dealer,
            priced,
            member,
            delivery,
          );
        },
        dealer: (orders, delivery) => [
          dealerGroupMail(
            group,
            dealer,
            priced,
            remaining,
            orders.map((o) => o.orderNumber),
            delivery,
          ),
        ],
      },
    });
    for (const [i, m] of remaining.entries()) {
      await tx
        .update(groupOrderMembers)
        .set({ state: 'ordered', orderId: written.orders[i]?.id ?? null })
        .where(eq(groupOrderMembers.id, m.id));
    }
    for (const m of remaining) {
      await enqueueEmail(
        tx,
        closedMail(deps.absoluteUrl, group, m.email, dealer, priced, excluded.length),
      );
    }
    await tx
      .update(groupOrders)
      .set({
        state: 'closed',
        closedAt: now,
        dealerId: dealer.id,
        unitPrice: per100(priced.totalPrice, priced.totalAmount),
      })
      .where(eq(groupOrders.id, group.id));
    return { state: 'closed', ordered: remaining.length, excluded: excluded.length };
  });
}

/** The draft's position among the drafts, found by the order's idempotency key. */
function draftIndex(drafts: readonly OrderDraft[], order: { idempotencyKey: string }): number {
  return drafts.findIndex((d) => d.idempotencyKey === order.idempotencyKey);
}

/**
 * The tour of the group at `pricing`'s dealer: the depot nearest to the group's postal code, the
 * window of the organiser's options, and every working day of the delivery time (counted from
 * now) to try, earliest first. undefined when the board knows no depot of the dealer.
 */
function tourOf(
  deps: GroupDeps,
  template: CalculatorConfig,
  pricing: GroupPricing,
  paymentParameterId: number,
): TourPlan | undefined {
  const snapshot = deps.calculation.index.current();
  const config = configurationFor(
    deps.calculation,
    template,
    pricing.totalAmount,
    pricing.stations,
    paymentParameterId,
  );
  const resolved = resolveRequest(snapshot, config);
  if (!resolved.ok) return undefined;
  const schedule = dealerSchedule(
    snapshot,
    resolved.value,
    template.ZipCode,
    pricing.dealerId,
    deps.calculation.clock(),
  );
  if (!schedule) return undefined;
  const board = snapshot.delivery;
  return {
    depot: schedule.depot,
    window: schedule.need.window,
    days: schedule.period.days,
    capacity: (day) => board.capacity(schedule.depot, day),
  };
}

/**
 * The group fails for every household still in it (no day with room, or the closing's job
 * failed for good): each is told why, nothing is ordered. Idempotent: a group no longer open or
 * closing is left as it is.
 */
export async function failGroup(
  deps: GroupDeps,
  groupId: number,
  reason: string,
): Promise<ClosingSummary> {
  return deps.db.transaction(async (tx) => {
    const [group] = await tx
      .select()
      .from(groupOrders)
      .where(eq(groupOrders.id, groupId))
      .for('update');
    if (!group) return { state: 'failed', ordered: 0, excluded: 0 };
    const state = group.state as GroupState;
    if (state !== 'open' && state !== 'closing') return { state, ordered: 0, excluded: 0 };
    const active = (await membersOf(tx, group.id)).filter((m) => m.state === 'active');
    const note = `${reason} Es wurde nichts bestellt.`;
    for (const m of active) {
      await tx
        .update(groupOrderMembers)
        .set({ state: 'excluded', note })
        .where(eq(groupOrderMembers.id, m.id));
      await enqueueEmail(tx, failedMail(deps.absoluteUrl, group, m.email, reason));
    }
    await tx
      .update(groupOrders)
      .set({ state: 'failed', closedAt: nowOf(deps) })
      .where(eq(groupOrders.id, group.id));
    return { state: 'failed', ordered: 0, excluded: active.length };
  });
}

function formatUnit(value: number, group: GroupRow): string {
  return new Intl.NumberFormat('de-DE', {
    style: 'currency',
    currency: group.countryId === 3 ? 'CHF' : 'EUR',
  }).format(value);
}

// ---------------------------------------------------------------------------------------------
// Lists

export async function myGroups(deps: GroupDeps, userId: number): Promise<MyGroup[]> {
  const rows = await deps.db
    .select({ group: groupOrders, member: groupOrderMembers })
    .from(groupOrderMembers)
    .innerJoin(groupOrders, eq(groupOrders.id, groupOrderMembers.groupId))
    .where(eq(groupOrderMembers.userId, userId))
    .orderBy(desc(groupOrders.createdAt), desc(groupOrders.id));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.group.id);
  const all = await deps.db
    .select()
    .from(groupOrderMembers)
    .where(inArray(groupOrderMembers.groupId, ids));
  const numbers = await deps.db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(inArray(orders.groupOrderId, ids));
  const now = nowOf(deps);
  const catalogue = deps.calculation.index.current().catalogue;
  return rows.map(({ group, member }) => {
    const closed = group.state === 'closed';
    const counted = all.filter(
      (m) => m.groupId === group.id && (closed ? m.state === 'ordered' : m.state === 'active'),
    );
    return {
      Code: group.code,
      State: shownState(group, now),
      Deadline: group.deadline.toISOString(),
      ZipCode: group.zip,
      Place: group.place,
      ProductName: catalogue.products.get(templateOf(group).Product.Id)?.name ?? '',
      Households: counted.length,
      TotalAmount: counted.reduce((sum, m) => sum + m.amountLitres, 0),
      IsOrganiser: group.organiserUserId === userId,
      YourState: member.state as MemberState,
      YourAmount: member.amountLitres,
      OrderNumber: numbers.find((o) => o.id === member.orderId)?.orderNumber ?? null,
    };
  });
}

/** Customer support: the newest 200 groups with their households and orders. */
export async function supportGroups(deps: GroupDeps): Promise<SupportGroup[]> {
  const groups = await deps.db
    .select({ group: groupOrders, dealerName: dealers.name, productName: products.name })
    .from(groupOrders)
    .leftJoin(dealers, eq(dealers.id, groupOrders.dealerId))
    .leftJoin(products, sql`${products.id} = (${groupOrders.configuration}->'Product'->>'Id')::int`)
    .orderBy(desc(groupOrders.createdAt), desc(groupOrders.id))
    .limit(200);
  if (groups.length === 0) return [];
  const ids = groups.map((g) => g.group.id);
  const members = await deps.db
    .select({ member: groupOrderMembers, order: orders })
    .from(groupOrderMembers)
    .leftJoin(orders, eq(orders.id, groupOrderMembers.orderId))
    .where(inArray(groupOrderMembers.groupId, ids))
    .orderBy(asc(groupOrderMembers.joinedAt), asc(groupOrderMembers.id));
  const now = nowOf(deps);
  return groups.map(({ group, dealerName, productName }) => ({
    Id: group.id,
    Code: group.code,
    State: shownState(group, now),
    CreatedAt: group.createdAt.toISOString(),
    Deadline: group.deadline.toISOString(),
    ClosedAt: group.closedAt?.toISOString() ?? null,
    ZipCode: group.zip,
    Place: group.place,
    ProductName: productName ?? '',
    Currency: group.countryId === 3 ? ('CHF' as const) : ('EUR' as const),
    DealerName: dealerName,
    Members: members
      .filter(({ member }) => member.groupId === group.id)
      .map(({ member, order }) => ({
        Email: member.email,
        Name: [member.deliveryAddress.firstName, member.deliveryAddress.lastName]
          .filter(Boolean)
          .join(' '),
        ZipCode: member.deliveryAddress.zip,
        Amount: member.amountLitres,
        IsOrganiser: member.userId === group.organiserUserId,
        State: member.state as MemberState,
        OrderNumber: order?.orderNumber ?? null,
        OrderId: order?.id ?? null,
        TotalPrice: order?.totalPrice ?? null,
        Note: member.note,
      })),
  }));
}
