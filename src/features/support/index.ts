/** The support area (SPEC §2): the user list with impersonation, user editing, the caches. */
export { UserListPage } from './user-list-page';
export { TelemetryPage } from './telemetry-page';
export { CachePage } from './cache-page';
export { UserEditPage } from './user-edit-page';
