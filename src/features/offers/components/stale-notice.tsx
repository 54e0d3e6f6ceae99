/**
 * The offers on screen are not the current answer (offline, no answer from the server,
 * a failed recalculation): say so, with their age, what is kept and what happens next.
 */
import { useSnapshot } from 'valtio';
import { formatStandDe } from '../../../lib/dates';
import { formatQuantity } from '../../../lib/format';
import { Button } from '../../../ui/button/button';
import { offerListState } from '../store';
import { retryOfferList } from '../sync';
import { texts } from '../texts';
import styles from './stale-notice.module.css';

export function StaleNotice() {
  const list = useSnapshot(offerListState);
  const { stale, shown } = list;
  // While the answer is on its way, the toolbar's note says the age (no jump of the list).
  if (!stale || stale.reason !== 'failed' || !shown?.calculatedAt) return null;
  return (
    <div className={styles.notice} role="status">
      <p className={styles.title}>
        <strong>{texts.stale.title}</strong>{' '}
        <span>· {texts.calculatedAt(formatStandDe(new Date(shown.calculatedAt)))}</span>
      </p>
      <p>
        {stale.offline ? texts.stale.offline : texts.stale.failed}
        {stale.otherQuery &&
          ` ${texts.stale.otherQuery(formatQuantity(shown.config.Amount), shown.config.ZipCode)}`}{' '}
        {texts.stale.order}
      </p>
      <Button variant="secondary" onClick={retryOfferList}>
        {texts.stale.retry}
      </Button>
    </div>
  );
}
