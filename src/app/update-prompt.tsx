/**
 * Registers the service worker (production builds only) and offers a new version when one is
 * waiting: "Neue Version verfügbar" → SKIP_WAITING → reload once the new worker controls the page.
 *
 * Several tabs: the new worker takes over every tab at once (clientsClaim). The tab
 * whose button was pressed reloads; the others keep what the visitor is doing (a half-filled
 * form is not thrown away) and show the prompt with a button that now simply reloads: the new
 * version is active and only this page is older.
 */
import { useEffect, useRef, useState } from 'react';
import type { Workbox } from 'workbox-window';
import { whenIdle } from '../lib/idle';
import { lazyImport } from '../lib/lazy-import';
import { Button } from '../ui/button/button';
import { Toast } from '../ui/toast/toast';
import { texts } from './texts';

/** waiting: a new version waits for SKIP_WAITING; active: it already runs (another tab). */
type Update = 'none' | 'waiting' | 'active';

const loadWorkboxWindow = lazyImport(() => import('workbox-window'));

export function UpdatePrompt() {
  const [workbox, setWorkbox] = useState<Workbox | null>(null);
  const [update, setUpdate] = useState<Update>('none');
  const [dismissed, setDismissed] = useState<Update>('none');
  /** This tab asked for the new version: it reloads as soon as the new worker controls it. */
  const requested = useRef(false);

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    // A page that had a worker and then gets another is running an old version. The first
    // install taking control (clientsClaim) is the same version: nothing to do.
    let controller = navigator.serviceWorker.controller;
    const onControllerChange = () => {
      const previous = controller;
      controller = navigator.serviceWorker.controller;
      if (!previous) return;
      if (requested.current) window.location.reload();
      else setUpdate('active');
    };
    navigator.serviceWorker.addEventListener('controllerchange', onControllerChange);
    // Registration is not urgent: workbox-window loads after the page is usable.
    whenIdle(() => {
      loadWorkboxWindow()
        .then(({ Workbox }) => {
          if (cancelled) return;
          const wb = new Workbox('/sw.js');
          wb.addEventListener('waiting', () => setUpdate((u) => (u === 'active' ? u : 'waiting')));
          // Offline (or on Lie-Fi) the update check of sw.js fails; the installed worker keeps
          // serving and the next visit checks again. Not an error of the page.
          wb.register().catch((error: unknown) => {
            console.warn('Service worker: Aktualisierung nicht geprüft (keine Verbindung)', error);
          });
          setWorkbox(wb);
        })
        // Offline before the chunk came: the worker is registered on the next visit.
        .catch(() => undefined);
    });
    return () => {
      cancelled = true;
      navigator.serviceWorker.removeEventListener('controllerchange', onControllerChange);
    };
  }, []);

  if (update === 'none' || update === dismissed) return null;
  return (
    <Toast
      actions={
        <>
          <Button variant="ghostInverse" onClick={() => setDismissed(update)}>
            {texts.updateLater}
          </Button>
          <Button
            onClick={() => {
              if (update === 'active' || !workbox) {
                window.location.reload();
                return;
              }
              requested.current = true;
              workbox.messageSkipWaiting();
            }}
          >
            {texts.updateReload}
          </Button>
        </>
      }
    >
      {texts.updateAvailable}
    </Toast>
  );
}
