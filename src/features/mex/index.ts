/** meX tank sensors (issue 14): the /mein-mex dashboard. */
export { MexDashboardPage } from './dashboard-page';
/** The selected tank (price alarms start from it). */
export { mexSnapshotState, selectedTank } from './snapshot';
