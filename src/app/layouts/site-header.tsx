import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { CountrySwitch } from '../../features/locale';
import { PRODUCT_NAME } from '../../lib/brand';
import { CloseButton, dismissProps, useModalDialog } from '../../ui/modal/modal';
import { paths } from '../../lib/paths';
import { AccountMenu } from '../menus/account-menu';
import { MainMenu } from '../menus/main-menu';
import { knowledgeMenu } from '../../lib/menus';
import { texts } from '../texts';
import styles from './layouts.module.css';

export function Logo() {
  return (
    <Link to={paths.home} className={styles.logo} aria-label={texts.homeLink}>
      <svg viewBox="0 0 512 512" width="32" height="32" aria-hidden="true">
        <rect width="512" height="512" rx="112" fill="#0b3a5b" />
        <path
          d="M256 92c-6 0-11 3-14 8-38 62-118 170-118 240 0 73 59 132 132 132s132-59 132-132c0-70-80-178-118-240-3-5-8-8-14-8z"
          fill="#f59f00"
        />
      </svg>
      <span>{PRODUCT_NAME}</span>
    </Link>
  );
}

/** Header with the main menu inline from 992 px and in a sidebar (320 px, SPEC §9) below. */
export function SiteHeader() {
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);

  useModalDialog(dialog, sidebarOpen);

  return (
    <header className={styles.header}>
      <div className={styles.headerInner}>
        <Logo />
        <nav className={styles.desktopNav} aria-label={texts.mainNav}>
          <MainMenu />
        </nav>
        <div className={styles.headerTools}>
          <div className={styles.desktopOnly}>
            <CountrySwitch />
          </div>
          <AccountMenu />
          <button
            type="button"
            className={styles.menuButton}
            aria-expanded={sidebarOpen}
            aria-controls="sidebar"
            onClick={() => setSidebarOpen(true)}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path
                d="M3 6h18M3 12h18M3 18h18"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
            <span>{texts.menu}</span>
          </button>
        </div>
      </div>
      <dialog
        id="sidebar"
        ref={dialog}
        className={styles.sidebar}
        aria-label={texts.mainNav}
        onClose={() => setSidebarOpen(false)}
        onClick={dismissProps(() => setSidebarOpen(false)).onClick}
      >
        <div className={styles.sidebarHead}>
          <Logo />
          <CloseButton
            label={texts.closeMenu}
            onClick={() => setSidebarOpen(false)}
            className={styles.closeButton}
          />
        </div>
        <nav aria-label={texts.mainNav}>
          <MainMenu onNavigate={() => setSidebarOpen(false)} />
        </nav>
        <nav aria-labelledby="sidebar-knowledge" className={styles.sidebarSection}>
          <p id="sidebar-knowledge" className={styles.sidebarTitle}>
            {texts.footer.knowledge}
          </p>
          <MainMenu items={knowledgeMenu} onNavigate={() => setSidebarOpen(false)} />
        </nav>
        <div className={styles.sidebarSection}>
          <CountrySwitch />
        </div>
      </dialog>
    </header>
  );
}
