/**
 * The footer's quality badge (SPEC §3 Trusted quality), on every page. Only its place is part of
 * the first download: the badge, its request, its schema and its render load once the place
 * comes near the viewport (on a phone they were part of every page's first second, and
 * a visitor who never scrolls to the footer needs none of it). The place keeps the badge's
 * height meanwhile, so nothing below it moves when it appears.
 */
import { Suspense } from 'react';
import { useNearViewport } from '../../../ui/use-near-viewport';
import styles from './quality-badge.module.css';
import { lazyImport } from '../../../lib/lazy-import';
import { lazyPart } from '../../../ui/lazy-part';

const loadContent = lazyImport(() => import('./quality-badge-content'));
const QualityBadgeContent = lazyPart(() =>
  loadContent().then((m) => ({ default: m.QualityBadgeContent })),
);

export function QualityBadge({ className }: { className?: string }) {
  const [slot, near] = useNearViewport<HTMLDivElement>();
  return (
    <div ref={slot} className={styles.slot}>
      {near && (
        <Suspense fallback={null}>
          <QualityBadgeContent className={className} />
        </Suspense>
      )}
    </div>
  );
}
