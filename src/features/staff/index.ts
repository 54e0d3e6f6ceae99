/** The staff area's entry and its shared UI kit (issue 13). */
export { StaffHomePage } from './home-page';
