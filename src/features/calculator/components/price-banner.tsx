/**
 * SPEC §3 Banner data in the calculator bar: today's lowest price for the confirmed postal code
 * and amount, or the country's average at 3,000 L before there is one. Its line is reserved from
 * the first paint (the server renders it empty), so the price arriving moves nothing; a failed
 * load leaves it empty (SPEC §8). Only this reserved line is on every page's first download: its
 * content (price-banner-line.tsx) loads where the line is shown, after hydration.
 */
import { Suspense } from 'react';
import { lazyImport } from '../../../lib/lazy-import';
import { usePageLive } from '../../../ui/hydration';
import { lazyPart } from '../../../ui/lazy-part';
import { useMediaQuery } from '../../../ui/use-media-query';
import styles from './price-banner.module.css';

const loadLine = lazyImport(() => import('./price-banner-line'));
const PriceBannerLine = lazyPart(() => loadLine().then((m) => ({ default: m.PriceBannerLine })));

/** Where the calculator bar has room for the line. */
const BANNER_MEDIA = '(min-width: 768px)';

export function PriceBanner({ className }: { className?: string }) {
  // The bar shows the line from 768 px (calculator-bar.module.css): a phone loads nothing for it.
  // Its content comes once a server page has hydrated (usePageLive), never in that render.
  const shownHere = useMediaQuery(BANNER_MEDIA);
  const live = usePageLive();
  return (
    <p className={[styles.banner, className].filter(Boolean).join(' ')} aria-live="polite">
      {shownHere && live && (
        <Suspense fallback={null}>
          <PriceBannerLine />
        </Suspense>
      )}
    </p>
  );
}
