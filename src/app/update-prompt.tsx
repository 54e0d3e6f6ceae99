/**
 * Registers the service worker (production builds only) and offers a new version when one is
 * waiting: "Neue Version verfügbar" → SKIP_WAITING → reload once the new worker controls the page.
 */
import { useEffect, useState } from 'react';
import type { Workbox } from 'workbox-window';
import { whenIdle } from '../lib/idle';
import { Button } from '../ui/button/button';
import { Toast } from '../ui/toast/toast';
import { texts } from './texts';

export function UpdatePrompt() {
  const [workbox, setWorkbox] = useState<Workbox | null>(null);
  const [waiting, setWaiting] = useState(false);

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    // Registration is not urgent: workbox-window loads after the page is usable.
    whenIdle(() => {
      void import('workbox-window').then(({ Workbox }) => {
        if (cancelled) return;
        const wb = new Workbox('/sw.js');
        wb.addEventListener('waiting', () => setWaiting(true));
        // Offline (or on Lie-Fi) the update check of sw.js fails; the installed worker keeps
        // serving and the next visit checks again. Not an error of the page (issue 15).
        wb.register().catch((error: unknown) => {
          console.warn('Service worker: Aktualisierung nicht geprüft (keine Verbindung)', error);
        });
        setWorkbox(wb);
      });
    });
    return () => {
      cancelled = true;
    };
  }, []);

  if (!waiting || !workbox) return null;
  return (
    <Toast
      actions={
        <>
          <Button variant="ghostInverse" onClick={() => setWaiting(false)}>
            {texts.updateLater}
          </Button>
          <Button
            onClick={() => {
              workbox.addEventListener('controlling', () => window.location.reload());
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
