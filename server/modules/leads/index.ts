/**
 * The leads module's public face (eslint.config.js zone (j)): the guides for the page renderer,
 * the plugin, the routes and the seed of the guides.
 */
export { leadsPlugin } from './plugin';
export { leadBannerRoutes, leadsRoutes } from './routes';
export { seedGuides } from './seed';
export { loadGuide, toGuide } from './service';
