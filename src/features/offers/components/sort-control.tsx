/**
 * Sorting as a segmented control: native radio buttons (arrow keys move the choice, the group
 * has a legend), drawn as one row of buttons.
 */
import { useInstantValue } from '../../../ui/use-instant-value';
import { useId } from 'react';
import { OFFER_SORTS, type OfferSort } from '../../../workers/offers';
import { texts } from '../texts';
import styles from './sort-control.module.css';

export function SortControl({
  value,
  onChange,
  disabled = false,
}: {
  value: OfferSort;
  onChange: (sort: OfferSort) => void;
  disabled?: boolean;
}) {
  const name = useId();
  const [shown, show] = useInstantValue(value);
  return (
    <fieldset className={styles.group} disabled={disabled}>
      <legend className={styles.legend}>{texts.sort.label}</legend>
      <div className={styles.options}>
        {OFFER_SORTS.map((sort) => (
          <label key={sort} className={styles.option}>
            <input
              type="radio"
              name={name}
              value={sort}
              checked={shown === sort}
              onChange={() => {
                show(sort);
                onChange(sort);
              }}
            />
            <span>{texts.sort[sort]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
