/**
 * Starting a support session as a customer (SPEC §6 impersonate-support), shared by the user
 * list and the user edit page: the server swaps the session cookies (no token refresh of any tab
 * overlapping it), then a full load starts the whole app again as the customer (new token, new
 * menus).
 */
import { useState } from 'react';
import { paths } from '../../../lib/paths';
import { switchUser } from '../../session';
import { impersonate } from './api';
import { texts } from './texts';

export function useImpersonate() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async (userId: number) => {
    setBusy(true);
    setError(null);
    try {
      if (!(await switchUser(() => impersonate(userId), paths.customerHome))) {
        throw new Error(texts.impersonateFailed);
      }
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : texts.impersonateFailed);
      setBusy(false);
    }
  };
  return { busy, error, start };
}
