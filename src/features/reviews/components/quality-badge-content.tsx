/**
 * The review-based quality score (SPEC §1, §3 Trusted quality) as a small badge: stars, the mean
 * mark, its German word and the counts. While loading and when the call fails nothing is shown;
 * a failure is only logged (SPEC §8 "reviews failure only logged"). Loaded by QualityBadge once
 * its place nears the viewport (quality-badge.tsx).
 */
import { useEffect, useState } from 'react';
import type { TrustedQuality } from '../../../api/contract/ratings';
import { formatDecimal, formatQuantity } from '../../../lib/format';
import { Stars } from '../../../ui/stars/stars';
import { useLocale } from '../../locale';
import { fetchQuality } from '../quality-api';
import { badgeTexts } from '../badge-texts';
import styles from './quality-badge.module.css';

export function QualityBadgeContent({ className }: { className?: string }) {
  const { reviewsServiceId } = useLocale();
  const [quality, setQuality] = useState<{ id: string; data: TrustedQuality } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchQuality(reviewsServiceId, controller.signal)
      .then((data) => setQuality({ id: reviewsServiceId, data }))
      .catch((error: unknown) => {
        // SPEC §8 lists this among the quiet failures: logged, not a warning or error.
        if (!controller.signal.aborted) console.info('Bewertungen nicht geladen', error);
      });
    return () => controller.abort();
  }, [reviewsServiceId]);

  if (quality?.id !== reviewsServiceId) return null;
  return <Badge q={quality.data} className={className} />;
}

function Badge({ q, className }: { q: TrustedQuality; className: string | undefined }) {
  const hasMark = q.OverallMark !== null && q.ActiveReviewCount > 0;
  // The server rounds to 2 decimals (SPEC §3); shown as "4,13" or "4,5".
  const mark = hasMark ? formatDecimal(q.OverallMark ?? 0, 1, 2) : '';
  return (
    <div className={[styles.badge, className].filter(Boolean).join(' ')}>
      <p className={styles.label}>{badgeTexts.label}</p>
      {hasMark ? (
        <p
          className={styles.line}
          aria-label={badgeTexts.summary(
            mark,
            q.OverallMarkDescriptionGUILang,
            formatQuantity(q.ActiveReviewCount),
            q.ActivePeriodInDays,
          )}
        >
          <Stars value={q.OverallMark ?? 0} tone="inverse" />
          <strong aria-hidden="true">{mark}</strong>
          <span aria-hidden="true">{q.OverallMarkDescriptionGUILang}</span>
        </p>
      ) : q.TotalReviewCount === 0 ? (
        // Nobody has rated yet: said in words, not as "Keine Daten · 0 Bewertungen".
        <p className={styles.line}>{badgeTexts.none}</p>
      ) : (
        <p className={styles.line}>{q.OverallMarkDescriptionGUILang}</p>
      )}
      {q.TotalReviewCount > 0 && (
        <p className={styles.count}>
          {badgeTexts.count(
            formatQuantity(q.ActiveReviewCount),
            formatQuantity(q.TotalReviewCount),
          )}
        </p>
      )}
    </div>
  );
}
