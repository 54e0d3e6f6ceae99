/**
 * Home (SPEC §2 "/"): leads with the calculator. On a phone the order is title, today's best
 * price, the calculator card, then the rest; from 992 px the text sits beside the card.
 */
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { ButtonLink } from '../../ui/button/button';
import { AdvertSlot } from '../../ui/advert/advert-slot';
import { Calculator } from '../calculator';
import { useLocale } from '../locale';
import { BestPrice } from './components/best-price';
import { FeaturedNews } from './components/featured-news';
import { PriceTrend } from './components/price-trend';
import { StateList } from './components/state-list';
import { TrustCarousel } from './components/trust-carousel';
import { texts } from './texts';
import styles from './home-page.module.css';

export function HomePage() {
  const locale = useLocale();
  return (
    <>
      <section className={styles.hero} aria-labelledby="home-title">
        <div className={styles.heroInner}>
          <h1 id="home-title" className={styles.title}>
            {texts.heroTitle}
          </h1>
          <div className={styles.price}>
            <BestPrice countryId={locale.countryId} />
            <PriceTrend countryId={locale.countryId} />
          </div>
          <div className={styles.card}>
            <h2 id="calculator-title" className={styles.cardTitle}>
              {texts.calculatorTitle}
            </h2>
            <Calculator target="DEFAULT" labelledBy="calculator-title" />
            <Link className={styles.dieselLink} to={paths.offerListDiesel}>
              {texts.dieselLink}
            </Link>
          </div>
          <div className={styles.lead}>
            <p>{texts.heroLead}</p>
            <TrustCarousel />
          </div>
        </div>
      </section>
      <div className={styles.container}>
        <AdvertSlot slotKey="home-top" />
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
        <section aria-labelledby="guide-teaser-title" className={styles.teaser}>
          <div>
            <h2 id="guide-teaser-title">{texts.guideTeaserTitle}</h2>
            <p>{texts.guideTeaserText}</p>
          </div>
          <ButtonLink to={paths.guide} variant="secondary">
            {texts.guideTeaserLink}
          </ButtonLink>
        </section>
        <FeaturedNews countryId={locale.countryId} />
        <StateList countryId={locale.countryId} countryName={locale.countryName} />
      </div>
    </>
  );
}
