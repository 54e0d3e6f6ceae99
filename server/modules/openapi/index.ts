/**
 * The OpenAPI module's public face (eslint.config.js zone (j)): the document's routes.
 */
export { openApiRoutes } from './routes';
