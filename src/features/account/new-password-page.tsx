/**
 * /neues-kennwort-setzen/{token} (SPEC §2): the link from the password-reset e-mail. The token is
 * checked first (GET /api/account/kennwort/{token}); a used, expired or broken link says so and
 * leads to "Passwort vergessen" on the legacy page. The new password is typed twice, with a
 * strength hint; the server enforces the minimum length and uses the token once.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { PASSWORD_MIN_LENGTH, LOGIN_PATH } from '../../api/contract/account';
import { Button } from '../../ui/button/button';
import { Page, Card } from '../../ui/page/page';
import { checkResetToken, resetPassword } from './api';
import { FORGOT_PASSWORD_PATH } from './links';
import { passwordStrength } from './password-strength';
import { texts } from './texts';
import styles from './account.module.css';

type Stage =
  | { kind: 'checking' }
  | { kind: 'invalid' }
  | { kind: 'form' }
  | { kind: 'done' }
  | { kind: 'check-failed'; message: string };

export function NewPasswordPage() {
  const { token = '' } = useParams();
  const [stage, setStage] = useState<Stage>({ kind: 'checking' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    checkResetToken(token, controller.signal)
      .then((result) => setStage(result.Valid ? { kind: 'form' } : { kind: 'invalid' }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // A malformed token is refused by the contract (400): the link is broken.
        if (error instanceof ApiError && error.status < 500) setStage({ kind: 'invalid' });
        else
          setStage({
            kind: 'check-failed',
            message: error instanceof Error ? error.message : texts.networkError,
          });
      });
    return () => controller.abort();
  }, [token, attempt]);

  return (
    <Page width="xs" gap="lg">
      {stage.kind === 'checking' && (
        <>
          <h1>{texts.password.title}</h1>
          <p className={styles.status} role="status">
            {texts.password.checking}
          </p>
        </>
      )}
      {stage.kind === 'check-failed' && (
        <>
          <h1>{texts.password.title}</h1>
          <p className={styles.error} role="alert">
            {stage.message}
          </p>
          <p>
            <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
              {texts.personal.retry}
            </Button>
          </p>
        </>
      )}
      {stage.kind === 'invalid' && <InvalidLink />}
      {stage.kind === 'form' && (
        <PasswordForm
          token={token}
          onDone={() => setStage({ kind: 'done' })}
          onInvalid={() => setStage({ kind: 'invalid' })}
        />
      )}
      {stage.kind === 'done' && (
        <Card className={styles.card} aria-labelledby="kennwort-fertig">
          <h1 id="kennwort-fertig" tabIndex={-1} ref={(el) => el?.focus()}>
            {texts.password.doneTitle}
          </h1>
          <p className={styles.success}>{texts.password.done}</p>
          <p>
            <a href={LOGIN_PATH}>{texts.password.login}</a>
          </p>
        </Card>
      )}
    </Page>
  );
}

function InvalidLink() {
  return (
    <Card className={styles.card} aria-labelledby="kennwort-ungueltig">
      <h1 id="kennwort-ungueltig">{texts.password.invalidTitle}</h1>
      <p className={styles.error} role="alert">
        {texts.password.invalid}
      </p>
      <p>
        <a href={FORGOT_PASSWORD_PATH}>{texts.password.forgot}</a>
      </p>
    </Card>
  );
}

function PasswordForm({
  token,
  onDone,
  onInvalid,
}: {
  token: string;
  onDone: () => void;
  onInvalid: () => void;
}) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [show, setShow] = useState(false);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const strength = passwordStrength(password);
  const tooShort = [...password].length < PASSWORD_MIN_LENGTH;
  const mismatch = repeat.length > 0 && repeat !== password;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (saving || tooShort || repeat !== password) return;
    setSaving(true);
    setError(null);
    try {
      await resetPassword(token, password);
      onDone();
    } catch (e) {
      // 400 without field issues: the token was used or expired meanwhile.
      if (e instanceof ApiError && e.status === 400 && e.issues.length === 0) onInvalid();
      else setError(e instanceof Error ? e.message : texts.password.error);
    } finally {
      setSaving(false);
    }
  }

  const passwordError =
    touched && tooShort
      ? `Das Kennwort muss mindestens ${PASSWORD_MIN_LENGTH} Zeichen lang sein.`
      : undefined;
  const repeatError =
    (touched || mismatch) && repeat !== password ? texts.password.mismatch : undefined;

  return (
    <Card className={styles.card} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{texts.password.title}</h1>
      <p className={styles.muted}>{texts.password.lead}</p>
      <form className={styles.form} noValidate onSubmit={(e) => void submit(e)}>
        <div className={styles.field}>
          <label htmlFor={`${id}-pw`}>{texts.password.password}</label>
          <input
            id={`${id}-pw`}
            type={show ? 'text' : 'password'}
            autoComplete="new-password"
            value={password}
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={`${id}-strength ${id}-hint${passwordError ? ` ${id}-pw-error` : ''}`}
            onChange={(e) => setPassword(e.target.value)}
          />
          {passwordError && (
            <p id={`${id}-pw-error`} className={styles.fieldError}>
              {passwordError}
            </p>
          )}
          <div className={styles.meter} data-strength={strength} aria-hidden="true">
            <span />
            <span />
            <span />
          </div>
          <p id={`${id}-strength`} className={styles.fieldHint} aria-live="polite">
            {texts.password.strengthLabel}: {texts.password.strength[strength]}
          </p>
          <p id={`${id}-hint`} className={styles.fieldHint}>
            {texts.password.strengthHint(PASSWORD_MIN_LENGTH)}
          </p>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-repeat`}>{texts.password.repeat}</label>
          <input
            id={`${id}-repeat`}
            type={show ? 'text' : 'password'}
            autoComplete="new-password"
            value={repeat}
            aria-invalid={repeatError ? true : undefined}
            aria-describedby={repeatError ? `${id}-repeat-error` : undefined}
            onChange={(e) => setRepeat(e.target.value)}
          />
          {repeatError && (
            <p id={`${id}-repeat-error`} className={styles.fieldError}>
              {repeatError}
            </p>
          )}
        </div>
        <label className={styles.checkbox}>
          <input type="checkbox" checked={show} onChange={(e) => setShow(e.target.checked)} />
          {texts.password.show}
        </label>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <div className={styles.actions}>
          <Button type="submit" aria-disabled={saving || undefined}>
            {saving ? texts.password.submitting : texts.password.submit}
          </Button>
        </div>
      </form>
    </Card>
  );
}
