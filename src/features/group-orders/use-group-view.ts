/**
 * A group's page data: loaded once, then refreshed in the background (silently, no loading bar)
 * every 30 s while the group is open, since the price changes as neighbours join and leave, and
 * every 2.5 s while it is being closed (the closing runs in a job a moment after the click). A
 * hidden tab waits until it is shown again. An answer of the viewer's own action (join, leave,
 * close) replaces the view at once; a refresh that started before it is dropped. Without a
 * connection the last view stays, marked, and loads again when the connection is back.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, NetworkError } from '../../api/client';
import { connectionLost, onConnectionBack } from '../../api/connection';
import type { GroupView } from '../../api/contract/group-orders';
import { formatPrice } from '../../lib/format';
import { fetchGroup } from './api';
import { texts } from './texts';

/** While open: the price moves as households join. */
export const OPEN_REFRESH_MS = 30_000;
/** While closing: the job takes a moment; the answer should show soon after. */
export const CLOSING_REFRESH_MS = 2_500;

/** How long until the next refresh of a view; null: it will not change any more. */
export function refreshDelayMs(view: GroupView): number | null {
  if (view.State === 'closing') return CLOSING_REFRESH_MS;
  if (view.State === 'open') return OPEN_REFRESH_MS;
  return null;
}

/** What a screen reader hears when the group price changed between two views, else null. */
export function priceChangeOf(previous: GroupView | null, next: GroupView): string | null {
  if (!previous || previous.Code !== next.Code || !next.Offer) return null;
  const before = previous.Offer?.UnitPrice;
  if (before !== undefined && Math.abs(before - next.Offer.UnitPrice) < 0.005) return null;
  const households = next.Households.filter((h) => h.State === 'active' || h.State === 'ordered');
  return texts.group.priceAnnouncement(
    formatPrice(next.Offer.UnitPrice, next.Currency),
    households.length,
  );
}

export type GroupLoad =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'error'; offline: boolean }
  /**
   * `offline`: the last refresh got no answer; the view is the last one that came, at `at`
   * (ms since the epoch).
   */
  | { status: 'ready'; view: GroupView; offline: boolean; at: number };

export interface GroupViewHandle {
  load: GroupLoad;
  /** The polite announcement of the last price change ('' for none yet). */
  announcement: string;
  /** An answer of the viewer's own action. */
  apply: (view: GroupView) => void;
  /** Load again now (after a refusal, or "Erneut versuchen"). */
  reload: () => void;
}

export function useGroupView(code: string): GroupViewHandle {
  const [load, setLoad] = useState<{ code: string; load: GroupLoad } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [tick, setTick] = useState(0);
  const previous = useRef<GroupView | null>(null);
  /** Raised by every applied view: a refresh that started before one is dropped. */
  const version = useRef(0);

  const show = useCallback(
    (view: GroupView) => {
      version.current += 1;
      const change = priceChangeOf(previous.current, view);
      if (change) setAnnouncement(change);
      previous.current = view;
      setLoad({ code, load: { status: 'ready', view, offline: false, at: Date.now() } });
    },
    [code],
  );

  const current: GroupLoad = load?.code === code ? load.load : { status: 'loading' };
  const view = current.status === 'ready' ? current.view : null;

  useEffect(() => {
    const controller = new AbortController();
    const startedAt = version.current;
    const first = previous.current?.Code !== code;
    if (first) previous.current = null;
    fetchGroup(code, { signal: controller.signal, silent: !first })
      .then((fetched) => {
        if (!controller.signal.aborted && version.current === startedAt) show(fetched);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted || version.current !== startedAt) return;
        const offline = error instanceof NetworkError || connectionLost();
        setLoad((was) => {
          const last = was?.code === code && was.load.status === 'ready' ? was.load : null;
          if (last && offline) return { code, load: { ...last, offline } };
          if (error instanceof ApiError && error.status === 404) {
            return { code, load: { status: 'notFound' } };
          }
          return { code, load: last ? { ...last, offline } : { status: 'error', offline } };
        });
      });
    return () => controller.abort();
  }, [code, tick, show]);

  // The next refresh: by the group's state, and only while the tab is shown.
  const delay = view ? refreshDelayMs(view) : null;
  const offline =
    current.status === 'ready' ? current.offline : current.status === 'error' && current.offline;
  useEffect(() => {
    if (delay === null || offline) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const due = () => {
      if (document.visibilityState === 'hidden') {
        document.addEventListener('visibilitychange', due, { once: true });
        return;
      }
      setTick((n) => n + 1);
    };
    timer = setTimeout(due, delay);
    return () => {
      clearTimeout(timer);
      timer = undefined;
      document.removeEventListener('visibilitychange', due);
    };
  }, [delay, offline, view]);

  // No connection is not the end; the group loads again once it is back.
  useEffect(() => {
    if (!offline) return;
    return onConnectionBack(() => setTick((n) => n + 1));
  }, [offline]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { load: current, announcement, apply: show, reload };
}
