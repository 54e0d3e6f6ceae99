/**
 * The group-orders module's public face (eslint.config.js zone (j)): the plugin (the closing job)
 * and the routes of customers and support.
 */
export { groupOrdersPlugin } from './plugin';
export { groupOrderRoutes, supportGroupOrderRoutes } from './routes';
