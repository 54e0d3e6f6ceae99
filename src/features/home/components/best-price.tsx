/**
 * Today's best price for 3,000 L in the hero (SPEC §7 best-price, cached 120 s): "Heute ab
 * 98,45 € / 100 Liter" in the locale's currency. A skeleton while loading; nothing on failure.
 */
import { useEffect, useState } from 'react';
import type { BestPriceResponse } from '../../../api/contract/calculation';
import { CALC } from '../../../api/contract/calculation-constants';
import { dataKey } from '../../../api/contract/pages';
import { usePageData } from '../../../ui/page-data';
import { useMounted } from '../../../ui/use-mounted';
import { berlinDay, formatStandDe } from '../../../lib/dates';
import { formatPrice, formatQuantity } from '../../../lib/format';
import { BEST_PRICE_PATH, fetchBestPrice } from '../api';
import { apiUrl } from '../../../api/client';
import { whenIdle } from '../../../lib/idle';
import { lazyImport } from '../../../lib/lazy-import';

const loadLastKnown = lazyImport(() => import('../../../api/last-known'));
import { texts } from '../texts';
import styles from './best-price.module.css';

type Load = { countryId: number } & (
  { status: 'error' } | { status: 'ready'; price: BestPriceResponse }
);

export function BestPrice({ countryId }: { countryId: number }) {
  // A server-rendered home page brings the price along (null: none today).
  const rendered = usePageData<BestPriceResponse | null>(
    dataKey({ kind: 'bestPrice', countryId, amount: CALC.AMOUNT_DEFAULT }),
  );
  const [load, setLoad] = useState<Load | null>(() =>
    rendered === undefined
      ? null
      : rendered
        ? { countryId, status: 'ready', price: rendered }
        : { countryId, status: 'error' },
  );
  const current = load?.countryId === countryId ? load : null;
  // After hydration only (the server renders today's price with today's date).
  const mounted = useMounted();
  const loaded = current !== null;

  // The price came inside the page: kept where the worker looks for it offline, so the home page
  // opened from the home screen without a connection still says what it cost.
  useEffect(() => {
    if (!rendered) return;
    whenIdle(() => {
      const url = apiUrl(BEST_PRICE_PATH, { countryId, amount: CALC.AMOUNT_DEFAULT });
      loadLastKnown()
        .then((m) => m.keepAsLastKnown(url, rendered))
        .catch(() => undefined);
    });
  }, [rendered, countryId]);

  useEffect(() => {
    if (loaded) return;
    const controller = new AbortController();
    fetchBestPrice(countryId, CALC.AMOUNT_DEFAULT, controller.signal).then(
      (price) => setLoad({ countryId, status: 'ready', price }),
      () => {
        if (!controller.signal.aborted) setLoad({ countryId, status: 'error' });
      },
    );
    return () => controller.abort();
  }, [countryId, loaded]);

  if (current?.status === 'error') return null;
  if (!current) {
    return (
      <p className={`${styles.price} ${styles.skeleton}`} aria-busy="true">
        <span className="visually-hidden">{texts.bestPriceLoading}</span>
      </p>
    );
  }
  const { price } = current;
  // Offline, the worker's last-known copy may be of an earlier day: not "Heute" then.
  const at = new Date(price.TimeStamp);
  const earlierDay = mounted && berlinDay(at) !== berlinDay(new Date());
  return (
    <p className={styles.price}>
      <span className={styles.prefix}>
        {earlierDay ? texts.bestPricePrefixOld : texts.bestPricePrefix}
      </span>{' '}
      <strong className={styles.value}>{formatPrice(price.UnitPrice, price.Currency)}</strong>{' '}
      <span className={styles.unit}>{texts.bestPriceUnit}</span>
      <span className={styles.note}>
        {earlierDay && `${texts.bestPriceAt(formatStandDe(at))} · `}
        {texts.bestPriceNote(formatQuantity(price.Amount))}
      </span>
    </p>
  );
}
