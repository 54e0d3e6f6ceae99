/**
 * The header's account entry: "Anmelden" (the legacy login page with ReturnUrl = this page) when
 * logged out; when logged in the user's name opening the account panel (./account-panel: the
 * customer, staff and admin menus by role, the support-info switch, "Abmelden"). The panel is
 * its own chunk, loaded when the browser is idle after a logged-in start or on first opening:
 * visitors who are not logged in (most of them) never download it.
 */
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useSnapshot } from 'valtio';
import {
  displayName,
  loginHref,
  sessionState,
  sessionTexts,
  type SessionUser,
} from '../../features/session';
import styles from './account-menu.module.css';
import { lazyImport } from '../../lib/lazy-import';
import { lazyPart } from '../../ui/lazy-part';

const loadPanel = lazyImport(() => import('./account-panel'));
const AccountPanel = lazyPart(() => loadPanel().then((m) => ({ default: m.AccountPanel })));

function PersonIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

function UserMenu({ user }: { user: SessionUser }) {
  const { pathname } = useLocation();
  // Open on the page where it was opened: following a menu link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const name = displayName(user) || sessionTexts.anonymousName;

  // Logged in: the panel loads when the browser has nothing else to do.
  useEffect(() => {
    const id = setTimeout(() => void loadPanel(), 2000);
    return () => clearTimeout(id);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpenOn(null);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className={styles.root} ref={root}>
      <button
        ref={button}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
      >
        <PersonIcon />
        <span className={styles.name}>{name}</span>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <div id={panelId} className={styles.panel} hidden={!open}>
        {open && (
          <Suspense fallback={<p className={styles.who}>{name}</p>}>
            <AccountPanel user={user} name={name} close={() => setOpen(false)} />
          </Suspense>
        )}
      </div>
    </div>
  );
}

export function AccountMenu() {
  const { status, User } = useSnapshot(sessionState);
  const { pathname, search } = useLocation();
  if (User) return <UserMenu user={User} />;
  // Until the initial-load rule settles, keep the place (no "Anmelden" flashing for a moment).
  if (status === 'pending') return <span className={styles.placeholder} aria-hidden="true" />;
  return (
    <a className={styles.login} href={loginHref(pathname + search)}>
      <PersonIcon />
      <span className={styles.label}>{sessionTexts.login}</span>
    </a>
  );
}
