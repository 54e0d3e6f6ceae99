/**
 * The calculation module's public face (eslint.config.js zone (j)): the calculator's use cases
 * (price a request, the best price, the calculator's start data), the engine's constants that
 * orders, groups and dealers price with, the price index (offers with their earliest delivery)
 * and the routes.
 */
export {
  APPOINTMENT_PLUS_LABEL,
  CURRENCY,
  GROUP_DELIVERY_TIME,
  GROUP_PAYMENT,
  type OfferRequest,
  prepareRequest,
  priceOffer,
  toCents,
} from './engine';
export { calculationPlugin } from './plugin';
export { meanRating, PriceIndex } from './price-index';
export { dbPriceSource } from './repo';
export { calculationRoutes, localBestPriceRoutes } from './routes';
export { dealerSchedule, type DealerSchedule, slotsFor } from './schedule';
export {
  BEST_PRICE_TTL_S,
  bestPrice,
  calculate,
  calculateDefault,
  type CalculationDeps,
  calculationJson,
  calculatorInit,
  checkZip,
  createCalculationDeps,
  resolveRequest,
  withFavourites,
} from './service';
