/**
 * The health module's public face (eslint.config.js zone (j)): liveness and readiness routes.
 */
export { healthRoutes, READINESS_TEXTS } from './routes';
