/**
 * The calculator form (SPEC §2, §4, §5): PLZ, Liter, start and settings buttons. Three layouts
 * share it: `card` (home), `bar` (the compact bar at the top of pages, the error page's sticky
 * bar) — the bar has no settings button. Validation messages appear in a popover on submit
 * (lazy-loaded: only needed on interaction) and beside the fields (aria-describedby).
 */
import {
  Suspense,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
} from 'react';
import { afterHydration } from '../../../ui/hydration';
import { usePageData } from '../../../ui/page-data';
import { calculatorNeed, dataKey } from '../../../api/contract/pages';
import type { CalculatorInitResponse } from '../../../api/contract/calculation';
import { useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { formatQuantity, parseAmountInput } from '../../../lib/format';
import { useLocale } from '../../locale';
import {
  calculatorState,
  clearLocalRedirect,
  engageCalculator,
  hasVisibleError,
  initCalculator,
  inputAmount,
  inputZipCode,
  markZipInputs,
  zipTypedSince,
  leaveAmount,
  leaveZipCode,
  openSettings,
  submitCalculator,
  visibleErrors,
  type CalculatorTarget,
  type CalculatorVariant,
  type LocalPage,
} from '../store';
import { texts, amountErrorText, zipErrorText } from '../texts';
import { showUpsellBadge } from '../upsell';
import { AMOUNT_MAX_DIGITS, zipDigits } from '../validation';
import { preloadSettingsPanel } from '../settings/settings-host';
import { offerListPath } from '../../../lib/paths';
import { prefetchModule } from '../../../lib/prefetch';
import { PartBoundary } from '../../../ui/part-boundary/part-boundary';
import { useDelayedFlag } from '../../../ui/use-delayed-flag';
import styles from './calculator.module.css';
import { lazyImport } from '../../../lib/lazy-import';
import { lazyPart } from '../../../ui/lazy-part';

const loadPopover = lazyImport(() => import('./validation-popover'));
const loadLocalPage = lazyImport(() => import('../local-page'));
const ValidationPopover = lazyPart(() =>
  loadPopover().then((m) => ({ default: m.ValidationPopover })),
);

export interface CalculatorProps {
  /** SPEC §4 targets. Without one, the calculator keeps the current product group (bars). */
  target?: CalculatorTarget;
  /** `local` on location pages: pass `localPage` (SPEC §4/§5 rules live in the store). */
  variant?: CalculatorVariant;
  localPage?: LocalPage & { zipCode?: string; productId?: number };
  layout?: 'card' | 'bar';
  /** Heading id of a surrounding section that names the form. */
  labelledBy?: string;
  className?: string;
}

export function Calculator({
  target,
  variant = 'global',
  localPage,
  layout = 'card',
  labelledBy,
  className,
}: CalculatorProps) {
  const id = useId();
  const locale = useLocale();
  const navigate = useNavigate();
  // sync: controlled inputs must see their new value in the same render (valtio batches otherwise,
  // and React would put the old value back, moving the caret).
  const state = useSnapshot(calculatorState, { sync: true });
  const { config, zipCheck } = state;
  const [popoverOpen, setPopoverOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const zipRef = useRef<HTMLInputElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  // Focus goes to a field once the popover is gone: while a modal dialog is open, the rest of
  // the page is inert and cannot take focus.
  const focusAfterPopover = useRef<'zip' | 'amount' | null>(null);
  useEffect(() => {
    const field = focusAfterPopover.current;
    if (popoverOpen || !field) return;
    focusAfterPopover.current = null;
    (field === 'zip' ? zipRef : amountRef).current?.focus();
  }, [popoverOpen]);

  const localKey = localPage ? JSON.stringify(localPage) : '';
  useEffect(() => {
    if (variant !== 'local' || !localKey) return;
    // From here on, postal code edits are the visitor's own on this page.
    markZipInputs(localKey);
    // Only location pages need these rules: a chunk of their own, off the home route.
    let left = false;
    let leave: (() => void) | undefined;
    loadLocalPage()
      .then((m) => {
        if (left) return;
        const typed = zipTypedSince(localKey);
        m.enterLocalPage({ ...(JSON.parse(localKey) as LocalPage), countryId: locale.countryId });
        leave = m.leaveLocalPage;
        // Typed while the rules were loading (a slow phone or network): the visitor's code wins
        // over the page's and is checked as if typed now, so another place's page still follows.
        if (typed !== null) inputZipCode(typed);
      })
      // Offline before the chunk came: the calculator works without the local page's rules.
      .catch(() => undefined);
    return () => {
      left = true;
      leave?.();
    };
  }, [variant, localKey, locale.countryId]);

  // The calculator data the server embedded with the page (docs/decisions/009), read once:
  // the calculator has its products and options without a request.
  const need = calculatorNeed(locale.countryId);
  const embeddedInit = usePageData<CalculatorInitResponse>(dataKey(need));
  const [embedded] = useState(() => (embeddedInit ? { ...need, init: embeddedInit } : undefined));
  // Not while a server-rendered page hydrates: the store must still match its HTML.
  useEffect(
    () =>
      afterHydration(() => void initCalculator({ countryId: locale.countryId, target, embedded })),
    [locale.countryId, target, embedded],
  );

  // SPEC §4: on a local page, a postal code of another local page moves there.
  const redirect = state.localRedirect;
  useEffect(() => {
    if (variant !== 'local' || !redirect) return;
    clearLocalRedirect();
    void navigate(redirect);
  }, [variant, redirect, navigate]);

  // A local page's postal code is in the server's HTML and in the render that hydrates it; the
  // store takes it over when the page is entered (local-page.ts, right after), showing the same.
  const typedOnThisPage =
    state.zipInputsAtOpen?.key === localKey && state.zipInputs !== state.zipInputsAtOpen.count;
  const pendingLocalZip =
    variant === 'local' &&
    localPage?.zipCode &&
    state.localPage?.path !== localPage.path &&
    !typedOnThisPage
      ? localPage.zipCode
      : undefined;

  const errors = visibleErrors(state);
  const blocked = hasVisibleError(state);
  const zipErrorId = `${id}-zip-error`;
  const amountErrorId = `${id}-amount-error`;
  const checking = zipCheck.status === 'pending' && zipCheck.zip === config.ZipCode;
  // SPEC §9 fetch minimum delay: the spinner only for a check that takes 200 ms or more.
  const showChecking = useDelayedFlag(checking);
  const confirmed = zipCheck.status === 'valid' && zipCheck.zip === config.ZipCode;
  const calculatorName = texts.calculatorName(config.ProductGroupId);
  const upsells = config.UpsellCount ?? 0;
  const badge = showUpsellBadge(upsells, config.ProductGroupId, target ?? 'DEFAULT');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    const result = await submitCalculator();
    setSubmitting(false);
    if (result.ok) void navigate(result.href);
    else setPopoverOpen(true);
  }

  function fixField(field: 'zip' | 'amount') {
    focusAfterPopover.current = field;
    setPopoverOpen(false);
  }

  function closePopover() {
    const first = visibleErrors();
    fixField(first.zip ? 'zip' : 'amount');
  }

  return (
    <>
      <form
        className={[styles.form, styles[layout], className].filter(Boolean).join(' ')}
        noValidate
        // Before the page's script has run (or without it) the browser sends the form itself:
        // to the offer list with the postal code and amount, as the script would.
        action={offerListPath(config.ProductGroupId)}
        method="get"
        aria-label={labelledBy ? undefined : texts.formLabel(calculatorName)}
        aria-labelledby={labelledBy}
        onSubmit={(e) => void onSubmit(e)}
        // Interaction has begun: fetch the popover now, so a wrong submit shows it at once, and
        // let no saved configuration arriving late replace what is being typed. A button (the
        // options, the start) takes no input: a visitor who opens the options at once still gets
        // the saved ones in the open panel.
        onFocus={(e) => {
          if (!(e.target instanceof HTMLButtonElement)) engageCalculator();
          prefetchModule(loadPopover);
        }}
      >
        <div className={styles.fields}>
          <div className={styles.field}>
            <label htmlFor={`${id}-zip`}>{texts.zipLabel}</label>
            <ZipInput
              id={`${id}-zip`}
              inputRef={zipRef}
              value={pendingLocalZip ?? config.ZipCode}
              length={locale.zipLength}
              invalid={errors.zip !== null}
              describedBy={errors.zip ? zipErrorId : undefined}
              busy={checking}
            />
            {showChecking && <span className={styles.spinner} aria-hidden="true" />}
            {/* Spoken, taking no room: inside the messages it made a grid row of its own while
                a check took 200 ms or more, and the bar and the price line below moved 8 px. */}
            <span className="visually-hidden" role="status">
              {showChecking ? texts.zipChecking : ''}
            </span>
            {confirmed && !errors.zip && (
              <svg className={styles.ok} viewBox="0 0 20 20" aria-hidden="true">
                <path d="M4 10.5l4 4 8-9" fill="none" stroke="currentColor" strokeWidth="2.4" />
              </svg>
            )}
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-amount`}>{texts.amountLabel}</label>
            <AmountInput
              id={`${id}-amount`}
              inputRef={amountRef}
              amount={config.Amount}
              invalid={errors.amount !== null}
              describedBy={errors.amount ? amountErrorId : undefined}
            />
          </div>
        </div>
        <div className={styles.messages} aria-live="polite">
          {errors.zip && (
            <p id={zipErrorId} className={styles.error}>
              {zipErrorText(errors.zip, locale)}
            </p>
          )}
          {errors.amount && (
            <p id={amountErrorId} className={styles.error}>
              {amountErrorText(errors.amount)}
            </p>
          )}
        </div>
        <div className={styles.actions}>
          <button
            type="submit"
            className={styles.start}
            aria-disabled={blocked || undefined}
            aria-busy={submitting || undefined}
          >
            {layout === 'bar' ? texts.submitShort : texts.submit}
            <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
              <path d="M7 4l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.4" />
            </svg>
          </button>
          {layout === 'card' && (
            <button
              type="button"
              className={styles.settings}
              aria-disabled={blocked || undefined}
              onPointerEnter={preloadSettingsPanel}
              onFocus={preloadSettingsPanel}
              onClick={() => {
                // Disabled while a field has an error: say which one instead of doing nothing.
                if (blocked) setPopoverOpen(true);
                else openSettings();
              }}
            >
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <path
                  d="M4 7h10M18 7h2M4 17h2M10 17h10M14 4v6M6 14v6"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
              <span className={styles.settingsText}>
                <span className={styles.settingsName}>{calculatorName}</span>
                <span className={styles.settingsSub}>{texts.settingsButton}</span>
              </span>
              {badge && (
                <span className={styles.badge} title={texts.upsellBadgeTitle(upsells)}>
                  <span aria-hidden="true">{upsells}</span>
                  <span className="visually-hidden">, {texts.upsellBadgeTitle(upsells)}</span>
                </span>
              )}
            </button>
          )}
        </div>
      </form>
      {popoverOpen && (
        // Offline before the chunk came: the fields show their errors themselves.
        <PartBoundary name="Die Hinweise" onClose={() => setPopoverOpen(false)}>
          <Suspense fallback={null}>
            <ValidationPopover
              errors={visibleErrors()}
              locale={locale}
              onFix={fixField}
              onClose={closePopover}
            />
          </Suspense>
        </PartBoundary>
      )}
    </>
  );
}

interface ZipInputProps {
  id: string;
  inputRef: React.RefObject<HTMLInputElement | null>;
  value: string;
  /** Digits of the country's codes; longer input is cut (no maxLength: it would cut a pasted
   *  " 10115" before the non-digits are stripped). */
  length: number;
  invalid: boolean;
  describedBy: string | undefined;
  busy: boolean;
}

/**
 * SPEC §5: digits only; cleared on click. Only a pointer press into the field while it is not
 * focused clears it (keyboard focus selects the text instead), and leaving it empty without
 * typing brings the previous code back, so a stray tap loses nothing.
 */
function ZipInput({ id, inputRef, value, length, invalid, describedBy, busy }: ZipInputProps) {
  const [cleared, setCleared] = useState(false);
  const pointer = useRef(false);
  return (
    <input
      ref={inputRef}
      id={id}
      name="zipCode"
      inputMode="numeric"
      autoComplete="postal-code"
      placeholder={texts.zipPlaceholder(length)}
      value={cleared ? '' : value}
      aria-invalid={invalid}
      aria-describedby={describedBy}
      aria-busy={busy || undefined}
      onPointerDown={(e) => {
        if (document.activeElement === e.currentTarget) return;
        pointer.current = true;
        if (value !== '') setCleared(true);
      }}
      onFocus={(e) => {
        if (!pointer.current) e.currentTarget.select();
        pointer.current = false;
      }}
      onChange={(e) => {
        setCleared(false);
        inputZipCode(zipDigits(e.target.value, length));
      }}
      onBlur={() => {
        setCleared(false); // nothing typed after the clear: the previous code is back
        leaveZipCode();
      }}
    />
  );
}

interface AmountInputProps {
  id: string;
  inputRef: React.RefObject<HTMLInputElement | null>;
  amount: number;
  invalid: boolean;
  describedBy: string | undefined;
}

/**
 * SPEC §5: German thousands separators while typing ("12.500"), non-digits stripped, empty → 0.
 * The caret stays after the same digit when a separator appears or goes.
 */
function AmountInput({ id, inputRef, amount, invalid, describedBy }: AmountInputProps) {
  // null: show the stored amount; a string: what the visitor is typing (may be empty).
  const [typing, setTyping] = useState<string | null>(null);
  const caretDigits = useRef<number | null>(null);
  const text = typing ?? formatQuantity(amount);

  useLayoutEffect(() => {
    const input = inputRef.current;
    const digits = caretDigits.current;
    if (!input || digits === null) return;
    caretDigits.current = null;
    let pos = 0;
    for (let seen = 0; pos < text.length && seen < digits; pos++) {
      if (/\d/.test(text.charAt(pos))) seen++;
    }
    input.setSelectionRange(pos, pos);
  }, [text, inputRef]);

  return (
    <span className={styles.amountWrap}>
      <input
        ref={inputRef}
        id={id}
        name="amount"
        inputMode="numeric"
        autoComplete="off"
        value={text}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        onChange={(e) => {
          const raw = e.target.value;
          const caret = e.target.selectionStart ?? raw.length;
          caretDigits.current = raw.slice(0, caret).replace(/\D+/g, '').length;
          const digits = raw.replace(/\D+/g, '').slice(0, AMOUNT_MAX_DIGITS);
          const value = parseAmountInput(digits);
          setTyping(digits === '' ? '' : formatQuantity(value));
          inputAmount(value);
        }}
        onBlur={() => {
          setTyping(null);
          leaveAmount();
        }}
      />
      <span className={styles.unit} aria-hidden="true">
        L
      </span>
    </span>
  );
}
