/** The dealer directory, dealer and branch pages. */
export { DealerDirectoryPage } from './directory-page';
export { DealerPage } from './dealer-page';
