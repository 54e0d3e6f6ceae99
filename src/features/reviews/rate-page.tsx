/**
 * /bewerten-sie-uns/{token}/{orderId} (SPEC §2): rate an order from the link in the invitation
 * e-mail, without logging in. The link is checked first; a used, expired or broken link says
 * why. After a successful submit the page thanks and cannot submit again; a second visit of the
 * link is refused by the server (once per order).
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import {
  RATING_TEXT_MAX,
  type RatingLinkRefusal,
  type RatingLinkResponse,
} from '../../api/contract/ratings';
import { formatQuantity } from '../../lib/format';
import { paths } from '../../lib/paths';
import { Button } from '../../ui/button/button';
import { Page, Card } from '../../ui/page/page';
import { checkRatingLink, submitRating } from './api';
import { StarRating } from './components/star-rating';
import { texts } from './texts';
import styles from './rate-page.module.css';

type Stage =
  | { kind: 'checking' }
  | { kind: 'check-failed'; message: string }
  | { kind: 'refused'; reason: RatingLinkRefusal }
  | { kind: 'form'; order: NonNullable<RatingLinkResponse['Order']> }
  | { kind: 'thanks'; dealerLink: string };

export function RatePage() {
  const { token = '', orderId = '' } = useParams();
  const [stage, setStage] = useState<Stage>({ kind: 'checking' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    checkRatingLink(token, orderId, controller.signal)
      .then((result) =>
        setStage(
          result.Valid && result.Order
            ? { kind: 'form', order: result.Order }
            : { kind: 'refused', reason: result.Reason ?? 'unknown' },
        ),
      )
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // A token or order id of the wrong shape is refused by the contract (400).
        if (error instanceof ApiError && error.status < 500) {
          setStage({ kind: 'refused', reason: 'unknown' });
        } else {
          setStage({
            kind: 'check-failed',
            message: error instanceof Error ? error.message : texts.networkError,
          });
        }
      });
    return () => controller.abort();
  }, [token, orderId, attempt]);

  return (
    <Page width="sm">
      {stage.kind === 'checking' && (
        <Card className={styles.card}>
          <h1>{texts.title}</h1>
          <p className={styles.muted} role="status">
            {texts.checking}
          </p>
        </Card>
      )}
      {stage.kind === 'check-failed' && (
        <Card className={styles.card}>
          <h1>{texts.title}</h1>
          <p className={styles.error} role="alert">
            {texts.checkFailed} {stage.message}
          </p>
          <p>
            <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
              {texts.retry}
            </Button>
          </p>
        </Card>
      )}
      {stage.kind === 'refused' && (
        <Card className={styles.card}>
          <h1>{texts.invalidTitle}</h1>
          <p className={styles.error} role="alert">
            {texts.refusal[stage.reason]}
          </p>
          <p>
            <Link to={paths.home}>{texts.toHome}</Link>
          </p>
        </Card>
      )}
      {stage.kind === 'form' && (
        <RatingForm
          token={token}
          order={stage.order}
          onDone={() => setStage({ kind: 'thanks', dealerLink: stage.order.DealerLink })}
          onRefused={(reason) => setStage({ kind: 'refused', reason })}
        />
      )}
      {stage.kind === 'thanks' && (
        <Card className={styles.card}>
          <h1 tabIndex={-1} ref={(el) => el?.focus()}>
            {texts.thanksTitle}
          </h1>
          <p className={styles.success}>{texts.thanks}</p>
          <p>
            <Link to={stage.dealerLink}>{texts.toDealer}</Link>
          </p>
          <p>
            <Link to={paths.home}>{texts.toHome}</Link>
          </p>
        </Card>
      )}
    </Page>
  );
}

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' });

function RatingForm({
  token,
  order,
  onDone,
  onRefused,
}: {
  token: string;
  order: NonNullable<RatingLinkResponse['Order']>;
  onDone: () => void;
  onRefused: (reason: RatingLinkRefusal) => void;
}) {
  const id = useId();
  const { orderId = '' } = useParams();
  const [mark, setMark] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [markError, setMarkError] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const left = RATING_TEXT_MAX - text.length;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    if (mark === null) {
      setMarkError(texts.markMissing);
      event.currentTarget.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
      return;
    }
    setSending(true);
    setError(null);
    try {
      await submitRating({ Token: token, OrderId: Number(orderId), Mark: mark, Text: text });
      onDone();
    } catch (e) {
      if (e instanceof ApiError && e.status === 410) {
        onRefused(/abgelaufen/.test(e.message) ? 'expired' : 'used');
      } else if (e instanceof ApiError && e.status === 400 && e.issues.length === 0) {
        onRefused('unknown');
      } else {
        // Input stays as typed; the user can send again.
        setError(e instanceof Error ? e.message : texts.networkError);
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <Card className={styles.card} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{texts.title}</h1>
      <p className={styles.order}>
        <strong>{texts.order(order.OrderNumber, order.DealerName)}</strong>
        <br />
        <span className={styles.muted}>
          {texts.orderMeta(dateOf(order.OrderDate), formatQuantity(order.AmountLitres))}
        </span>
      </p>
      <form className={styles.form} noValidate onSubmit={(e) => void submit(e)}>
        <StarRating
          value={mark}
          error={markError}
          onChange={(n) => {
            setMark(n);
            setMarkError(undefined);
          }}
        />
        <div className={styles.field}>
          <label htmlFor={`${id}-text`}>{texts.text}</label>
          <textarea
            id={`${id}-text`}
            rows={5}
            maxLength={RATING_TEXT_MAX}
            value={text}
            aria-describedby={`${id}-text-hint`}
            onChange={(e) => setText(e.target.value)}
          />
          <p id={`${id}-text-hint`} className={styles.hint}>
            {texts.textHint(formatQuantity(left))}
          </p>
        </div>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <div>
          <Button type="submit" size="lg" aria-disabled={sending || undefined}>
            {sending ? texts.submitting : texts.submit}
          </Button>
        </div>
      </form>
    </Card>
  );
}
