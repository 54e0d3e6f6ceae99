/**
 * The support module's public face (eslint.config.js zone (j)): the routes of the user screens.
 */
export { supportUserRoutes } from './routes';
