/**
 * "Lieferzeiten in Ihrer Region: normal / erhöht / hoch": how busy the dealers that
 * deliver to the postal code are over the next two weeks. A quiet line for normal; elevated and
 * high get a tinted box and a sentence on what it means, without the colours of an error.
 */
import type { DeliveryLoad } from '../../../api/contract/delivery';
import { texts } from '../texts';
import styles from './delivery-load-hint.module.css';

const LOAD_CLASS: Record<DeliveryLoad, string | undefined> = {
  normal: styles.normal,
  elevated: styles.elevated,
  high: styles.high,
};

export function DeliveryLoadHint({ load }: { load: DeliveryLoad }) {
  const note = texts.deliveryLoad.notes[load];
  return (
    <p className={`${styles.hint} ${LOAD_CLASS[load] ?? ''}`} data-testid="delivery-load">
      <span className={styles.dot} aria-hidden="true" />
      <span>
        {texts.deliveryLoad.label} <strong>{texts.deliveryLoad.levels[load]}</strong>
        {note && <span className={styles.note}> – {note}</span>}
      </span>
    </p>
  );
}
