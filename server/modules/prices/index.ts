/**
 * The prices module's public face (eslint.config.js zone (j)): price answers for the page renderer
 * and for meX (history, regions, local prices), the plugin and the routes.
 */
export { readHistory } from './history';
export { localPrices, resolveLocal, townPathOf } from './local';
export { PRICE_SNAPSHOT_JOB, pricesPlugin } from './plugin';
export { countryKey, stateKey } from './regions';
export { pricesRoutes } from './routes';
export { countryAverage, priceFactors, priceFaq, priceHistory } from './service';
