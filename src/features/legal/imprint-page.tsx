import { DATA_ATTRIBUTION, PRODUCT_NAME } from '../../lib/brand';
import { useLocale } from '../locale';
import styles from './legal.module.css';
import { texts } from './texts';

export function ImprintPage() {
  const locale = useLocale();
  return (
    <article className={styles.page}>
      <h1>{texts.imprintTitle}</h1>
      <h2>Anbieter</h2>
      <address>
        {PRODUCT_NAME} GmbH
        <br />
        Musterstraße 1<br />
        10115 Berlin
        <br />
        Deutschland
      </address>
      <p className={styles.muted}>
        {PRODUCT_NAME} ist ein Vergleichs- und Vermittlungsportal. Kaufverträge über Heizöl und
        Diesel kommen direkt zwischen Ihnen und dem jeweiligen Händler zustande.
      </p>
      <h2>Kontakt</h2>
      <p>
        Kundenservice:{' '}
        <a href={`tel:${locale.customerPhoneNumber.replace(/\s/g, '')}`}>
          {locale.customerPhoneNumber}
        </a>
        <br />
        Presse:{' '}
        <a href={`tel:${locale.pressPhoneNumber.replace(/\s/g, '')}`}>{locale.pressPhoneNumber}</a>
      </p>
      <h2>Datenquellen</h2>
      <p>
        {DATA_ATTRIBUTION.text} Quelle: <a href={DATA_ATTRIBUTION.geonamesUrl}>geonames.org</a>,
        Lizenz: <a href={DATA_ATTRIBUTION.licenceUrl}>CC BY 4.0</a>.
      </p>
      <p>{DATA_ATTRIBUTION.mapCredit}</p>
      <h2>Preisverlauf und Marktdaten</h2>
      <p>
        Demo-Daten: Die Preise vor dem Start dieses Angebots und die Marktwerte (Rohöl Brent, Gasöl,
        Wechselkurse) stammen aus einem Rechenmodell, das sich an den Monatsmitteln der Jahre 2022
        bis 2025 und an den gesetzlichen Abgaben (Energiesteuer, CO₂-Preis, Mehrwertsteuer)
        orientiert. Seit dem Start kommt jeder Tageswert aus den Preislisten der Händler auf{' '}
        {PRODUCT_NAME}: der Mittelwert ihrer Angebote für 3.000 Liter Heizöl.
      </p>
    </article>
  );
}
