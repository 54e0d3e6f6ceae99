/**
 * The head of the offer list: what the list is for ("12 Angebote für 3.000 Liter Heizöl EL
 * schwefelarm nach PLZ 10115"), the whole selection (postal code, amount, product, every option)
 * and "Optionen ändern" (the calculator's settings panel). Postal code and amount are changed in
 * the calculator bar the default layout puts above every page. The place name of a postal code
 * is not part of the API, so the summary names the postal code only.
 */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import type { CalculatorInitResponse } from '../../../api/contract/calculation';
import { formatQuantity } from '../../../lib/format';
import { BREAKPOINTS } from '../../../ui/breakpoints';
import { useMediaQuery } from '../../../ui/use-media-query';
import { Button } from '../../../ui/button/button';
import { calculatorState, openSettings, preloadSettingsPanel } from '../../calculator';
import type { ConfigSnapshot } from '../query';
import { offerListState, type OfferListStatus, type ShownResult } from '../store';
import { texts } from '../texts';
import styles from './offer-summary.module.css';

function productName(
  config: ConfigSnapshot,
  init: CalculatorInitResponse | null,
  fromResult: string | null | undefined,
): string {
  return (
    fromResult ??
    init?.Products.find((p) => p.Id === config.Product.Id)?.Name ??
    (config.ProductGroupId === 2 ? texts.summaryNoProductDiesel : texts.summaryNoProduct)
  );
}

/**
 * Where, how much, which product, then "Lieferzeit: Standard (bis 3 Wochen)" … for every group,
 * the unloading points and the extras.
 */
export function selectionRows(
  config: ConfigSnapshot,
  init: CalculatorInitResponse | null,
): { term: string; value: string }[] {
  const rows: { term: string; value: string }[] = [
    { term: texts.selection.zip, value: config.ZipCode || texts.selection.noZip },
    { term: texts.selection.amount, value: texts.selection.liters(formatQuantity(config.Amount)) },
    { term: texts.selection.product, value: productName(config, init, null) },
  ];
  for (const group of init?.Groups ?? []) {
    const chosen = group.Parameters.find((p) => config.Parameters.some((c) => c.Id === p.Id));
    if (chosen) rows.push({ term: group.Name, value: chosen.Name });
  }
  rows.push({ term: texts.optionStations, value: texts.stations(config.Stations) });
  if (config.Product.ClimateNeutral) rows.push({ term: texts.climateNeutral, value: texts.yes });
  if (config.AppointmentPlus) {
    rows.push({ term: init?.AppointmentPlus.Name || texts.appointmentPlus, value: texts.yes });
  }
  return rows;
}

/**
 * The heading says what is on screen: while a recalculation runs, the list shown is the previous
 * one, and so is the heading.
 */
function headingOf(
  list: {
    status: OfferListStatus;
    shown: ShownResult | null;
    offerCount: number;
    otherQuery: boolean;
  },
  config: ConfigSnapshot,
  init: CalculatorInitResponse | null,
  productGroupId: 1 | 2,
): string {
  const { status, shown } = list;
  const describesShown =
    status === 'ready' || status === 'empty' || (status === 'calculating' && list.offerCount > 0);
  if (shown && describesShown) {
    const heading = texts.summary(
      shown.count,
      formatQuantity(shown.config.Amount),
      productName(shown.config, init, shown.productName),
      shown.config.ZipCode,
    );
    // The previous selection's list after a failed recalculation: said in the heading.
    return list.otherQuery ? `${heading}${texts.summaryOtherQuery}` : heading;
  }
  if ((status === 'calculating' || status === 'idle') && config.ZipCode) {
    // The product group, not the product's name: that arrives with the calculator data a moment
    // later and would make the heading a line longer while the list waits (layout shift).
    return texts.summaryCalculating(
      formatQuantity(config.Amount),
      productGroupId === 2 ? texts.summaryNoProductDiesel : texts.summaryNoProduct,
      config.ZipCode,
    );
  }
  return texts.pageTitle(productGroupId);
}

export function OfferSummary({ productGroupId }: { productGroupId: 1 | 2 }) {
  const list = useSnapshot(offerListState);
  const calculator = useSnapshot(calculatorState);
  const init = calculator.init as CalculatorInitResponse | null;
  // Open on a wide screen until the visitor toggles it. The server renders it closed and the
  // hydrating render says the same (useMediaQuery, docs/decisions/009).
  const wide = useMediaQuery(`(min-width: ${BREAKPOINTS.lg}px)`);
  const [toggled, setToggled] = useState<boolean | null>(null);
  const optionsOpen = toggled ?? wide;
  const rows = selectionRows(calculator.config, init);

  return (
    <>
      <header className={styles.head}>
        <p className={styles.eyebrow}>{texts.eyebrow(productGroupId)}</p>
        <h1 className={styles.title}>
          {headingOf(
            {
              status: list.status,
              shown: list.shown,
              offerCount: list.offers.length,
              otherQuery: list.stale?.otherQuery === true,
            },
            calculator.config,
            init,
            productGroupId,
          )}
        </h1>
      </header>
      <aside className={styles.selection} aria-label={texts.selection.title}>
        <details
          className={styles.options}
          open={optionsOpen}
          onToggle={(e) => {
            // The browser also fires toggle when React opens it: only a change counts.
            if (e.currentTarget.open !== optionsOpen) setToggled(e.currentTarget.open);
          }}
        >
          <summary>
            <span className={styles.selectionTitle}>{texts.selection.title}</span>
            <span className={styles.selectionShort}>
              {/* Closed: product, delivery time, payment (postal code and amount are in the bar). */}
              {rows
                .slice(2, 5)
                .map((row) => row.value)
                .join(' · ')}
            </span>
          </summary>
          <dl>
            {rows.map((row) => (
              <div key={row.term}>
                <dt>{row.term}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
        </details>
        <Button
          variant="secondary"
          block
          className={styles.optionsButton}
          onClick={openSettings}
          onPointerEnter={preloadSettingsPanel}
          onFocus={preloadSettingsPanel}
        >
          {texts.edit.options}
        </Button>
      </aside>
    </>
  );
}
