/**
 * The calculator bar's meX line for an owner (SPEC §3 Banner data mex, selectedMex):
 * "Tank Keller: 42 % · reicht bis 12.02." linking to /mein-mex. Nothing without tanks.
 */
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { formatQuantity } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { dayAfter, formatDayMonthDe, LOW_LEVEL_PCT } from '../mex-format';
import { mexSnapshotState, selectedTank } from '../snapshot';
import { texts } from '../texts';
import styles from './snapshot-line.module.css';

export function MexSnapshotLine() {
  const state = useSnapshot(mexSnapshotState);
  const tank = selectedTank(state);
  if (!tank) return null;
  const until = tank.DaysLeft === null ? null : formatDayMonthDe(dayAfter(tank.DaysLeft));
  return (
    <Link
      className={styles.line}
      to={paths.mex}
      data-low={tank.Percent < LOW_LEVEL_PCT ? 'true' : undefined}
      title={texts.banner.linkLabel}
    >
      <span className={styles.gauge} aria-hidden="true">
        <span style={{ width: `${Math.max(0, Math.min(100, tank.Percent))}%` }} />
      </span>
      {texts.banner.line(tank.Name, formatQuantity(tank.Percent), until)}
    </Link>
  );
}
