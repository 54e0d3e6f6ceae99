/**
 * The telemetry module's public face (eslint.config.js zone (j)): the plugin (the retention job)
 * and the routes.
 */
export { telemetryPlugin } from './plugin';
export { supportTelemetryRoutes, telemetryRoutes } from './routes';
