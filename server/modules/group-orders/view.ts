/**
 * What a group shows: the page of one group (its households, the offer and the visitor's own
 * share), a customer's list of groups and customer support's list.
 */
import {
  GROUP_RULES,
  type GroupHousehold,
  type GroupView,
  type MemberState,
  type MyGroup,
  type SupportGroup,
} from '../../../src/api/contract/group-orders';
import type { DeliverySlot } from '../../../src/api/contract/delivery';
import type { DbOrTx } from '../../db/client';
import { findDealerContact } from '../dealers';
import { storedWindow } from '../delivery';
import {
  currencyOf,
  joinBlocked,
  nowOf,
  pricedOf,
  shownState,
  templateOf,
  type GroupDeps,
} from './model';
import { aloneTotal, groupPaymentOptions, per100, priceGroup, type GroupPricing } from './pricing';
import {
  bookingOfOrder,
  findGroupByCode,
  groupsOfUser,
  membersOf,
  membersOfGroups,
  membersWithOrders,
  newestGroups,
  orderNumbersOfGroups,
  ordersOfGroup,
  type GroupRow,
  type MemberRow,
} from './repo';

export async function viewGroup(
  deps: GroupDeps,
  code: string,
  userId: number,
): Promise<GroupView | undefined> {
  const group = await findGroupByCode(deps.db, code);
  if (!group) return undefined;
  return buildView(deps, group, await membersOf(deps.db, group.id), userId);
}

export async function buildView(
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
  const orderRows = closed ? await ordersOfGroup(deps.db, group.id) : [];
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
    Currency: currencyOf(group),
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
  const booking = await bookingOfOrder(db, first.id);
  return booking ? { Date: booking.day, Window: storedWindow(booking.window) } : null;
}

export async function myGroups(deps: GroupDeps, userId: number): Promise<MyGroup[]> {
  const rows = await groupsOfUser(deps.db, userId);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.group.id);
  const all = await membersOfGroups(deps.db, ids);
  const numbers = await orderNumbersOfGroups(deps.db, ids);
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
  const groups = await newestGroups(deps.db, 200);
  if (groups.length === 0) return [];
  const ids = groups.map((g) => g.group.id);
  const members = await membersWithOrders(deps.db, ids);
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
    Currency: currencyOf(group),
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
