/**
 * One tank on /mein-mex: the level now (litres, %, a gauge), free capacity,
 * consumption per day, days left and "reicht bis", battery and last-contact warnings, the
 * reorder-by forecast with today's price and its trend, the button to the prefilled offer list,
 * and the level over time.
 */
import { Link } from 'react-router';
import type { MexTankDetail } from '../../../api/contract/mex';
import { formatDayDe, formatStandDe } from '../../../lib/dates';
import { formatDecimal, formatOneDigit, formatPrice, formatQuantity } from '../../../lib/format';
import { ButtonLink } from '../../../ui/button/button';
import { Card } from '../../../ui/page/page';
import { paths } from '../../../lib/paths';
import { LOW_LEVEL_PCT, offerAmountFor, offerHrefFor } from '../mex-format';
import { selectMexTank } from '../snapshot';
import { texts } from '../texts';
import { LevelChart } from './level-chart';
import styles from './tank-card.module.css';

const PRICE_ALARMS_HREF = `${paths.customerHome}#preisalarme`;

const perDay = (value: number | null) =>
  value === null ? texts.tank.unknown : texts.tank.perDay(formatOneDigit(value));

export function TankCard({ tank, userId }: { tank: MexTankDetail; userId: string }) {
  const f = tank.Forecast;
  const headingId = `mex-tank-${tank.Value}`;
  const percent = Math.max(0, Math.min(100, tank.Percent));
  const lastReading = tank.MeasuredAt ? formatStandDe(new Date(tank.MeasuredAt)) : null;
  const emptyOn = f.EmptyOn ?? null;
  const change =
    f.PriceChangePercent === null
      ? ''
      : texts.forecast.change(
          `${f.PriceChangePercent > 0 ? '+' : ''}${formatDecimal(f.PriceChangePercent, 1, 1)}`,
        );

  return (
    <Card className={styles.card} aria-labelledby={headingId}>
      <header className={styles.head}>
        <h2 id={headingId}>{tank.Name}</h2>
        <p className={styles.meta}>
          {texts.tank.serial(tank.Serial)}
          {tank.BatteryPct !== null && <> · {texts.tank.battery(tank.BatteryPct)}</>}
          {tank.TemperatureC !== null && (
            <> · {texts.tank.temperature(formatOneDigit(tank.TemperatureC))}</>
          )}
        </p>
      </header>

      {(tank.BatteryLow || tank.Silent) && (
        <ul className={styles.warnings}>
          {tank.Silent && <li>{texts.warnings.silent(lastReading)}</li>}
          {tank.BatteryLow && <li>{texts.warnings.battery(tank.BatteryPct)}</li>}
        </ul>
      )}

      <div className={styles.level}>
        <p className={styles.percent}>
          <strong>{formatQuantity(percent)} %</strong>
          <span>
            {texts.tank.litresOf(formatQuantity(tank.Litres), formatQuantity(tank.UsableL))}
          </span>
        </p>
        <div
          className={styles.gauge}
          role="meter"
          aria-label={texts.tank.levelLabel}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(percent)}
          aria-valuetext={`${formatQuantity(percent)} %`}
          data-low={percent < LOW_LEVEL_PCT ? 'true' : undefined}
        >
          <span style={{ width: `${percent}%` }} />
        </div>
        <p className={styles.muted}>
          {lastReading ? texts.tank.lastReading(lastReading) : texts.tank.noReading}
        </p>
      </div>

      <dl className={styles.facts}>
        <div>
          <dt>{texts.tank.free}</dt>
          <dd>{formatQuantity(tank.FreeL)} L</dd>
        </div>
        <div>
          <dt>{texts.tank.daysLeft}</dt>
          <dd>
            {f.DaysLeft === null ? texts.tank.unknown : texts.tank.days(formatQuantity(f.DaysLeft))}
            {emptyOn && (
              <span className={styles.sub}>{texts.tank.until(formatDayDe(emptyOn))}</span>
            )}
          </dd>
        </div>
        <div>
          <dt>{texts.tank.avg7}</dt>
          <dd>{perDay(f.Avg7Days)}</dd>
        </div>
        <div>
          <dt>{texts.tank.avgSeason}</dt>
          <dd>{perDay(f.AvgSeason)}</dd>
        </div>
      </dl>

      {/* Named with the tank: two tanks' forecasts are two regions that must differ (axe). */}
      <section className={styles.forecast} aria-labelledby={`${headingId}-forecast ${headingId}`}>
        <h3 id={`${headingId}-forecast`}>{texts.forecast.title}</h3>
        <p className={styles.orderBy}>
          {f.OrderBy ? texts.forecast.orderBy(formatDayDe(f.OrderBy)) : texts.forecast.noOrderBy}
        </p>
        <ul className={styles.forecastFacts}>
          <li>{f.LeadDays === null ? texts.forecast.noLead : texts.forecast.lead(f.LeadDays)}</li>
          <li>
            {f.PricePer100L === null
              ? texts.forecast.noPrice
              : texts.forecast.price(formatPrice(f.PricePer100L, f.Currency))}
          </li>
          <li data-trend={f.PriceTrend}>
            {texts.forecast.trend[f.PriceTrend]}
            {change}
          </li>
        </ul>
        <p className={styles.advice}>{f.Advice}</p>
        <ButtonLink to={offerHrefFor(tank)} variant="primary" className={styles.compare}>
          {texts.forecast.compare}
        </ButtonLink>
        <p className={styles.muted}>
          {texts.forecast.compareHint(formatQuantity(offerAmountFor(tank.FreeL)), tank.ZipCode)}
        </p>
        <p className={styles.muted}>
          {/* The alarm form starts from the selected tank (its postal code and free capacity). */}
          <Link to={PRICE_ALARMS_HREF} onClick={() => selectMexTank(tank.Value)}>
            {texts.forecast.alarm}
          </Link>
        </p>
      </section>

      <LevelChart
        userId={userId}
        sensorId={tank.Value}
        name={tank.Name}
        capacity={tank.CapacityL}
      />
    </Card>
  );
}
