/**
 * /leads/lead-formular (SPEC §2): the lead form on its own page. It sends the guide's answers
 * along, so without them it leads to the questionnaire first.
 */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { paths } from '../../lib/paths';
import { ButtonLink } from '../../ui/button/button';
import { Page } from '../../ui/page/page';
import { useLocale } from '../locale';
import { LeadForm } from './components/lead-form';
import { guideState, loadGuide } from './store';
import { texts } from './texts';
import styles from './guide.module.css';

export function LeadFormPage() {
  const snap = useSnapshot(guideState);
  const locale = useLocale();
  useEffect(() => {
    void loadGuide({ countryId: locale.countryId });
  }, [locale.countryId]);

  if (snap.loading || (!snap.guide && !snap.loadError)) {
    return (
      <Page width="md" className={styles.page}>
        <p role="status" aria-busy="true">
          {texts.load.loading}
        </p>
      </Page>
    );
  }
  return (
    <Page width="md" className={styles.page}>
      {snap.compareResult ? (
        <LeadForm headingLevel={1} />
      ) : (
        <section className={styles.card}>
          <h1 className={styles.title}>{texts.lead.pageTitle}</h1>
          <p>{texts.lead.noResult}</p>
          <ButtonLink to={paths.guide}>{texts.result.toGuide}</ButtonLink>
        </section>
      )}
    </Page>
  );
}
