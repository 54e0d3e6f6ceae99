/**
 * An advert slot on a public page (SPEC §3/§4): a box of the slot's size, reserved in
 * the server-rendered HTML so nothing moves when the advert arrives, marked "Anzeige". The
 * loading, the draw and the rendering live in src/features/adverts/runtime.ts, which the app
 * names here (`setAdvertRuntime`, src/app/main.tsx) and which loads once the page has settled (5 s and
 * idle, as background writes do, src/lib/idle.ts): the runtime brings the contract's zod
 * schemas, and evaluating them at start-up cost the home page's TBT (bench: 210 ms median,
 * 82 ms after). The home page's JavaScript stays within its budget, and the first paint does not
 * wait for adverts. This box is in the app chunk, not a chunk of its own.
 * Our adverts carry no tracking (no pixels, no third-party requests), so they need no consent;
 * a campaign that wants tracking would need the marketing consent first (docs/decisions/016).
 */
import { useEffect, useRef } from 'react';
import { whenSettled } from '../../lib/idle';
import styles from './advert-slot.module.css';

export type PageSlotKey = 'home-top' | 'offers-list' | 'prices-side';

export interface AdvertRuntime {
  /** Renders the slot into `host` and keeps it current; returns the unmount. */
  mountSlot: (host: HTMLElement, slotKey: string) => () => void;
}

let loadRuntime: (() => Promise<AdvertRuntime>) | undefined;

/** The app says where the slot's work lives (a lazy import); without it, slots stay empty. */
export function setAdvertRuntime(load: () => Promise<AdvertRuntime>): void {
  loadRuntime = load;
}

export function AdvertSlot({ slotKey }: { slotKey: PageSlotKey }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let live = true;
    let stop: (() => void) | undefined;
    whenSettled(() => {
      loadRuntime?.().then(
        (m) => {
          if (live && host.current) stop = m.mountSlot(host.current, slotKey);
        },
        // Offline before the runtime was ever loaded: no advert, and the box makes no room.
        () => host.current?.parentElement?.setAttribute('data-state', 'empty'),
      );
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
