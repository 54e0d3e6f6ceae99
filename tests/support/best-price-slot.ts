/**
 * The best price's moment is the start of its 120 s slot, or the later moment its prices changed
 * in the database (server/modules/calculation/service.ts bestPriceMoment). Tests that fake the
 * date put it into the next slot: after the seeded prices were written, so the moment is the
 * slot's start in every test app.
 */
import { BEST_PRICE_TTL_S } from '../../server/modules/calculation';

export const BEST_PRICE_SLOT_MS = BEST_PRICE_TTL_S * 1000;

/** The start of the slot after the current one, epoch ms. */
export function nextBestPriceSlotStart(now = Date.now()): number {
  return (Math.floor(now / BEST_PRICE_SLOT_MS) + 1) * BEST_PRICE_SLOT_MS;
}
