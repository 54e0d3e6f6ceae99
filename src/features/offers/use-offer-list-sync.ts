/**
 * The offer list page's link between the address and the calculator: the address is applied to
 * the configuration when it changes from outside (first visit, reload, the calculator bar
 * submitting a new query, another country); every configuration change rewrites the address
 * with history replace and recalculates (sync.ts).
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { openSettings as openCalculatorSettings } from '../calculator';
import { useLocale } from '../locale';
import { afterHydration } from '../../ui/hydration';
import { productGroupOfPath } from '../../lib/paths';
import { applyOfferAddress, connectOfferList, switchOfferCountry } from './sync';

export function useOfferListSync(productGroupId: 1 | 2): void {
  const location = useLocation();
  const navigate = useNavigate();
  const { countryId } = useLocale();
  /** The address this page wrote last: seeing it come back is not a change from outside. */
  const written = useRef<string | null>(null);
  const applied = useRef<{ href: string; countryId: number } | null>(null);

  // Must run before the connect effect below: the first rewrite has to see the query applied.
  // Both wait while a server-rendered page hydrates (src/ui/hydration.ts): the calculation then
  // starts in a task of its own, not in the one that committed the page; in this order.
  useEffect(
    () =>
      afterHydration(() => {
        const href = `${location.pathname}${location.search}`;
        const previous = applied.current;
        applied.current = { href, countryId };
        if (previous && previous.countryId !== countryId) {
          switchOfferCountry(countryId);
          return;
        }
        if (href === written.current || href === previous?.href) return;
        const { openSettings } = applyOfferAddress(location.search, countryId, productGroupId);
        // SPEC §2: openSettings=1 opens the calculator's settings panel (its SettingsHost lives
        // in the default layout). The rewritten address no longer carries it, so a reload does
        // not.
        if (openSettings) openCalculatorSettings();
      }),
    [location.pathname, location.search, countryId, productGroupId],
  );

  useEffect(() => {
    let disconnect: (() => void) | undefined;
    const cancel = afterHydration(() => {
      disconnect = connectOfferList({
        replaceAddress(href) {
          const { pathname, search } = window.location;
          // Only the list's own address is rewritten. A visitor who left it (a tap on
          // "Bestellen" as the page became interactive: the list stays mounted while the
          // checkout loads) must not be sent back by the list's first rewrite.
          if (productGroupOfPath(pathname) === undefined || href === `${pathname}${search}`) {
            return;
          }
          written.current = href;
          void navigate(href, { replace: true, preventScrollReset: true });
        },
      });
    });
    return () => {
      cancel();
      disconnect?.();
    };
  }, [navigate]);
}
