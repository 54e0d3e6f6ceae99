/** /support: the staff area's entry page. */
export { StaffHomePage } from './home-page';
