/**
 * The closing of a group (docs/decisions/022), the handler of the job GROUP_CLOSE_JOB (key: the
 * group id) that the start queued for the deadline and the organiser's early close made due: one
 * transaction that locks the group's row, prices the households, writes their orders booked as
 * one tour and every mail, and marks the group closed; or fails it for everyone.
 */
import type { CalculatorConfig } from '../../../src/api/contract/calculation';
import type { GroupState } from '../../../src/api/contract/group-orders';
import { dealerSchedule, resolveRequest } from '../calculation';
import { findDealerContact } from '../dealers';
import { enqueueEmail } from '../mail';
import { createOrders, NoRoomError, type OrderDraft, type TourPlan } from '../orders';
import { closedMail, dealerGroupMail, excludedMail, failedMail, householdOrderMail } from './mails';
import { currencyOf, nowOf, pricedOf, templateOf, type GroupDeps } from './model';
import { configurationFor, per100, priceGroup, type GroupPricing } from './pricing';
import {
  lockGroupById,
  membersOf,
  updateGroup,
  updateMember,
  type GroupRow,
  type MemberRow,
} from './repo';

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
    const group = await lockGroupById(tx, groupId);
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
      await updateMember(tx, member.id, { state: 'excluded', note });
      await enqueueEmail(tx, excludedMail(deps.absoluteUrl, group, member.email, note));
    }

    if (!pricing || remaining.length === 0) {
      await updateGroup(tx, group.id, { state: 'failed', closedAt: now });
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
      await updateMember(tx, m.id, { state: 'ordered', orderId: written.orders[i]?.id ?? null });
    }
    for (const m of remaining) {
      await enqueueEmail(
        tx,
        closedMail(deps.absoluteUrl, group, m.email, dealer, priced, excluded.length),
      );
    }
    await updateGroup(tx, group.id, {
      state: 'closed',
      closedAt: now,
      dealerId: dealer.id,
      unitPrice: per100(priced.totalPrice, priced.totalAmount),
    });
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
    const group = await lockGroupById(tx, groupId);
    if (!group) return { state: 'failed', ordered: 0, excluded: 0 };
    const state = group.state as GroupState;
    if (state !== 'open' && state !== 'closing') return { state, ordered: 0, excluded: 0 };
    const active = (await membersOf(tx, group.id)).filter((m) => m.state === 'active');
    const note = `${reason} Es wurde nichts bestellt.`;
    for (const m of active) {
      await updateMember(tx, m.id, { state: 'excluded', note });
      await enqueueEmail(tx, failedMail(deps.absoluteUrl, group, m.email, reason));
    }
    await updateGroup(tx, group.id, { state: 'failed', closedAt: nowOf(deps) });
    return { state: 'failed', ordered: 0, excluded: active.length };
  });
}

function formatUnit(value: number, group: GroupRow): string {
  return new Intl.NumberFormat('de-DE', {
    style: 'currency',
    currency: currencyOf(group),
  }).format(value);
}
