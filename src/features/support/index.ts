/**
 * The support area (SPEC §2): the user list with impersonation, user editing, the caches, the
 * job queue, the group orders, a dealer's delivery bookings.
 */
export { UserListPage } from './user-list-page';
export { TelemetryPage } from './telemetry-page';
export { CachePage } from './cache-page';
export { JobsPage } from './jobs-page';
export { GroupOrdersPage } from './group-orders-page';
export { DeliveryBookingsPage } from './delivery-bookings-page';
export { UserEditPage } from './user-edit-page';
