/**
 * The session's banners (session-banners.tsx mounts them when one is wanted): the impersonation
 * bar (support staff acting as a customer), the support info panel (SPEC §6: only when
 * ShowSupportInfo and AllowSupportInfo) and the notice that the session expired (SPEC §4).
 */
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useSnapshot } from 'valtio';
import { Button } from '../../../ui/button/button';
import { Toast } from '../../../ui/toast/toast';
import { displayName } from '../claims';
import { loginHref } from '../login-href';
import { logout } from '../start';
import { sessionState, supportInfoVisible } from '../store';
import { texts } from '../texts';
import styles from './session-banners.module.css';

function ImpersonationBar({ name }: { name: string }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <div className={styles.impersonation} role="region" aria-label={texts.impersonationRegion}>
      <p className={styles.impersonationText}>
        <strong>{texts.impersonating(name)}</strong>
        {failed && <span className={styles.error}> {texts.logoutFailed}</span>}
      </p>
      <Button
        variant="secondary"
        className={styles.impersonationButton}
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setFailed(false);
          // UserSwitched → the page reloads as the staff user (engine.ts).
          void logout().then((ok) => {
            setBusy(false);
            setFailed(!ok);
          });
        }}
      >
        {busy ? texts.loggingOut : texts.impersonationEnd}
      </Button>
    </div>
  );
}

function SupportInfo() {
  const { User } = useSnapshot(sessionState);
  if (!User) return null;
  const t = texts.supportInfo;
  const validUntil = new Date(User.exp * 1000).toLocaleTimeString('de-DE');
  return (
    <aside className={styles.supportInfo} aria-label={t.title}>
      <h2 className={styles.supportTitle}>{t.title}</h2>
      <dl>
        <dt>{t.userId}</dt>
        <dd>{User.id}</dd>
        <dt>{t.roles}</dt>
        <dd>{User.roles.length ? User.roles.join(', ') : t.none}</dd>
        <dt>{t.impersonated}</dt>
        <dd>{User.isImpersonatedS ? t.yes : t.no}</dd>
        <dt>{t.tokenValidUntil}</dt>
        <dd>{validUntil}</dd>
      </dl>
    </aside>
  );
}

function ExpiredNotice() {
  const { pathname, search } = useLocation();
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  return (
    <Toast
      actions={
        <>
          <Button variant="ghostInverse" onClick={() => setDismissed(true)}>
            {texts.dismiss}
          </Button>
          <a className={styles.loginLink} href={loginHref(pathname + search)}>
            {texts.expiredLogin}
          </a>
        </>
      }
    >
      {texts.expired}
    </Toast>
  );
}

export function SessionBannerParts() {
  const state = useSnapshot(sessionState);
  const user = state.User;
  return (
    <>
      {user?.isImpersonatedS && <ImpersonationBar name={displayName(user) || user.id} />}
      {supportInfoVisible(state) && <SupportInfo />}
      {state.expired && <ExpiredNotice />}
    </>
  );
}
