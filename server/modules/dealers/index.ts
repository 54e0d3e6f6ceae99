/**
 * The dealers module's public face (eslint.config.js zone (j)): the dealer directory and pages for
 * the page renderer, the dealer contact that order mails and support screens name, the dealers
 * near a postal code, the plugin and the routes.
 */
export { dealersPlugin } from './plugin';
export { type DealerContact, findDealerContact } from './repo';
export { dealersRoutes } from './routes';
export { dealerDirectory, dealersForZip } from './directory';
export { dealerDetail, pageDealerDetail } from './page';
export { dealerReviews } from './reviews';
