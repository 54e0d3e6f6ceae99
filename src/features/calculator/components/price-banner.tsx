/**
 * SPEC §3 Banner data in the calculator bar: today's lowest price for the confirmed postal code
 * and amount, or the country's average at 3,000 L before there is one. Its line is reserved from
 * the first paint (the server renders it empty), so the price arriving moves nothing; a failed
 * load leaves it empty (SPEC §8).
 */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { berlinDay, berlinTimeOfDay, formatDayDe } from '../../../lib/dates';
import { formatDecimal, formatQuantity, withCurrency } from '../../../lib/format';
import { afterHydration } from '../../../ui/hydration';
import { useMediaQuery } from '../../../ui/use-media-query';
import { useLocale } from '../../locale';
import { bannerAmount, bannerState, loadBanner, type BannerData } from '../banner';
import { calculatorState } from '../store';
import { zipFormatError } from '../validation';
import { texts } from '../texts';
import styles from './price-banner.module.css';

/** Where the calculator bar has room for the line. */
const BANNER_MEDIA = '(min-width: 768px)';

export function PriceBanner({ className }: { className?: string }) {
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

  // The bar shows the line from 768 px (calculator-bar.module.css): a phone loads nothing for it.
  const shownHere = useMediaQuery(BANNER_MEDIA);

  // Not while a server-rendered page hydrates: its HTML has the line empty.
  useEffect(() => {
    if (!shownHere) return;
    return afterHydration(
      () =>
        void loadBanner({ countryId: locale.countryId, zipCode, amount, productId, heatingOil }),
    );
  }, [shownHere, locale.countryId, zipCode, amount, productId, heatingOil]);

  const shown = data && data.countryId === locale.countryId ? data : null;
  return (
    <p className={[styles.banner, className].filter(Boolean).join(' ')} aria-live="polite">
      {shown ? <BannerText data={shown} countryName={locale.countryName} /> : null}
    </p>
  );
}

export function BannerText({ data, countryName }: { data: BannerData; countryName: string }) {
  const currency = data.currency === 'CHF' ? 'CHF' : 'EUR';
  const unit = withCurrency(formatDecimal(data.unitPrice, 2, 2), currency);
  const total = withCurrency(formatDecimal(data.totalPrice, 2, 2), currency);
  const instant = new Date(data.timeStamp);
  const valid = !Number.isNaN(instant.getTime());
  // A postal code's best offer is live (its time); the average is the day's (its date). A kept
  // offer of an earlier day (offline) names its day up front, not "Heute" (issue 37).
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
