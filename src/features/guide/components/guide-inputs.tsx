/**
 * The three input types of a guide step: choice (radio cards, big touch targets), number (with
 * unit, bounds and German messages) and postal code (locale pattern + existence check). Each
 * writes every keystroke to the store, which saves it at once.
 */
import { useInstantValue } from '../../../ui/use-instant-value';
import { useId } from 'react';
import type {
  GuideChoiceInput,
  GuideInput,
  GuideNumberInput,
  GuideZipInput,
} from '../../../api/contract/leads';
import { formatQuantity } from '../../../lib/format';
import type { Locale } from '../../../lib/locale';
import type { InputError } from '../guide-logic';
import type { ZipCheckStatus } from '../store';
import { texts } from '../texts';
import styles from '../guide.module.css';

export function errorText(input: GuideInput, error: InputError, locale: Locale): string {
  switch (error) {
    case 'min':
    case 'max': {
      const n = input as GuideNumberInput;
      return error === 'min'
        ? texts.errors.min(formatQuantity(n.Min), n.Unit)
        : texts.errors.max(formatQuantity(n.Max), n.Unit);
    }
    case 'zipFormat':
      return texts.errors.zipFormat(locale.zipLength);
    case 'zipPending':
      return texts.zip.checking;
    default:
      return texts.errors[error];
  }
}

interface InputProps<I> {
  input: I;
  value: string;
  /** Shown only once the visitor has touched the field (or tried to go on). */
  error: string | null;
  onChange: (value: string) => void;
}

function Label({ input, htmlFor, id }: { input: GuideInput; htmlFor?: string; id?: string }) {
  const Tag = htmlFor ? 'label' : 'span';
  return (
    <Tag className={styles.question} htmlFor={htmlFor} id={id}>
      {input.Label}
      {!input.Required && <span className={styles.optional}> {texts.step.optional}</span>}
    </Tag>
  );
}

function ChoiceInput({ input, value, error, onChange }: InputProps<GuideChoiceInput>) {
  const name = useId();
  const [shown, show] = useInstantValue(value);
  const helpId = `${name}-help`;
  const errorId = `${name}-error`;
  return (
    <fieldset
      className={styles.inputBlock}
      aria-describedby={
        [input.Help && helpId, error && errorId].filter(Boolean).join(' ') || undefined
      }
    >
      <legend className={styles.question}>
        {input.Label}
        {!input.Required && <span className={styles.optional}> {texts.step.optional}</span>}
      </legend>
      {input.Help && (
        <p id={helpId} className={styles.help}>
          {input.Help}
        </p>
      )}
      <div className={styles.choices}>
        {input.Options.map((option) => (
          <label
            key={option.Value}
            className={`${styles.choice} ${shown === option.Value ? styles.choiceSelected : ''}`}
          >
            <input
              type="radio"
              name={name}
              value={option.Value}
              checked={shown === option.Value}
              onChange={() => {
                show(option.Value);
                onChange(option.Value);
              }}
            />
            <span className={styles.choiceText}>
              <span className={styles.choiceLabel}>{option.Label}</span>
              {option.Hint && <span className={styles.choiceHint}>{option.Hint}</span>}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function NumberInput({
  input,
  value,
  error,
  onChange,
  onBlur,
}: InputProps<GuideNumberInput> & { onBlur: () => void }) {
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const range = texts.range(formatQuantity(input.Min), formatQuantity(input.Max), input.Unit);
  return (
    <div className={styles.inputBlock}>
      <Label input={input} htmlFor={id} />
      <p id={helpId} className={styles.help}>
        {input.Help ? `${input.Help} ` : ''}({range})
      </p>
      <div className={styles.numberRow}>
        <input
          id={id}
          className={`${styles.textInput} ${error ? styles.invalid : ''}`}
          type="text"
          inputMode={input.Step >= 1 ? 'numeric' : 'decimal'}
          autoComplete="off"
          value={value}
          placeholder={input.Placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={[helpId, error && errorId].filter(Boolean).join(' ')}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        />
        <span className={styles.unit}>{input.Unit}</span>
      </div>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function ZipInput({
  input,
  value,
  error,
  onChange,
  onBlur,
  status,
  locale,
}: InputProps<GuideZipInput> & {
  onBlur: () => void;
  status: ZipCheckStatus | undefined;
  locale: Locale;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;
  const note =
    status === 'pending'
      ? texts.zip.checking
      : status === 'offline'
        ? texts.zip.offline
        : status === 'valid'
          ? texts.zip.valid
          : null;
  return (
    <div className={styles.inputBlock}>
      <Label input={input} htmlFor={id} />
      {input.Help && <p className={styles.help}>{input.Help}</p>}
      <input
        id={id}
        className={`${styles.textInput} ${styles.zipInput} ${error ? styles.invalid : ''}`}
        type="text"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={locale.zipLength}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={[statusId, error && errorId].filter(Boolean).join(' ')}
        // SPEC §5: the field keeps digits only.
        onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, locale.zipLength))}
        onBlur={onBlur}
      />
      <p id={statusId} className={styles.help} aria-live="polite">
        {!error && note}
      </p>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export interface GuideFieldProps {
  input: GuideInput;
  value: string;
  error: string | null;
  zipStatus: ZipCheckStatus | undefined;
  locale: Locale;
  onChange: (value: string) => void;
  onBlur: () => void;
}

export function GuideField({ input, zipStatus, locale, onBlur, ...rest }: GuideFieldProps) {
  switch (input.Type) {
    case 'choice':
      return <ChoiceInput input={input} {...rest} />;
    case 'number':
      return <NumberInput input={input} onBlur={onBlur} {...rest} />;
    case 'zip':
      return (
        <ZipInput input={input} onBlur={onBlur} status={zipStatus} locale={locale} {...rest} />
      );
  }
}
