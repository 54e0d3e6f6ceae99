/** The three layouts of SPEC §2. The route's handle names the one it uses. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SettingsHost } from '../../features/calculator';
import { paths } from '../../lib/paths';
import { texts } from '../texts';
import { Logo, SiteHeader } from './site-header';
import { SiteFooter } from './site-footer';
import { CalculatorBar, useCalculatorBarWanted } from './calculator-bar';
import styles from './layouts.module.css';

import type { LayoutName } from './layout-name';

export type { LayoutName };

function SkipLink() {
  return (
    <a className={styles.skipLink} href="#inhalt">
      {texts.skipLink}
    </a>
  );
}

/** Logo only: no menu to lead away from the task or the message. */
function LogoHeader() {
  return (
    <header className={`${styles.header} ${styles.focusedHeader}`}>
      <div className={styles.headerInner}>
        <Logo />
      </div>
    </header>
  );
}

/**
 * Header with menu, the calculator bar (not on home), content, footer. The calculator's settings
 * panel is mounted here once (openSettings() opens it on any default-layout page).
 */
export function DefaultLayout({ children }: { children: ReactNode }) {
  const bar = useCalculatorBarWanted();
  return (
    <>
      <SkipLink />
      <SiteHeader />
      {bar && <CalculatorBar />}
      <main id="inhalt" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      <SettingsHost />
    </>
  );
}

/** For tasks that need full attention (checkout): logo only, no menu, a slim footer. */
export function FocusedLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <LogoHeader />
      <main id="inhalt" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <footer className={styles.slimFooter}>
        <Link to={paths.imprint}>Impressum</Link> · <Link to={paths.privacy}>Datenschutz</Link>
      </footer>
    </>
  );
}

function MessageCard({ children }: { children: ReactNode }) {
  return <div className={styles.messageCard}>{children}</div>;
}

/** A single message as the message layout shows it, inside another layout's page. */
export function MessageInPage({ children }: { children: ReactNode }) {
  return (
    <div className={styles.messageInPage}>
      <MessageCard>{children}</MessageCard>
    </div>
  );
}

/** A single message in the middle of the page (errors, confirmations). */
export function MessageLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <LogoHeader />
      <main id="inhalt" className={`${styles.main} ${styles.messageMain}`} tabIndex={-1}>
        <MessageCard>{children}</MessageCard>
      </main>
      <SiteFooter />
    </>
  );
}

export const LAYOUTS: Record<LayoutName, (props: { children: ReactNode }) => ReactNode> = {
  default: DefaultLayout,
  focused: FocusedLayout,
  message: MessageLayout,
};
