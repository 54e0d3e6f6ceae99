import type { ReactNode } from 'react';
import { paths } from '../../lib/paths';
import { ButtonLink } from '../../ui/button/button';
import { Page } from '../../ui/page/page';
import { texts } from './texts';
import styles from './dealers.module.css';

/** An unknown dealer or area: its heading, a line and the way back to the directory. */
export function DealersNotFound({ title, text }: { title: string; text: string }) {
  return (
    <Page width="md" gap="md">
      <h1>{title}</h1>
      <p className={styles.lead}>{text}</p>
      <p>
        <ButtonLink to={paths.dealers} variant="primary">
          {texts.toDirectory}
        </ButtonLink>
      </p>
    </Page>
  );
}

/** The frame, failure text and loading skeleton the directory and the dealer page share. */
export const dealerPageViews = {
  failedText: texts.failed,
  frame: (content: ReactNode) => (
    <Page width="2xl" gap="lg">
      {content}
    </Page>
  ),
  loading: () => (
    <Page width="2xl" gap="lg" aria-busy="true">
      <div className={styles.skeletonTitle} />
      <div className={styles.skeletonList} />
    </Page>
  ),
};
