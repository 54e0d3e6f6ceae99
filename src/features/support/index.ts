/** The support area (SPEC §2): the user list with impersonation. */
export { UserListPage } from './user-list-page';
export { TelemetryPage } from './telemetry-page';
