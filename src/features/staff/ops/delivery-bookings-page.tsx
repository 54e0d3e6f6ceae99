/**
 * /support/liefertermine?dealer=ID (support guard): a dealer's delivery bookings per
 * working day against its capacity — where the tours start, how many trucks, litres booked of the
 * litres the tours carry (with a bar), the stops per half day, and the orders booked that day.
 * A dealer with branches has a row per day and depot. Read-only. The dealer id is kept in the
 * address, so a link shows the same dealer.
 */
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { DeliveryBookingsResponse, DeliveryDayReport } from '../../../api/contract/delivery';
import { formatWeekdayDayDe } from '../../../lib/dates';
import { formatQuantity } from '../../../lib/format';
import { Button } from '../../../ui/button/button';
import { inputClass, StaffList, StaffPage, useStaffData, type Column } from '../kit';
import { fetchDeliveryBookings } from './api';
import kit from '../kit/kit.module.css';
import { texts } from './texts';
import styles from './delivery-bookings-page.module.css';

const t = texts.deliveryBookings;

/** The dealer of the address: a whole number from 1, else null (nothing asked yet). */
export function dealerOf(text: string | null): number | null {
  if (!text || !/^\d{1,9}$/.test(text.trim())) return null;
  const id = Number(text.trim());
  return id >= 1 ? id : null;
}

/** Booked share of the day's litres, 0–1 (a day without capacity counts as empty). */
const shareOf = (day: DeliveryDayReport) =>
  day.CapacityLitres > 0 ? day.BookedLitres / day.CapacityLitres : 0;

/** The thresholds of "Lieferzeiten in Ihrer Region" (contract DELIVERY_LOADS). */
function toneOf(share: number): string | undefined {
  if (share >= 0.8) return styles.high;
  if (share >= 0.5) return styles.elevated;
  return styles.normal;
}

function LitresCell({ day }: { day: DeliveryDayReport }) {
  const share = shareOf(day);
  const percent = Math.round(Math.min(1, share) * 100);
  return (
    <div className={styles.litres}>
      <span className={kit.nowrap}>
        <span className="tabular">
          {t.litres(formatQuantity(day.BookedLitres), formatQuantity(day.CapacityLitres))}
        </span>{' '}
        <span className={kit.muted}>{t.share(formatQuantity(Math.round(share * 100)))}</span>
      </span>
      <span className={styles.bar} aria-hidden="true">
        <span
          className={`${styles.fill} ${toneOf(share) ?? ''}`}
          style={{ width: `${percent}%` }}
        />
      </span>
    </div>
  );
}

/** "3 / 2 / 1 von 30" on screen; the words for a screen reader. */
function StopsCell({ day }: { day: DeliveryDayReport }) {
  const capacity = formatQuantity(day.CapacityStops);
  return (
    <>
      <span className="visually-hidden">
        {t.stops.spoken(day.MorningStops, day.AfternoonStops, day.AllDayStops, capacity)}
      </span>
      <span className={kit.nowrap} aria-hidden="true">
        <span className="tabular">
          {day.MorningStops} / {day.AfternoonStops} / {day.AllDayStops}
        </span>{' '}
        <span className={kit.muted}>{t.stops.of(capacity)}</span>
      </span>
    </>
  );
}

/** The day's orders under a disclosure: number, window, litres, where. */
function BookingsCell({ day }: { day: DeliveryDayReport }) {
  if (day.Bookings.length === 0) return <span className={kit.muted}>{t.noBookings}</span>;
  return (
    <details className={kit.details}>
      <summary>{t.bookingsSummary(day.Bookings.length)}</summary>
      <ul
        className={styles.bookings}
        aria-label={t.bookingsCaption(formatWeekdayDayDe(day.Date), day.Depot)}
      >
        {day.Bookings.map((b) => (
          <li key={b.OrderNumber}>
            <span className={kit.mono}>{b.OrderNumber}</span>
            <span>
              {t.booking(t.windows[b.Window], formatQuantity(b.Litres), `${b.ZipCode} ${b.Place}`)}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}

const columns: Column<DeliveryDayReport>[] = [
  {
    key: 'date',
    header: t.columns.date,
    render: (d) => <span className={kit.nowrap}>{formatWeekdayDayDe(d.Date)}</span>,
    sortValue: (d) => d.Date,
  },
  { key: 'depot', header: t.columns.depot, render: (d) => d.Depot, sortValue: (d) => d.Depot },
  {
    key: 'tours',
    header: t.columns.tours,
    render: (d) => d.Tours,
    sortValue: (d) => d.Tours,
    numeric: true,
  },
  {
    key: 'litres',
    header: t.columns.litres,
    render: (d) => <LitresCell day={d} />,
    sortValue: shareOf,
  },
  {
    key: 'stops',
    header: t.columns.stops,
    render: (d) => <StopsCell day={d} />,
    sortValue: (d) => d.MorningStops + d.AfternoonStops + d.AllDayStops,
  },
  {
    key: 'bookings',
    header: t.columns.bookings,
    render: (d) => <BookingsCell day={d} />,
    sortValue: (d) => d.Bookings.length,
  },
];

export function DeliveryBookingsPage() {
  const [params, setParams] = useSearchParams();
  const param = params.get('dealer');
  const dealer = dealerOf(param);
  const [input, setInput] = useState(param ?? '');
  const [inputError, setInputError] = useState<string | undefined>(undefined);
  // The address changed (back, a link): the field follows it (state adjusted while rendering).
  const [shownParam, setShownParam] = useState(param);
  if (param !== shownParam) {
    setShownParam(param);
    setInput(param ?? '');
    setInputError(undefined);
  }
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

  const data = useStaffData<DeliveryBookingsResponse | null>(
    (signal) => (dealer === null ? Promise.resolve(null) : fetchDeliveryBookings(dealer, signal)),
    `support-liefertermine:${dealer ?? ''}`,
    t.loadFailed,
  );
  // Another dealer's answer (the one before) is not shown while this one loads.
  const report = data.data && data.data.DealerId === dealer ? data.data : null;

  return (
    <StaffPage
      title={t.title}
      intro={<p>{t.intro}</p>}
      actions={
        dealer !== null && (
          <Button variant="secondary" disabled={data.status === 'loading'} onClick={data.reload}>
            {data.status === 'loading' && report ? t.refreshing : t.refresh}
          </Button>
        )
      }
    >
      <form
        className={styles.search}
        role="search"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const id = dealerOf(input);
          if (id === null) {
            setInputError(t.dealerInvalid);
            document.getElementById(inputId)?.focus();
            return;
          }
          setInputError(undefined);
          if (id === dealer) data.reload();
          else setParams({ dealer: String(id) });
        }}
      >
        <div className={styles.field}>
          <label htmlFor={inputId}>{t.dealer}</label>
          <input
            id={inputId}
            className={inputClass}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={input}
            aria-invalid={inputError ? true : undefined}
            aria-describedby={[inputError ? errorId : '', hintId].filter(Boolean).join(' ')}
            onChange={(event) => setInput(event.target.value)}
          />
        </div>
        <Button type="submit">{t.show}</Button>
        <p id={hintId} className={styles.hint}>
          {t.dealerHint}
        </p>
        {inputError && (
          <p id={errorId} className={styles.error}>
            {inputError}
          </p>
        )}
      </form>

      {dealer === null && <p className={kit.muted}>{t.start}</p>}
      {dealer !== null && (
        <StaffList
          data={data}
          rows={report?.Days}
          loadTexts={{ loading: t.loading, notFound: t.notFound(dealer), retry: t.retry }}
          section={report ? { title: t.heading(report.DealerName, report.DealerId) } : undefined}
          above={<p className={kit.muted}>{t.legend}</p>}
          caption={report ? t.caption(report.DealerName) : ''}
          columns={columns}
          rowKey={(d) => `${d.Date}|${d.Depot}`}
          pageSize={100}
          empty={t.empty}
        />
      )}
    </StaffPage>
  );
}
