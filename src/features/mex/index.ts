/** meX tank sensors: the /mein-mex dashboard. */
export { MexDashboardPage } from './dashboard-page';
/** The selected tank (price alarms start from it). */
export { mexSnapshotState, selectedTank } from './snapshot';
