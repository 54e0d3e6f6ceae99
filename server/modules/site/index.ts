/**
 * The site module's public face (eslint.config.js zone (j)): the states of a country and the
 * state map for the page renderer, and the routes.
 */
export { siteRoutes } from './routes';
export { countryStates } from './service';
export { stateMapMarkup } from './state-map';
