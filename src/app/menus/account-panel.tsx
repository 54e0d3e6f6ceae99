/**
 * The account panel behind the header's name (its own chunk, see account-menu.tsx): the menus
 * the user's roles open (src/lib/menus-for.ts), the support-info switch for staff who may see it,
 * and "Abmelden".
 */
import { useState } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import {
  guardUserOf,
  logout,
  sessionState,
  sessionTexts,
  setShowSupportInfo,
  type SessionUser,
} from '../../features/session';
import { menusFor, type MenuName } from '../../lib/menus-for';
import styles from './account-menu.module.css';

const SECTION_TITLES: Record<MenuName, string> = {
  default: 'Menü',
  customer: 'Mein Konto',
  dealer: 'Händlerbereich',
  supporter: 'Support',
  adManager: 'Werbung',
  editor: 'Redaktion',
  admin: 'Verwaltung',
};

export function AccountPanel({
  user,
  name,
  close,
}: {
  user: SessionUser;
  name: string;
  close: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const { ShowSupportInfo, AllowSupportInfo } = useSnapshot(sessionState);
  const navigate = useNavigate();
  const guardUser = guardUserOf(user);
  const sections = guardUser ? menusFor(guardUser) : [];

  const onLogout = () => {
    setBusy(true);
    setFailed(false);
    void logout().then((ok) => {
      setBusy(false);
      if (!ok) {
        setFailed(true);
        return;
      }
      close();
      void navigate('/');
    });
  };

  return (
    <>
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
    </>
  );
}
