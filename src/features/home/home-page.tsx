import { useLocale } from '../locale';
import { ZipCheckForm } from './components/zip-check-form';
import { StateList } from './components/state-list';
import { texts } from './texts';
import styles from './home-page.module.css';

export function HomePage() {
  const locale = useLocale();
  return (
    <>
      <section className={styles.hero}>
        <div className={styles.heroInner}>
          <div className={styles.heroText}>
            <h1>{texts.heroTitle}</h1>
            <p>{texts.heroLead}</p>
          </div>
          <div className={styles.card}>
            <h2 className={styles.cardTitle}>{texts.formTitle}</h2>
            <ZipCheckForm key={locale.code} locale={locale} />
          </div>
        </div>
      </section>
      <div className={styles.container}>
        <section aria-labelledby="steps-title" className={styles.steps}>
          <h2 id="steps-title">{texts.stepsTitle}</h2>
          <ol>
            {texts.steps.map((step, i) => (
              <li key={step.title}>
                <span className={styles.stepNumber} aria-hidden="true">
                  {i + 1}
                </span>
                <div>
                  <h3>{step.title}</h3>
                  <p>{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>
        <StateList countryId={locale.countryId} countryName={locale.countryName} />
      </div>
    </>
  );
}
