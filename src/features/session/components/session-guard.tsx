/**
 * SPEC §6 route guards on client navigation (the server checks page requests with the same
 * table): waits for the initial-load rule, then 'login' → the legacy login page with ReturnUrl
 * (a full navigation: that page is the server's), 'root' → '/'. A user who logs out while on a
 * guarded page goes home; one whose session expired goes to the login page to come back here.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { evaluateGuard, type GuardName, type GuardOutcome } from '../../../lib/roles';
import { guardUserOf } from '../claims';
import { loginHref } from '../login-href';
import { fullNavigation } from '../navigation';
import { sessionState } from '../store';

export function useGuardOutcome(guard: GuardName): GuardOutcome | 'pending' {
  const { status, User } = useSnapshot(sessionState);
  if (status !== 'settled') return 'pending';
  return evaluateGuard(guard, guardUserOf(User));
}

export function SessionGuard({
  guard,
  fallback,
  children,
}: {
  guard: GuardName;
  /** Shown while the session settles or a redirect is under way (the page's loading state). */
  fallback: ReactNode;
  children: ReactNode;
}) {
  const outcome = useGuardOutcome(guard);
  const { expired } = useSnapshot(sessionState);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const wasAllowed = useRef(false);

  useEffect(() => {
    if (outcome === 'ok') {
      wasAllowed.current = true;
    } else if (outcome === 'login') {
      if (wasAllowed.current && !expired) void navigate('/', { replace: true });
      else fullNavigation.assign(loginHref(pathname + search));
    } else if (outcome === 'root') {
      void navigate('/', { replace: true });
    }
  }, [outcome, expired, pathname, search, navigate]);

  return outcome === 'ok' ? children : fallback;
}
