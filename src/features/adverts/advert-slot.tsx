/**
 * An advert slot on a public page (SPEC §3/§4, issue 13): a box of the slot's size, reserved in
 * the server-rendered HTML so nothing moves when the advert arrives, marked "Anzeige". The
 * loading, the draw and the rendering live in ./runtime, loaded when the browser is idle, so the
 * home page's JavaScript stays within its budget and the first paint does not wait for adverts.
 * Our adverts carry no tracking (no pixels, no third-party requests), so they need no consent;
 * a campaign that wants tracking would need the marketing consent first (docs/decisions/016).
 */
import { useEffect, useRef } from 'react';
import styles from './advert-slot.module.css';

export type PageSlotKey = 'home-top' | 'offers-list' | 'prices-side';

const idle = (run: () => void) =>
  'requestIdleCallback' in window
    ? requestIdleCallback(run, { timeout: 3000 })
    : setTimeout(run, 1);

export function AdvertSlot({ slotKey }: { slotKey: PageSlotKey }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let live = true;
    let stop: (() => void) | undefined;
    idle(() => {
      void import('./runtime').then((m) => {
        if (live && host.current) stop = m.mountSlot(host.current, slotKey);
      });
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [slotKey]);
  return (
    <aside className={styles.slot} data-slot={slotKey} data-state="loading" aria-label="Anzeige">
      <span className={styles.label}>Anzeige</span>
      <div ref={host} className={styles.host} />
    </aside>
  );
}
