/**
 * Operations: the client telemetry, the server caches, the job queue, the group orders and a
 * dealer's delivery bookings.
 */
export { TelemetryPage } from './telemetry-page';
export { CachePage } from './cache-page';
export { JobsPage } from './jobs-page';
export { GroupOrdersPage } from './group-orders-page';
export { DeliveryBookingsPage } from './delivery-bookings-page';
