/**
 * The lead form (SPEC §2 /leads/lead-formular, on the result page and as its own page): name,
 * e-mail, phone, postal code (prefilled from the guide) and an explicit, unticked consent
 * checkbox with the exact consent text of the contract. Without the tick the request is stored
 * but nothing is passed on, and the form says so before sending.
 */
import { useInstantValue } from '../../../ui/use-instant-value';
import { useId, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { ApiError, NetworkError } from '../../../api/client';
import { LEAD_CONSENT_TEXT, LEAD_PARTNER, LEAD_TITLES } from '../../../api/contract/leads-rules';
import { Button } from '../../../ui/button/button';
import { useLocale } from '../../locale';
import { postLeadForm } from '../api';
import {
  acceptServerResult,
  currentAnswers,
  guideState,
  guideZipCode,
  setAllowTransferToPartner,
} from '../store';
import { texts } from '../texts';
import styles from '../guide.module.css';

type Field = 'FirstName' | 'LastName' | 'Email' | 'Phone' | 'ZipCode';
type Sent = { passed: boolean } | null;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[0-9 +()/-]*$/;

export function LeadForm({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const snap = useSnapshot(guideState);
  const [consent, showConsent] = useInstantValue(snap.allowTransferToPartner);
  const locale = useLocale();
  const id = useId();
  const [values, setValues] = useState<Record<Field, string> & { Title1: string }>(() => ({
    Title1: '',
    FirstName: '',
    LastName: '',
    Email: '',
    Phone: '',
    ZipCode: guideZipCode(),
  }));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<Sent>(null);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  const set = (field: Field | 'Title1', value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (field !== 'Title1') setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const check = (): Partial<Record<Field, string>> => {
    const found: Partial<Record<Field, string>> = {};
    if (!values.FirstName.trim()) found.FirstName = texts.lead.fieldRequired('Ihren Vornamen');
    if (!values.LastName.trim()) found.LastName = texts.lead.fieldRequired('Ihren Nachnamen');
    if (!EMAIL.test(values.Email.trim())) found.Email = texts.lead.emailInvalid;
    if (!PHONE.test(values.Phone.trim())) found.Phone = texts.lead.phoneInvalid;
    if (!locale.zipPattern.test(values.ZipCode.trim()))
      found.ZipCode = texts.errors.zipFormat(locale.zipLength);
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setSending(true);
    setFailure(null);
    try {
      const answer = await postLeadForm({
        GuideId: guideState.guideId,
        CountryId: locale.countryId,
        ZipCode: values.ZipCode.trim(),
        Title1: values.Title1 as (typeof LEAD_TITLES)[number],
        FirstName: values.FirstName.trim(),
        LastName: values.LastName.trim(),
        Email: values.Email.trim(),
        Phone: values.Phone.trim(),
        Answers: currentAnswers(),
        SelectedInformationId: guideState.selectedInformationId,
        PartnerConsent: guideState.allowTransferToPartner,
        ConsentText: LEAD_CONSENT_TEXT,
      });
      acceptServerResult(answer.Result);
      setSent({ passed: answer.PassedToPartner });
    } catch (error) {
      setFailure(
        error instanceof NetworkError
          ? texts.lead.offline
          : error instanceof ApiError
            ? `${texts.lead.failed} ${error.message}`
            : texts.lead.failed,
      );
    } finally {
      setSending(false);
    }
  };

  if (sent) {
    return (
      <section className={styles.card} aria-labelledby={`${id}-done`}>
        <Heading id={`${id}-done`} className={styles.sectionTitle} tabIndex={-1}>
          {texts.lead.successTitle}
        </Heading>
        <p role="status">
          {sent.passed ? texts.lead.successPassed(LEAD_PARTNER.name) : texts.lead.successKept}
        </p>
      </section>
    );
  }

  const selected = snap.compareResult?.Information.find((i) => i.Id === snap.selectedInformationId);
  const field = (name: Field, label: string, type: string, autoComplete: string) => (
    <div className={styles.inputBlock}>
      <label className={styles.fieldLabel} htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        className={`${styles.textInput} ${errors[name] ? styles.invalid : ''}`}
        type={type}
        autoComplete={autoComplete}
        inputMode={name === 'ZipCode' ? 'numeric' : undefined}
        value={values[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        onChange={(e) =>
          set(name, name === 'ZipCode' ? e.target.value.replace(/\D/g, '') : e.target.value)
        }
      />
      {errors[name] && (
        <p id={`${id}-${name}-error`} className={styles.error}>
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} className={styles.sectionTitle}>
        {texts.lead.title}
      </Heading>
      <p className={styles.lead}>{texts.lead.intro}</p>
      {selected && (
        <p className={styles.help}>
          {texts.lead.topic} <strong>{selected.Title}</strong>
        </p>
      )}
      <form className={styles.leadForm} noValidate onSubmit={(e) => void submit(e)}>
        <div className={styles.inputBlock}>
          <label className={styles.fieldLabel} htmlFor={`${id}-Title1`}>
            {texts.lead.salutation}
          </label>
          <select
            id={`${id}-Title1`}
            className={styles.textInput}
            value={values.Title1}
            onChange={(e) => set('Title1', e.target.value)}
          >
            {LEAD_TITLES.map((t) => (
              <option key={t} value={t}>
                {t || texts.lead.salutationNone}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.twoCols}>
          {field('FirstName', texts.lead.firstName, 'text', 'given-name')}
          {field('LastName', texts.lead.lastName, 'text', 'family-name')}
        </div>
        {field('Email', texts.lead.email, 'email', 'email')}
        <div className={styles.twoCols}>
          {field('Phone', texts.lead.phone, 'tel', 'tel')}
          {field('ZipCode', texts.lead.zip, 'text', 'postal-code')}
        </div>
        <fieldset className={styles.consent}>
          <legend className={styles.fieldLabel}>{texts.lead.consentLegend}</legend>
          <label className={styles.consentLabel}>
            <input
              type="checkbox"
              checked={consent}
              onChange={(e) => {
                showConsent(e.target.checked);
                setAllowTransferToPartner(e.target.checked);
              }}
            />
            <span>{LEAD_CONSENT_TEXT}</span>
          </label>
          {!consent && <p className={styles.help}>{texts.lead.withoutConsent}</p>}
        </fieldset>
        {failure && (
          <p className={styles.errorBox} role="alert">
            {failure}
          </p>
        )}
        <Button type="submit" size="lg" disabled={sending}>
          {sending ? texts.lead.sending : texts.lead.submit}
        </Button>
      </form>
    </section>
  );
}
