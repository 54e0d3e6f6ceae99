/**
 * The frame of every staff screen: the staff menus the user's roles open (the same
 * lists as the account menu, src/app/menus), a back link, the h1 with an optional intro and
 * actions. Desktop first: the menu is a column beside the screen from 1024 px, a scrolling row of
 * links above it on a phone.
 */
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { useSnapshot } from 'valtio';
import { menusFor } from '../../../lib/menus-for';
import { titleWithProduct } from '../../../lib/page-titles';
import { useDocumentTitle } from '../../../ui/document-title/use-document-title';
import { guardUserOf, sessionState } from '../../session';
import styles from './kit.module.css';

export const STAFF_SECTION_TITLES: Record<string, string> = {
  supporter: 'Support',
  adManager: 'Werbung',
  editor: 'Redaktion',
  admin: 'Verwaltung',
};

/** The staff menus of the logged-in user, without the customer and default menus. */
export function useStaffMenus() {
  const { User } = useSnapshot(sessionState);
  const guardUser = guardUserOf(User);
  return guardUser
    ? menusFor(guardUser).filter((s) => Object.hasOwn(STAFF_SECTION_TITLES, s.name))
    : [];
}

export interface StaffPageProps {
  title: string;
  intro?: ReactNode;
  /** Buttons or links beside the heading (e.g. "Neu anlegen"). */
  actions?: ReactNode;
  back?: { to: string; label: string };
  children: ReactNode;
}

export function StaffPage({ title, intro, actions, back, children }: StaffPageProps) {
  const sections = useStaffMenus();
  // The screen names itself: the staff routes are not in the public route table's titles.
  useDocumentTitle(titleWithProduct(title));
  return (
    <div className={styles.frame}>
      <nav className={styles.nav} aria-label="Support-Bereich">
        {sections.map((section) => (
          <div key={section.name} className={styles.navSection}>
            <p className={styles.navTitle}>{STAFF_SECTION_TITLES[section.name]}</p>
            <ul>
              {section.items.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end
                    className={({ isActive }) =>
                      isActive ? `${styles.navLink} ${styles.navActive}` : styles.navLink
                    }
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <div className={styles.main}>
        {back && (
          <Link to={back.to} className={styles.back}>
            <span aria-hidden="true">← </span>
            {back.label}
          </Link>
        )}
        <header className={styles.header}>
          <div>
            <h1 className={styles.title}>{title}</h1>
            {intro && <div className={styles.intro}>{intro}</div>}
          </div>
          {actions && <div className={styles.actions}>{actions}</div>}
        </header>
        {children}
      </div>
    </div>
  );
}

/** A titled white block inside a staff screen (a form part, a table, the history). */
export function StaffSection({
  title,
  children,
  aside,
}: {
  title: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <section className={styles.section} aria-label={title}>
      <div className={styles.sectionHead}>
        <h2 className={styles.sectionTitle}>{title}</h2>
        {aside}
      </div>
      {children}
    </section>
  );
}
