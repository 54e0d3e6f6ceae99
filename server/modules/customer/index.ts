/**
 * The customer module's public face (eslint.config.js zone (j)): the routes of the customer's
 * personal data and addresses.
 */
export { customerRoutes } from './routes';
