/**
 * /dein-heizoelverbrauch (SPEC §2 leads-oil-consumption-checkout): the compare result with the
 * chart (own vs expected vs efficient), the deviation in % and money per year, CO₂, the measures
 * with their savings, the information items (choosing one sets selectedInformationId, SPEC §3),
 * the lead partner's banner for the postal code and the lead form.
 */
import type { CompareResult } from '../../api/contract/leads';
import { formatPrice, formatQuantity } from '../../lib/format';
import { guideStepPath, paths } from '../../lib/paths';
import { ButtonLink } from '../../ui/button/button';
import { Page } from '../../ui/page/page';
import { ConsumptionChart } from './components/consumption-chart';
import { LeadBanner } from './components/lead-banner';
import { LeadForm } from './components/lead-form';
import { compareResultFresh, guideSteps, guideZipCode, selectInformation } from './store';
import { texts } from './texts';
import { GuideLoading, useLoadedGuide } from './use-guide';
import { formatMoney } from './money';
import { deviationFigures } from './result-figures';
import styles from './guide.module.css';

export function GuideResultPage() {
  const { snap, waiting } = useLoadedGuide();

  if (waiting) {
    return (
      <Page width="full" gap="lg" className={styles.resultPage}>
        <GuideLoading />
      </Page>
    );
  }
  const result = snap.compareResult as CompareResult | null;
  if (!result) {
    return (
      <Page width="full" gap="lg" className={styles.resultPage}>
        <section className={styles.card}>
          <h1 className={styles.title}>{texts.result.emptyTitle}</h1>
          <p>{texts.result.empty}</p>
          <ButtonLink to={paths.guide}>{texts.result.toGuide}</ButtonLink>
        </section>
      </Page>
    );
  }
  const fresh = compareResultFresh();
  const firstStep = guideSteps(snap)[0];
  const c = result.Currency;
  const deviation = deviationFigures(result);
  const zip = guideZipCode();
  return (
    <Page width="full" gap="lg" className={styles.resultPage}>
      <header className={styles.resultHeader}>
        <p className={styles.eyebrow}>{texts.result.eyebrow}</p>
        <h1 className={styles.title}>{texts.result.title}</h1>
        <p className={styles.lead}>
          <span className={`${styles.rating} ${styles[`rating-${result.Rating}`]}`}>
            {texts.result.rating[result.Rating]}
          </span>{' '}
          {result.RatingText}
        </p>
        {!fresh && (
          <p className={styles.notice} role="status">
            {texts.result.stale}{' '}
            <ButtonLink variant="secondary" to={paths.guide}>
              {texts.result.reevaluate}
            </ButtonLink>
          </p>
        )}
      </header>

      <div className={styles.resultGrid}>
        <section className={styles.card} aria-label={texts.result.chartTitle}>
          <ConsumptionChart points={result.Chart} currency={c} />
          <p className={styles.help}>
            {texts.result.kwh(
              formatQuantity(result.OwnKwhPerM2),
              formatQuantity(result.ExpectedKwhPerM2),
            )}
          </p>
        </section>

        <dl className={styles.figures}>
          <div className={styles.figure}>
            <dt>{texts.result.deviation}</dt>
            <dd className={deviation.more ? styles.bad : styles.good}>
              {deviation.percent}
              <span className={styles.figureNote}>{deviation.litres}</span>
            </dd>
          </div>
          <div className={styles.figure}>
            <dt>{deviation.costLabel}</dt>
            <dd className={deviation.more ? styles.bad : styles.good}>
              {deviation.cost}
              <span className={styles.figureNote}>{texts.result.perYear}</span>
            </dd>
          </div>
          <div className={styles.figure}>
            <dt>{texts.result.co2}</dt>
            <dd>
              {formatQuantity(result.Co2KgPerYear)} kg
              <span className={styles.figureNote}>
                {texts.result.co2Expected(formatQuantity(result.ExpectedCo2KgPerYear))}
              </span>
            </dd>
          </div>
        </dl>
      </div>
      <p className={styles.help}>
        {texts.result.price(
          formatPrice(result.PricePer100L, c),
          formatQuantity(result.PriceAmountLitres),
          new Date(result.PriceDate).toLocaleDateString('de-DE'),
        )}
      </p>

      <section className={styles.section} aria-labelledby="measures-title">
        <h2 id="measures-title" className={styles.sectionTitle}>
          {texts.result.measuresTitle}
        </h2>
        {result.Measures.length === 0 ? (
          <p>{texts.result.noMeasures}</p>
        ) : (
          <ul className={styles.measures}>
            {result.Measures.map((m) => (
              <li key={m.Id} className={styles.measure}>
                <h3>{m.Title}</h3>
                <p>{m.Text}</p>
                <p className={styles.saving}>
                  {texts.result.measureSaving(
                    formatQuantity(m.SavingLitresPerYear),
                    formatMoney(m.SavingPerYear, c),
                  )}
                </p>
                <p className={styles.help}>
                  {texts.result.investment} {m.InvestmentHint}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>

      {zip && <LeadBanner countryId={result.CountryId} zipCode={zip} />}

      <section className={styles.section} aria-labelledby="info-title">
        <h2 id="info-title" className={styles.sectionTitle}>
          {texts.result.informationTitle}
        </h2>
        <p className={styles.help}>{texts.result.informationHint}</p>
        <div className={styles.infoList} role="radiogroup" aria-labelledby="info-title">
          {result.Information.map((info) => {
            const chosen = snap.selectedInformationId === info.Id;
            return (
              <button
                key={info.Id}
                type="button"
                role="radio"
                aria-checked={chosen}
                className={`${styles.info} ${chosen ? styles.choiceSelected : ''}`}
                onClick={() => selectInformation(chosen ? null : info.Id)}
              >
                <span className={styles.choiceLabel}>{info.Title}</span>
                <span className={styles.choiceHint}>{info.Text}</span>
              </button>
            );
          })}
        </div>
      </section>

      <div id="beratung">
        <LeadForm />
      </div>

      <p className={styles.actions}>
        <ButtonLink variant="ghost" to={guideStepPath(firstStep?.Id ?? 1)}>
          {texts.result.editAnswers}
        </ButtonLink>
      </p>
    </Page>
  );
}
