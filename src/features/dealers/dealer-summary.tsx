import { Link } from 'react-router';
import type { DealerSummary } from '../../api/contract/dealers';
import { formatOneDigit } from '../../lib/format';
import { RatingLine as StarsLine } from '../../ui/stars/stars';
import { texts } from './texts';
import styles from './dealers.module.css';

/** Rating as stars, figure and count; "Noch keine Bewertungen" without any. */
export function RatingLine({ rating, count }: { rating: number; count: number }) {
  const figure = formatOneDigit(rating);
  return (
    <StarsLine
      rating={
        count === 0
          ? null
          : {
              value: rating,
              label: texts.ratingLabel(figure, count),
              figure,
              count: texts.ratingCount(count),
            }
      }
      empty={texts.noRatings}
    />
  );
}

export function DealerSummaryCard({ dealer, area }: { dealer: DealerSummary; area: boolean }) {
  return (
    <article className={styles.summary}>
      <h3 className={styles.summaryName}>
        <Link to={dealer.Link} className={styles.summaryLink}>
          {dealer.Name}
        </Link>
      </h3>
      <p className={styles.summaryPlace}>
        {dealer.ZipCode} {dealer.Place}
        {area && (
          <span className={styles.badge} data-kind={dealer.SeatInArea ? 'seat' : 'delivers'}>
            {dealer.SeatInArea ? texts.seatInArea : texts.deliversHere}
          </span>
        )}
      </p>
      <RatingLine rating={dealer.Rating} count={dealer.RatingCount} />
      {dealer.BranchCount > 0 && (
        <p className={styles.summaryMeta}>{texts.branches(dealer.BranchCount)}</p>
      )}
    </article>
  );
}
