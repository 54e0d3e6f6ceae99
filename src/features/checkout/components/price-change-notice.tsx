/** 409 from the server: the total changed since the user saw it. Old against new, then confirm. */
import { useEffect, useRef } from 'react';
import type { Snapshot } from 'valtio';
import type { Offer } from '../../../api/contract/calculation';
import { formatPrice } from '../../../lib/format';
import { Button, ButtonLink } from '../../../ui/button/button';
import { texts } from '../texts';
import styles from './price-change-notice.module.css';

export function PriceChangeNotice({
  previousTotal,
  offer,
  onConfirm,
  backHref,
}: {
  previousTotal: number;
  offer: Snapshot<Offer>;
  onConfirm: () => void;
  backHref: string;
}) {
  const ref = useRef<HTMLElement>(null);
  // The notice replaces the order step: it takes the focus so a screen reader hears it.
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <section
      ref={ref}
      className={styles.notice}
      role="alert"
      tabIndex={-1}
      aria-labelledby="checkout-price-title"
    >
      <h2 id="checkout-price-title">{texts.priceChanged.title}</h2>
      <dl className={styles.compare}>
        <div>
          <dt>{texts.priceChanged.previous}</dt>
          <dd className={styles.old} data-testid="price-previous">
            {formatPrice(previousTotal, offer.Currency)}
          </dd>
        </div>
        <div>
          <dt>{texts.priceChanged.current}</dt>
          <dd className={styles.new} data-testid="price-current">
            {formatPrice(offer.TotalPrice, offer.Currency)}
          </dd>
        </div>
      </dl>
      <div className={styles.actions}>
        <Button onClick={onConfirm}>{texts.priceChanged.confirm}</Button>
        <ButtonLink to={backHref} variant="secondary">
          {texts.priceChanged.cancel}
        </ButtonLink>
      </div>
    </section>
  );
}
