/**
 * The meX snapshot's own chunk for the app shell (loaded by src/app/layouts/mex-line.tsx only
 * for a user with hasMexEnabled, so the home route's first download carries none of it). The
 * dashboard page is reached through index.ts.
 */
export { MexSnapshotLine } from './components/snapshot-line';
export {
  mexSnapshotState,
  selectedTank,
  selectMexTank,
  startMexSnapshot,
  type MexSnapshotState,
} from './snapshot';
