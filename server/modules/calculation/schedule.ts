/**
 * The earliest delivery of every offer: what a calculation adds to the engine's
 * offers from the price index's delivery board, synchronously and without a query. An offer
 * whose dealer has no free day within the delivery time's period is left out: it could not be
 * booked. The order's preview and booking (orders/service.ts) ask the same functions.
 */
import type { DeliveryLoad, DeliverySlot } from '../../../src/api/contract/delivery';
import type { Offer } from '../../../src/api/contract/calculation';
import {
  compareOffers,
  GROUP_DELIVERY_TIME,
  type EngineParameter,
  type OfferRequest,
} from './engine';
import type { PriceSnapshot } from './price-index';
import { windowOfParameter, type Depot, type Need, type Period } from '../delivery';

/** Parameter group "Lieferzeitfenster" (catalogue.ts). */
export const GROUP_TIME_WINDOW = 5;

/** Without a lead of its own, a delivery time starts on the next working day. */
const DEFAULT_LEAD_DAYS = 1;
/** Without a period of its own: three weeks (the default "Standard" option). */
const DEFAULT_DELIVERY_DAYS = 15;

export function needOf(request: Pick<OfferRequest, 'amount' | 'stations' | 'parameters'>): Need {
  const window = request.parameters.find((p) => p.groupId === GROUP_TIME_WINDOW);
  return {
    litres: request.amount,
    stops: request.stations,
    window: windowOfParameter(window?.id),
  };
}

function deliveryTimeOf(parameters: readonly EngineParameter[]): EngineParameter | undefined {
  return parameters.find((p) => p.groupId === GROUP_DELIVERY_TIME);
}

/** Where a dealer delivers the request from, and within which days. */
export interface DealerSchedule {
  depot: Depot;
  period: Period;
  need: Need;
}

export function dealerSchedule(
  snapshot: PriceSnapshot,
  request: OfferRequest,
  zip: string,
  dealerId: number,
  now: Date,
): DealerSchedule | undefined {
  const point = snapshot.zipPoint(request.countryId, zip);
  if (!point) return undefined;
  const board = snapshot.delivery;
  const depot = board.depotFor(dealerId, point);
  if (!depot) return undefined;
  const time = deliveryTimeOf(request.parameters);
  const period = board.period(
    depot,
    now,
    time?.leadDays ?? DEFAULT_LEAD_DAYS,
    time?.deliveryDays ?? DEFAULT_DELIVERY_DAYS,
  );
  return { depot, period, need: needOf(request) };
}

/** The free days an order of this offer may book, earliest first. */
export function slotsFor(snapshot: PriceSnapshot, schedule: DealerSchedule): DeliverySlot[] {
  return snapshot.delivery.slots(schedule.depot, schedule.period, schedule.need);
}

/**
 * The offers with EarliestDelivery and LatestDelivery, those without a free day left out,
 * ranked again (a tie in price goes to the earlier delivery); and the region's load.
 */
export function scheduleOffers(
  snapshot: PriceSnapshot,
  request: OfferRequest,
  zip: string,
  offers: readonly Offer[],
  now: Date,
): { items: Offer[]; load: DeliveryLoad | undefined } {
  const items: Offer[] = [];
  const depots: Depot[] = [];
  for (const offer of offers) {
    const schedule = dealerSchedule(snapshot, request, zip, offer.Id, now);
    if (!schedule) {
      items.push(offer);
      continue;
    }
    depots.push(schedule.depot);
    const earliest = snapshot.delivery.earliest(schedule.depot, schedule.period, schedule.need);
    if (earliest === undefined) continue;
    items.push({ ...offer, EarliestDelivery: earliest, LatestDelivery: schedule.period.to });
  }
  items.sort(compareOffers);
  const load = depots.length > 0 ? snapshot.delivery.regionalLoad(depots, now) : undefined;
  return { items, load };
}
