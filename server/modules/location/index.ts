/**
 * The location module's public face (eslint.config.js zone (j)): the postal-code index and check,
 * the plugin and the routes.
 */
export { zipIndexPlugin } from './plugin';
export { locationRoutes } from './routes';
export { checkZipCode, type ZipIndex } from './service';
