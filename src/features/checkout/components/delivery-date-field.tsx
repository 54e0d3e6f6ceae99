/**
 * "Liefertermin": the dealer's free days as native radio buttons (arrow keys move
 * between them), the window of the chosen delivery option said once, the first ten days shown
 * and the rest behind "Weitere Termine". No free day to choose (or an older server): a sentence,
 * no field; the server books the earliest day. A day booked by someone else meanwhile (409
 * SlotTaken) gets an alert here that takes the focus, over the new list of free days.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { DELIVERY_WINDOW_LABELS, type DeliverySlot } from '../../../api/contract/delivery';
import { formatWeekdayDayDe } from '../../../lib/dates';
import { Button } from '../../../ui/button/button';
import { RequiredMark } from '../../../ui/order-form';
import formStyles from '../../../ui/order-form/order-form.module.css';
import { texts } from '../texts';
import styles from './delivery-date-field.module.css';

/** Days shown before "Weitere Termine" (two working weeks). */
export const DAYS_SHOWN = 10;

export function DeliveryDateField({
  slots,
  value,
  error,
  slotTaken,
  onChange,
}: {
  slots: readonly DeliverySlot[];
  value: string;
  error: string | undefined;
  slotTaken: boolean;
  onChange: (date: string) => void;
}) {
  const base = useId();
  const [showAll, setShowAll] = useState(false);
  const alertRef = useRef<HTMLParagraphElement>(null);
  const firstMoreRef = useRef<HTMLInputElement>(null);
  const revealed = useRef(false);

  // Like the price-change notice: the alert takes the focus, so a screen reader hears it and
  // the next Tab or arrow key is in the new list of days.
  useEffect(() => {
    if (slotTaken) alertRef.current?.focus();
  }, [slotTaken]);

  // "Weitere Termine": the focus goes to the first day that was hidden (the button is gone).
  useEffect(() => {
    if (showAll && revealed.current) {
      revealed.current = false;
      firstMoreRef.current?.focus();
    }
  }, [showAll]);

  const titleId = `${base}-title`;
  const alert = slotTaken && (
    <p ref={alertRef} className={styles.alert} role="alert" tabIndex={-1}>
      {slots.length > 0 ? texts.delivery.taken : texts.delivery.takenNone}
    </p>
  );

  if (slots.length === 0) {
    return (
      <section
        className={formStyles.group}
        aria-labelledby={titleId}
        data-testid="checkout-delivery-none"
      >
        <h2 id={titleId} className={styles.title}>
          {texts.delivery.title}
        </h2>
        {alert}
        <p>{texts.delivery.none}</p>
      </section>
    );
  }

  const hintId = `${base}-hint`;
  const windowId = `${base}-window`;
  const errorId = `${base}-error`;
  const chosen = slots.findIndex((slot) => slot.Date === value);
  // A chosen day among the hidden ones (kept over a reload) shows the whole list.
  const all = showAll || slots.length <= DAYS_SHOWN || chosen >= DAYS_SHOWN;
  const shown = all ? slots : slots.slice(0, DAYS_SHOWN);
  const slotWindow = slots[0]?.Window ?? 'ganztags';

  return (
    <fieldset
      className={formStyles.group}
      aria-describedby={[error ? errorId : '', windowId, hintId].filter(Boolean).join(' ')}
    >
      <legend>
        {texts.delivery.title}
        <RequiredMark />
      </legend>
      {alert}
      <div className={styles.intro}>
        <p id={hintId} className={formStyles.hint}>
          {texts.delivery.hint}
        </p>
        <p id={windowId} className={styles.window} data-testid="checkout-delivery-window">
          {texts.delivery.window(DELIVERY_WINDOW_LABELS[slotWindow])}
        </p>
      </div>
      {error && (
        <p id={errorId} className={formStyles.error}>
          {error}
        </p>
      )}
      <ul className={styles.days}>
        {shown.map((slot, i) => {
          const id = i === 0 ? 'checkout-deliveryDate' : `${base}-day-${i}`;
          const checked = slot.Date === value;
          return (
            <li key={slot.Date}>
              <label className={`${styles.day} ${checked ? styles.checked : ''}`} htmlFor={id}>
                <input
                  ref={i === DAYS_SHOWN ? firstMoreRef : undefined}
                  id={id}
                  type="radio"
                  name="deliveryDate"
                  value={slot.Date}
                  checked={checked}
                  required
                  aria-invalid={error ? true : undefined}
                  onChange={() => onChange(slot.Date)}
                />
                <span className="tabular">{formatWeekdayDayDe(slot.Date)}</span>
              </label>
            </li>
          );
        })}
      </ul>
      {!all && (
        <div>
          <Button
            variant="secondary"
            onClick={() => {
              revealed.current = true;
              setShowAll(true);
            }}
          >
            {texts.delivery.more(slots.length - DAYS_SHOWN)}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
