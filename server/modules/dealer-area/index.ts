/**
 * The dealer area's public face (eslint.config.js zone (j); decision 026): the dealer's orders
 * and decisions under /api/haendler, and the demo dealer user's binding.
 */
export { dealerAreaRoutes, type DealerAreaRoutesOptions } from './routes';
export { DEMO_DEALER_EMAIL, seedDemoDealer } from './seed';
