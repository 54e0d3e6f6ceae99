/**
 * The lazy part of the meX line (mex-line.tsx): starts the snapshot store once per page, follows
 * the session (SPEC §4: cleared when not authenticated) and hands the tanks to the calculator's
 * banner data (SPEC §3 mex, selectedMex). Composed here in src/app: the two features do not
 * know each other.
 */
import { useEffect } from 'react';
import { subscribe } from 'valtio';
import { bannerState } from '../../features/calculator/banner';
import {
  mexSnapshotState,
  MexSnapshotLine,
  selectedTank,
  startMexSnapshot,
} from '../../features/mex/banner-entry';

let started = false;

/**
 * The shown banner data with the tanks (SPEC §3 mex, selectedMex): after every snapshot change
 * and every new banner answer. Plain copies, so the two proxies share no objects; written only
 * when different, since the write notifies this subscriber again.
 */
function syncBanner(): void {
  const data = bannerState.data;
  if (!data) return;
  const tanks = mexSnapshotState.tanks.map((t) => ({ ...t }));
  const selected = selectedTank(mexSnapshotState);
  const mex = tanks.length > 0 ? tanks : null;
  const selectedMex = selected && { ...selected };
  if (JSON.stringify([data.mex, data.selectedMex]) === JSON.stringify([mex, selectedMex])) return;
  data.mex = mex;
  data.selectedMex = selectedMex;
}

function start(): void {
  if (started) return;
  started = true;
  startMexSnapshot();
  subscribe(mexSnapshotState, syncBanner);
  subscribe(bannerState, syncBanner);
  syncBanner();
}

export default function MexLinePart() {
  useEffect(start, []);
  return <MexSnapshotLine />;
}
