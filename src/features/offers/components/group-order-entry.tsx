/**
 * After the offers: ordering together with the neighbours, for the configuration on
 * screen. A logged-in customer starts a Sammelbestellung; a visitor gets one line that logs in
 * and comes back to the start. After the list on a phone, so it never moves an offer down (it
 * is secondary: the offers are what the page is for); under the selection on a wide screen.
 */
import { useId } from 'react';
import { useSnapshot } from 'valtio';
import { ButtonLink } from '../../../ui/button/button';
import { loginHref, sessionState } from '../../session';
import { groupStartHref } from '../checkout-link';
import type { ConfigSnapshot } from '../query';
import { texts } from '../texts';
import styles from './group-order-entry.module.css';

export function GroupOrderEntry({ config }: { config: ConfigSnapshot }) {
  const { LoggedIn } = useSnapshot(sessionState);
  // The page shows it twice (after the list on a phone, beside it when wide): ids of its own.
  const titleId = useId();
  const href = groupStartHref(config);
  if (!LoggedIn) {
    return (
      <p className={styles.line}>
        <strong>{texts.group.title}?</strong> {texts.group.loginHint}{' '}
        {/* The legacy login page is the server's: a full navigation, back to the start by ReturnUrl. */}
        <a href={loginHref(href)}>{texts.group.login}</a>
      </p>
    );
  }
  return (
    <section className={styles.entry} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.title}>
        {texts.group.title}
      </h3>
      <p>{texts.group.text}</p>
      <ButtonLink to={href} variant="secondary">
        {texts.group.start}
      </ButtonLink>
    </section>
  );
}
