/**
 * The price line's content (SPEC §3 Banner data), a chunk of its own: price-banner.tsx mounts it
 * only where the line is shown (from 768 px) and after hydration, so a phone and the first paint
 * of every page load none of it (the banner state, its calls and formatting; the home page budget).
 */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { berlinDay, berlinTimeOfDay, formatDayDe } from '../../../lib/dates';
import { formatDecimal, formatQuantity, withCurrency } from '../../../lib/format';
import { afterHydration } from '../../../ui/hydration';
import { useLocale } from '../../locale';
import { bannerAmount, bannerState, loadBanner, type BannerData } from '../banner';
import { calculatorState } from '../store';
import { zipFormatError } from '../validation';
import { texts } from '../texts';
import styles from './price-banner.module.css';

/** Loads the banner data for the calculator's query and shows it. */
export function PriceBannerLine() {
  const locale = useLocale();
  const { config, zipCheck } = useSnapshot(calculatorState);
  const { data } = useSnapshot(bannerState);
  // A postal code of the right form that the server has not refused (the offer list's comes from
  // its address, unchecked); one without offers gets the country's average.
  const refused =
    zipCheck.status === 'invalid' && !zipCheck.failed && zipCheck.zip === config.ZipCode;
  const zipCode =
    !refused && zipFormatError(config.ZipCode, locale.countryId) === null ? config.ZipCode : '';
  const amount = bannerAmount(config.Amount);
  const productId = config.Product.Id;
  const heatingOil = config.ProductGroupId === 1;

  // Not while a server-rendered page hydrates: its HTML has the line empty.
  useEffect(
    () =>
      afterHydration(
        () =>
          void loadBanner({ countryId: locale.countryId, zipCode, amount, productId, heatingOil }),
      ),
    [locale.countryId, zipCode, amount, productId, heatingOil],
  );

  const shown = data && data.countryId === locale.countryId ? data : null;
  return shown ? <BannerText data={shown} countryName={locale.countryName} /> : null;
}

export function BannerText({ data, countryName }: { data: BannerData; countryName: string }) {
  const currency = data.currency === 'CHF' ? 'CHF' : 'EUR';
  const unit = withCurrency(formatDecimal(data.unitPrice, 2, 2), currency);
  const total = withCurrency(formatDecimal(data.totalPrice, 2, 2), currency);
  const instant = new Date(data.timeStamp);
  const valid = !Number.isNaN(instant.getTime());
  // A postal code's best offer is live (its time); the average is the day's (its date). A kept
  // offer of an earlier day (offline) names its day up front, not "Heute".
  const today = valid && berlinDay(instant) === berlinDay(new Date());
  const asOf = !valid
    ? ''
    : data.zipCode && today
      ? texts.banner.asOfTime(berlinTimeOfDay(instant))
      : data.zipCode
        ? ''
        : texts.banner.asOfDay(formatDayDe(data.timeStamp.slice(0, 10)));
  return (
    <>
      {data.zipCode ? (
        <span className={styles.price}>
          {today || !valid
            ? texts.banner.local(data.zipCode, unit)
            : texts.banner.localOld(data.zipCode, unit, formatDayDe(berlinDay(instant)))}
        </span>
      ) : (
        <span className={styles.price}>
          <span aria-hidden="true">Ø</span>
          <span className="visually-hidden">{texts.banner.average}</span>
          {texts.banner.country(countryName, unit)}
        </span>
      )}
      {/* The total and the time: from tablet width, where the line has room for them. */}
      <span className={styles.more}>
        {texts.banner.total(total, formatQuantity(data.amount))}
        {asOf}
      </span>
    </>
  );
}
