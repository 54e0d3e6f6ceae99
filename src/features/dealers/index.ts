/** The dealer directory, dealer and branch pages (issue 12). */
export { DealerDirectoryPage } from './directory-page';
export { DealerPage } from './dealer-page';
