/**
 * "Preisalarme" on the customer home page: the customer's alarms (postal code, amount,
 * threshold, the last checked price), pause/resume, delete with a confirmation, and a form to add
 * one. Loaded lazily by the home page (its own chunk: the contract's zod schemas stay off the
 * page's first download). The check itself runs on the server once an hour and mails once per
 * crossing.
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { apiFetch, ApiError } from '../../api/client';
import {
  ALARMS_PER_USER,
  PriceAlarmCreateSchema,
  PriceAlarmListSchema,
  PriceAlarmSchema,
  PriceAlarmUpdateSchema,
  type PriceAlarm,
  type PriceAlarmCreate,
} from '../../api/contract/mex';
import { z } from 'zod/mini';
import { formatPrice, formatQuantity, parseAmountInput } from '../../lib/format';
import { mexSnapshotState, selectedTank } from '../mex';
import { zipPatternFor } from '../../lib/locale';
import { Button } from '../../ui/button/button';
import { Card } from '../../ui/page/page';
import { useLocale } from '../locale';
import { check, errorsOfServerIssues, type FieldErrors } from './form-errors';
import { TextField } from './components/field';
import styles from './account.module.css';
import own from './price-alarms.module.css';

const BASE = '/api/jwt/kunde/preisalarme';

const fetchAlarms = (signal?: AbortSignal) =>
  apiFetch(BASE, { schema: PriceAlarmListSchema, signal });
const createAlarm = (body: PriceAlarmCreate) =>
  apiFetch(BASE, { method: 'POST', body, schema: PriceAlarmSchema });
const pauseAlarm = (id: number, Paused: boolean) =>
  apiFetch(`${BASE}/${id}`, { method: 'PATCH', body: { Paused }, schema: PriceAlarmSchema });
const changeThreshold = (id: number, Threshold: number) =>
  apiFetch(`${BASE}/${id}`, { method: 'PATCH', body: { Threshold }, schema: PriceAlarmSchema });
const deleteAlarm = (id: number) =>
  apiFetch(`${BASE}/${id}`, { method: 'DELETE', schema: z.unknown() });

type State =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; alarms: PriceAlarm[] };

const messageOf = (error: unknown) =>
  error instanceof ApiError
    ? error.message
    : 'Die Verbindung ist fehlgeschlagen. Bitte versuchen Sie es erneut.';

const formatChecked = (iso: string) =>
  new Date(iso).toLocaleString('de-DE', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** "85,50" or "85.5" → 85.5; anything else NaN (the schema names the field then). */
function parseThreshold(text: string): number {
  const cleaned = text
    .trim()
    .replace(/\s*(€|EUR|CHF)$/i, '')
    .replace(',', '.');
  return /^\d+(\.\d{1,2})?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

export function PriceAlarms() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const load = useCallback((signal?: AbortSignal) => {
    fetchAlarms(signal)
      .then(({ Alarms }) => setState({ status: 'ready', alarms: Alarms }))
      .catch(() => {
        if (!signal?.aborted) setState({ status: 'error' });
      });
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const replace = (alarm: PriceAlarm) =>
    setState((s) =>
      s.status === 'ready'
        ? { status: 'ready', alarms: s.alarms.map((a) => (a.Id === alarm.Id ? alarm : a)) }
        : s,
    );

  const onToggle = async (alarm: PriceAlarm) => {
    try {
      replace(await pauseAlarm(alarm.Id, !alarm.Paused));
      setNotice({
        kind: 'success',
        text: alarm.Paused ? 'Der Preisalarm ist wieder aktiv.' : 'Der Preisalarm ist pausiert.',
      });
    } catch (error) {
      setNotice({ kind: 'error', text: messageOf(error) });
    }
  };

  const onChanged = (alarm: PriceAlarm) => {
    replace(alarm);
    setNotice({
      kind: 'success',
      text: `Die Schwelle ist jetzt ${formatPrice(alarm.Threshold, alarm.Currency)} je 100 Liter.`,
    });
  };

  const onDelete = async (alarm: PriceAlarm) => {
    try {
      await deleteAlarm(alarm.Id);
      setState((s) =>
        s.status === 'ready'
          ? { status: 'ready', alarms: s.alarms.filter((a) => a.Id !== alarm.Id) }
          : s,
      );
      setNotice({ kind: 'success', text: 'Der Preisalarm ist gelöscht.' });
    } catch (error) {
      setNotice({ kind: 'error', text: messageOf(error) });
    }
  };

  const onCreated = (alarm: PriceAlarm) => {
    setState((s) => (s.status === 'ready' ? { status: 'ready', alarms: [...s.alarms, alarm] } : s));
    setNotice({ kind: 'success', text: 'Der Preisalarm ist angelegt.' });
  };

  const count = state.status === 'ready' ? state.alarms.length : 0;

  return (
    <Card className={styles.card} aria-labelledby="preisalarme">
      <div className={styles.sectionHeader}>
        <h2 id="preisalarme">Preisalarme</h2>
      </div>
      <p className={styles.muted}>
        Wir prüfen stündlich den besten Heizölpreis für Ihre Postleitzahl und Menge und schreiben
        Ihnen eine E-Mail, sobald er auf Ihre Schwelle oder darunter fällt – einmal je
        Unterschreitung.
      </p>
      <div aria-live="polite">
        {notice && (
          <p className={notice.kind === 'success' ? styles.success : styles.error}>{notice.text}</p>
        )}
      </div>
      {state.status === 'loading' && (
        <p className={styles.status} role="status">
          Preisalarme werden geladen …
        </p>
      )}
      {state.status === 'error' && (
        <div className={styles.actions}>
          <p className={styles.error}>Die Preisalarme konnten nicht geladen werden.</p>
          <Button variant="secondary" onClick={() => load()}>
            Erneut versuchen
          </Button>
        </div>
      )}
      {state.status === 'ready' &&
        (state.alarms.length === 0 ? (
          <p className={styles.muted}>Sie haben noch keinen Preisalarm.</p>
        ) : (
          <ul className={own.list} aria-label="Ihre Preisalarme">
            {state.alarms.map((alarm) => (
              <AlarmItem
                key={alarm.Id}
                alarm={alarm}
                onToggle={onToggle}
                onDelete={onDelete}
                onChanged={onChanged}
              />
            ))}
          </ul>
        ))}
      {state.status === 'ready' &&
        (count < ALARMS_PER_USER ? (
          <AlarmForm onCreated={onCreated} />
        ) : (
          <p className={styles.muted}>
            Sie haben {ALARMS_PER_USER} Preisalarme, mehr sind nicht möglich. Löschen Sie einen, um
            einen neuen anzulegen.
          </p>
        ))}
    </Card>
  );
}

function AlarmItem({
  alarm,
  onToggle,
  onDelete,
  onChanged,
}: {
  alarm: PriceAlarm;
  onToggle: (alarm: PriceAlarm) => Promise<void>;
  onDelete: (alarm: PriceAlarm) => Promise<void>;
  onChanged: (alarm: PriceAlarm) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const actionsRef = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  const headingId = useId();

  // Keyboard users stay where they were: on "Ja, löschen" when asked, on "Löschen" when not.
  useEffect(() => {
    if (!moved.current) return;
    actionsRef.current?.querySelector<HTMLButtonElement>('[data-focus]')?.focus();
  }, [confirming]);
  // Back from the threshold form: on its button again.
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) {
      actionsRef.current?.querySelector<HTMLButtonElement>('[data-edit]')?.focus();
    }
    wasEditing.current = editing;
  }, [editing]);
  const ask = (value: boolean) => {
    moved.current = true;
    setConfirming(value);
  };

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  const where = `${alarm.ZipCode}, ${formatQuantity(alarm.Amount)} Liter`;
  return (
    <li className={own.item} aria-labelledby={headingId}>
      <div className={own.facts}>
        <h3 id={headingId} className={own.title}>
          {where}
        </h3>
        <p className={own.line}>
          Schwelle: <strong>{formatPrice(alarm.Threshold, alarm.Currency)}</strong> je 100 Liter
        </p>
        <p className={own.line}>
          {alarm.LastPrice !== null && alarm.LastCheckedAt !== null
            ? `Zuletzt ${formatPrice(alarm.LastPrice, alarm.Currency)} je 100 Liter, geprüft am ${formatChecked(alarm.LastCheckedAt)}`
            : alarm.LastCheckedAt !== null
              ? `Zuletzt kein Angebot, geprüft am ${formatChecked(alarm.LastCheckedAt)}`
              : 'Noch nicht geprüft'}
        </p>
        <p className={own.line}>
          <span className={own.pill} data-paused={alarm.Paused}>
            {alarm.Paused ? 'Pausiert' : 'Aktiv'}
          </span>
        </p>
      </div>
      <div className={styles.actions} ref={actionsRef}>
        {editing ? (
          <ThresholdForm
            alarm={alarm}
            label={where}
            onDone={(changed) => {
              setEditing(false);
              if (changed) onChanged(changed);
            }}
          />
        ) : confirming ? (
          <>
            <span className={own.ask}>Preisalarm {where} löschen?</span>
            <Button
              data-focus
              variant="primary"
              disabled={busy}
              onClick={() => void run(() => onDelete(alarm))}
            >
              Ja, löschen
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => ask(false)}>
              Abbrechen
            </Button>
          </>
        ) : (
          <>
            <Button
              variant="secondary"
              disabled={busy}
              aria-describedby={headingId}
              onClick={() => void run(() => onToggle(alarm))}
            >
              {alarm.Paused ? 'Fortsetzen' : 'Pausieren'}
            </Button>
            <Button
              data-edit
              variant="secondary"
              disabled={busy}
              aria-describedby={headingId}
              onClick={() => setEditing(true)}
            >
              Schwelle ändern
            </Button>
            <Button
              data-focus
              variant="ghost"
              disabled={busy}
              aria-describedby={headingId}
              onClick={() => ask(true)}
            >
              Löschen
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

/** A new threshold for an alarm, in place; Escape or "Abbrechen" leaves it as it was. */
function ThresholdForm({
  alarm,
  label,
  onDone,
}: {
  alarm: PriceAlarm;
  label: string;
  onDone: (changed: PriceAlarm | null) => void;
}) {
  const [value, setValue] = useState(() =>
    alarm.Threshold.toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  );
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const threshold = parseThreshold(value);
    const checked = check(PriceAlarmUpdateSchema, { Threshold: threshold });
    if (Number.isNaN(threshold)) return setError('Bitte einen Preis wie 95,50 eingeben.');
    if (!checked.ok) return setError(checked.errors.Threshold ?? Object.values(checked.errors)[0]);
    if (threshold === alarm.Threshold) return onDone(null);
    setSending(true);
    try {
      onDone(await changeThreshold(alarm.Id, threshold));
    } catch (failure) {
      setError(messageOf(failure));
      setSending(false);
    }
  };

  return (
    <form
      className={own.thresholdForm}
      noValidate
      aria-label={`Schwelle für ${label} ändern`}
      onSubmit={(e) => void onSubmit(e)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onDone(null);
      }}
    >
      <TextField
        // Opened by its button: the field takes focus, its value selected for typing over.
        autoFocus
        onFocus={(e) => e.currentTarget.select()}
        label={`Neue Schwelle je 100 Liter (${alarm.Currency})`}
        name="threshold"
        inputMode="decimal"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={error}
      />
      <div className={styles.actions}>
        <Button type="submit" disabled={sending}>
          {sending ? 'Wird gespeichert …' : 'Speichern'}
        </Button>
        <Button variant="secondary" disabled={sending} onClick={() => onDone(null)}>
          Abbrechen
        </Button>
      </div>
    </form>
  );
}

/**
 * A meX customer's alarm starts from their selected tank: its postal code and what
 * fits in now, within the calculator's limits. Others start empty at 3,000 L.
 */
function tankDefaults(countryId: number): { zip: string; amount: string } {
  const tank = selectedTank(mexSnapshotState);
  if (!tank || tank.CountryId !== countryId) return { zip: '', amount: '3.000' };
  const amount = Math.min(32_000, Math.max(500, Math.round(tank.FreeL / 100) * 100));
  return { zip: tank.ZipCode, amount: formatQuantity(amount) };
}

function AlarmForm({ onCreated }: { onCreated: (alarm: PriceAlarm) => void }) {
  const { countryId, currencyCode } = useLocale();
  const [defaults] = useState(() => tankDefaults(countryId));
  const [zip, setZip] = useState(defaults.zip);
  const [amount, setAmount] = useState(defaults.amount);
  const [threshold, setThreshold] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const input = {
      CountryId: countryId,
      ZipCode: zip.trim(),
      Amount: parseAmountInput(amount),
      Threshold: parseThreshold(threshold),
    };
    const checked = check(PriceAlarmCreateSchema, input);
    const found: FieldErrors = checked.ok ? {} : { ...checked.errors };
    if (!found.ZipCode && !zipPatternFor(countryId).test(input.ZipCode)) {
      found.ZipCode = 'Bitte geben Sie eine gültige Postleitzahl ein.';
    }
    if (Number.isNaN(input.Threshold)) found.Threshold = 'Bitte einen Preis wie 95,50 eingeben.';
    setErrors(found);
    if (!checked.ok || Object.keys(found).length > 0) return;
    setSending(true);
    try {
      onCreated(await createAlarm(checked.value));
      setZip('');
      setThreshold('');
    } catch (error) {
      if (error instanceof ApiError && error.issues.length > 0) {
        setErrors(errorsOfServerIssues(error.issues));
      }
      setFailure(messageOf(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className={styles.form}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-labelledby="neuer-preisalarm"
    >
      <h3 id="neuer-preisalarm" className={own.title}>
        Neuer Preisalarm
      </h3>
      <div className={own.fields}>
        <TextField
          label="Postleitzahl"
          name="zipCode"
          inputMode="numeric"
          autoComplete="postal-code"
          value={zip}
          onChange={(e) => setZip(e.target.value)}
          error={errors.ZipCode}
        />
        <TextField
          label="Menge in Litern"
          name="amount"
          inputMode="numeric"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={errors.Amount}
        />
        <TextField
          label={`Schwelle je 100 Liter (${currencyCode})`}
          name="threshold"
          inputMode="decimal"
          placeholder="z. B. 95,50"
          value={threshold}
          onChange={(e) => setThreshold(e.target.value)}
          error={errors.Threshold}
        />
      </div>
      {failure && (
        <p className={styles.error} role="alert">
          {failure}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" disabled={sending}>
          {sending ? 'Wird angelegt …' : 'Preisalarm anlegen'}
        </Button>
      </div>
    </form>
  );
}
