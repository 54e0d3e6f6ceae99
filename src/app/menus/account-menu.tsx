/**
 * The header's account entry: "Anmelden" (the legacy login page with ReturnUrl = this page) when
 * logged out; when logged in the user's name opening the customer, supporter and admin menus
 * (by role), the support-info switch for staff who may see it, and "Abmelden".
 */
import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import {
  displayName,
  guardUserOf,
  loginHref,
  logout,
  sessionState,
  sessionTexts,
  setShowSupportInfo,
  type SessionUser,
} from '../../features/session';
import { menusFor } from '../../lib/menus-for';
import type { MenuName } from '../../lib/menus';
import styles from './account-menu.module.css';

const SECTION_TITLES: Record<MenuName, string> = {
  default: 'Menü',
  customer: 'Mein Konto',
  supporter: 'Support',
  adManager: 'Werbung',
  editor: 'Redaktion',
  admin: 'Verwaltung',
};

function PersonIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

function UserMenu({ user }: { user: Readonly<SessionUser> }) {
  const { pathname } = useLocation();
  // Open on the page where it was opened: following a menu link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const { ShowSupportInfo, AllowSupportInfo } = useSnapshot(sessionState);
  const navigate = useNavigate();
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const name = displayName(user) || sessionTexts.anonymousName;
  const guardUser = guardUserOf(user);
  const sections = guardUser ? menusFor(guardUser) : [];

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

  const onLogout = () => {
    setBusy(true);
    setFailed(false);
    void logout().then((ok) => {
      setBusy(false);
      if (!ok) {
        setFailed(true);
        return;
      }
      setOpen(false);
      void navigate('/');
    });
  };

  return (
    <div className={styles.root} ref={root}>
      <button
        ref={button}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <PersonIcon />
        <span className={styles.name}>{name}</span>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <div id={panelId} className={styles.panel} hidden={!open}>
        <p className={styles.who}>
          <strong>{name}</strong>
          {user.isImpersonatedS && (
            <span className={styles.badge}>{sessionTexts.impersonationRegion}</span>
          )}
        </p>
        {sections.map((section) => (
          <nav key={section.name} aria-label={SECTION_TITLES[section.name]}>
            {sections.length > 1 && (
              <h2 className={styles.sectionTitle}>{SECTION_TITLES[section.name]}</h2>
            )}
            <ul className={styles.list}>
              {section.items.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end className={styles.item}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        {AllowSupportInfo && (
          <label className={styles.toggle}>
            <input
              type="checkbox"
              checked={ShowSupportInfo}
              onChange={(event) => setShowSupportInfo(event.target.checked)}
            />
            {sessionTexts.supportInfo.toggleShow}
          </label>
        )}
        {failed && (
          <p className={styles.error} role="alert">
            {sessionTexts.logoutFailed}
          </p>
        )}
        <button type="button" className={styles.logout} disabled={busy} onClick={onLogout}>
          {busy ? sessionTexts.loggingOut : sessionTexts.logout}
        </button>
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
