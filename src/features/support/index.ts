/** The support area (SPEC §2): the user list with impersonation. */
export { UserListPage } from './user-list-page';
export { TelemetryPage } from './telemetry-page';
function NotBuilt() {
  return null;
}
export const CachePage = NotBuilt;
export const UserEditPage = NotBuilt;
