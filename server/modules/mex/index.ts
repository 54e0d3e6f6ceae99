/**
 * The meX module's public face (eslint.config.js zone (j)): the plugins and routes of meX and the
 * price alarm, and the demo seed.
 */
export { priceAlarmPlugin } from './alarm-plugin';
export { priceAlarmRoutes } from './alarm-routes';
export { mexIngestRoutes, mexRoutes, mexSupportRoutes } from './routes';
export { seedDemoMex } from './seed';
