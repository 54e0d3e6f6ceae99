/**
 * Postal code and amount with the SPEC §5 rules. The postal code is checked against the server
 * (a failed call counts as unknown). The amount is shown with German thousands separators,
 * formatted in the format worker.
 */
import { useId, useState, type FormEvent } from 'react';
import type { Locale } from '../../../lib/locale';
import { parseAmountInput } from '../../../lib/format';
import { Button } from '../../../ui/button/button';
import { formatWorker } from '../../../workers/format';
import { checkZipCode } from '../api';
import { texts } from '../texts';
import {
  AMOUNT_DEFAULT,
  digitsOnly,
  validateAmount,
  validateZipFormat,
  type AmountError,
  type ZipError,
} from '../validation';
import styles from './zip-check-form.module.css';

type Result = { zip: string; amount: string; country: string };

function zipMessage(error: ZipError, locale: Locale): string {
  return error === 'ZIPCODE_INV' ? texts.errors.ZIPCODE_INV(locale.zipLength) : texts.errors[error];
}

export function ZipCheckForm({ locale }: { locale: Locale }) {
  const id = useId();
  const [zip, setZip] = useState('');
  const [amountText, setAmountText] = useState(() => AMOUNT_DEFAULT.toLocaleString('de-DE'));
  const [zipError, setZipError] = useState<ZipError | null>(null);
  const [amountError, setAmountError] = useState<AmountError | null>(null);
  const [checking, setChecking] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const [offline, setOffline] = useState(false);

  const zipErrorId = `${id}-zip-error`;
  const amountErrorId = `${id}-amount-error`;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    setOffline(false);
    const amount = parseAmountInput(amountText);
    const aErr = validateAmount(amount);
    setAmountError(aErr);
    let zErr = validateZipFormat(zip, locale.zipPattern);
    setZipError(zErr);
    if (zErr) return;
    if (!navigator.onLine) {
      setOffline(true);
      return;
    }
    setChecking(true);
    const exists = await checkZipCode(zip, locale.countryId);
    setChecking(false);
    zErr = exists ? null : 'ZIPCODE_NXT';
    setZipError(zErr);
    if (zErr || aErr) return;
    const [formatted = String(amount)] = await formatWorker.formatMany([
      { kind: 'quantity', value: amount },
    ]);
    setResult({ zip, amount: formatted, country: locale.countryName });
  }

  return (
    <form
      className={styles.form}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label={texts.formTitle}
    >
      <div className={styles.fields}>
        <div className={styles.field}>
          <label htmlFor={`${id}-zip`}>{texts.zipLabel}</label>
          <input
            id={`${id}-zip`}
            name="zipCode"
            inputMode="numeric"
            autoComplete="postal-code"
            value={zip}
            aria-invalid={zipError !== null}
            aria-describedby={zipError ? zipErrorId : undefined}
            onChange={(e) => {
              setZip(digitsOnly(e.target.value, locale.zipLength));
              setZipError(null);
              setResult(null);
            }}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-amount`}>{texts.amountLabel}</label>
          <input
            id={`${id}-amount`}
            name="amount"
            inputMode="numeric"
            value={amountText}
            aria-invalid={amountError !== null}
            aria-describedby={amountError ? amountErrorId : undefined}
            onChange={(e) => {
              setAmountText(e.target.value.replace(/[^\d.]/g, ''));
              setAmountError(null);
              setResult(null);
            }}
            onBlur={(e) => {
              const text = e.target.value;
              void formatWorker.formatAmountInput(text).then((formatted) => {
                // Only when the user has not typed on in the meantime.
                setAmountText((current) => (current === text ? formatted : current));
              });
            }}
          />
        </div>
        <Button type="submit" size="lg" className={styles.submit} disabled={checking}>
          {checking ? texts.checking : texts.submit}
        </Button>
      </div>
      <div className={styles.messages} aria-live="polite">
        {zipError && (
          <p id={zipErrorId} className={styles.error}>
            {zipMessage(zipError, locale)}
          </p>
        )}
        {amountError && (
          <p id={amountErrorId} className={styles.error}>
            {texts.errors[amountError]}
          </p>
        )}
        {offline && <p className={styles.error}>{texts.offline}</p>}
        {result && (
          <p className={styles.success}>
            {texts.resultOk(result.zip, result.country, result.amount)}
          </p>
        )}
      </div>
    </form>
  );
}
