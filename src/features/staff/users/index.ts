/** Users (SPEC §2 support area): the user search with impersonation, and one user's editing. */
export { UserListPage } from './user-list-page';
export { UserEditPage } from './user-edit-page';
