/** Dealer constants without zod, for pages at load; dealers.ts re-exports them. */

/** The amount today's price on a dealer page is for. */
export const DEALER_PRICE_AMOUNT = 3000;
