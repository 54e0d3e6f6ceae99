/**
 * /leads/lead-formular (SPEC §2): the lead form on its own page. It sends the guide's answers
 * along, so without them it leads to the questionnaire first.
 */
import { paths } from '../../lib/paths';
import { ButtonLink } from '../../ui/button/button';
import { Page } from '../../ui/page/page';
import { LeadForm } from './components/lead-form';
import { texts } from './texts';
import { GuideLoading, useLoadedGuide } from './use-guide';
import styles from './guide.module.css';

export function LeadFormPage() {
  const { snap, waiting } = useLoadedGuide();

  if (waiting) {
    return (
      <Page width="md" className={styles.page}>
        <GuideLoading />
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
