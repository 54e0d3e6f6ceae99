/**
 * /heizoel-verbrauchsvergleich and /heizoel-verbrauchsvergleich/schritt-{stepId} (SPEC §2):
 * the intro (continuing at the first unfinished step), the steps, and once every step is
 * answered the compare step. The address follows the store: a step that may not be shown yet
 * (SPEC §4) is replaced by the first unfinished one.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useSnapshot } from 'valtio';
import type { Guide } from '../../api/contract/leads';
import { activeInputs } from '../../api/contract/leads-rules';
import { dataKey } from '../../api/contract/pages';
import { usePageData } from '../../ui/page-data';
import { GUIDE_ID } from './api';
import { guideStepIdOfSegment, guideStepPath, paths } from '../../lib/paths';
import { Button, ButtonLink } from '../../ui/button/button';
import { Page } from '../../ui/page/page';
import { useLocale } from '../locale';
import { CompareStep } from './components/compare-step';
import { errorText, GuideField } from './components/guide-inputs';
import { ProgressBar } from './components/progress-bar';
import {
  allValues,
  firstUnfinishedStep,
  guideProgress,
  inputError,
  isStepFinished,
  previousStep,
} from './guide-logic';
import {
  advanceFrom,
  allStepsFinished,
  answerContext,
  goToStep,
  guideState,
  guideSteps,
  loadGuide,
  restartGuide,
  seedGuide,
  setAnswer,
  setGuideNavigator,
} from './store';
import { texts } from './texts';
import styles from './guide.module.css';

export function GuidePage() {
  const { step } = useParams();
  const urlStepId = guideStepIdOfSegment(step);
  const navigate = useNavigate();
  const locale = useLocale();
  // A server-rendered guide page brings the guide: shown at once, before the store subscribes.
  const rendered = usePageData<Guide | null>(dataKey({ kind: 'guide', guideId: GUIDE_ID }));
  useState(() => {
    if (rendered) seedGuide(rendered, locale.countryId);
  });
  const snap = useSnapshot(guideState);

  useEffect(() => setGuideNavigator((path, options) => void navigate(path, options)), [navigate]);
  useEffect(() => {
    void loadGuide({ countryId: locale.countryId });
  }, [locale.countryId]);

  const ready = snap.guide !== null && !snap.loading;
  // The address asks for a step; the store decides whether it may be shown (SPEC §4).
  useEffect(() => {
    if (!ready || urlStepId === undefined) return;
    const landed = goToStep(urlStepId);
    if (landed !== undefined && landed !== urlStepId) {
      void navigate(guideStepPath(landed), { replace: true });
    }
  }, [ready, urlStepId, navigate]);

  if (snap.loadError) {
    return (
      <Page width="md" className={styles.page}>
        <div className={styles.card} role="alert">
          <p>{snap.loadError}</p>
          <Button onClick={() => void loadGuide({ countryId: locale.countryId })}>
            {texts.load.retry}
          </Button>
        </div>
      </Page>
    );
  }
  if (!ready) {
    return (
      <Page width="md" className={styles.page}>
        <div className={styles.card} aria-busy="true">
          <p role="status">{texts.load.loading}</p>
        </div>
      </Page>
    );
  }

  return (
    <Page width="md" className={styles.page}>
      {snap.storageError && (
        <p className={styles.notice} role="status">
          <strong>{texts.storage}</strong> {snap.storageError}
        </p>
      )}
      {urlStepId === undefined ? (
        <GuideStart />
      ) : snap.currentStepId === urlStepId ? (
        <StepView stepId={urlStepId} />
      ) : null}
    </Page>
  );
}

function GuideStart() {
  const snap = useSnapshot(guideState);
  const steps = guideSteps(snap);
  const ctx = answerContext(snap);
  const open = firstUnfinishedStep(steps, snap.stepValues, ctx);
  const finished = allStepsFinished();
  if (finished || snap.comparing || snap.compareLoading) return <CompareStep />;
  const openIndex = open ? steps.indexOf(open) : 0;
  const started = Object.keys(snap.stepValues).length > 0;
  return (
    <section className={styles.card} aria-labelledby="guide-title">
      <p className={styles.eyebrow}>{texts.intro.eyebrow}</p>
      <h1 id="guide-title" className={styles.title}>
        {snap.guide?.Title}
      </h1>
      <p className={styles.lead}>{texts.intro.lead}</p>
      <ul className={styles.points}>
        {texts.intro.points.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
      <div className={styles.actions}>
        {started && (
          <Button
            variant="ghost"
            // Every answer goes: ask first, a slip of the finger must not lose them.
            onClick={() => {
              if (window.confirm(texts.intro.restartConfirm)) restartGuide();
            }}
          >
            {texts.intro.restart}
          </Button>
        )}
        <ButtonLink size="lg" to={guideStepPath(open?.Id ?? steps[0]?.Id ?? 1)}>
          {started && openIndex > 0
            ? texts.intro.resume(openIndex + 1, steps.length)
            : texts.intro.start}
        </ButtonLink>
      </div>
    </section>
  );
}

function StepView({ stepId }: { stepId: number }) {
  const snap = useSnapshot(guideState);
  const locale = useLocale();
  const steps = guideSteps(snap);
  const step = steps.find((s) => s.Id === stepId);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [shownStep, setShownStep] = useState(stepId);
  if (shownStep !== stepId) {
    // A new step starts with untouched fields.
    setShownStep(stepId);
    setTouched(new Set());
    setShowAll(false);
  }

  useEffect(() => {
    // Moving between steps keeps the page; the heading takes focus so a screen reader starts
    // at the new question (and the keyboard user is not left on a vanished button).
    headingRef.current?.focus();
  }, [stepId]);

  if (!step) return null;
  const stepValues = snap.stepValues as Record<number, Record<string, string>>;
  const ctx = answerContext(snap);
  const index = steps.indexOf(step);
  const progress = guideProgress(steps, stepValues, ctx);
  const finished = isStepFinished(step, stepValues, ctx);
  const inputs = activeInputs(step, allValues(stepValues));
  const own = stepValues[step.Id] ?? {};
  const previous = previousStep(steps, step.Id);
  const last = index === steps.length - 1;

  const onNext = () => {
    if (advanceFrom(step.Id)) return;
    setShowAll(true);
    requestAnimationFrame(() => {
      document
        .querySelector<HTMLElement>('[aria-invalid="true"], [data-guide-open] input')
        ?.focus();
    });
  };

  return (
    <section className={styles.card} aria-labelledby="step-title">
      <ProgressBar percent={progress.percent} stepText={texts.step.of(index + 1, steps.length)} />
      <h1 id="step-title" ref={headingRef} tabIndex={-1} className={styles.stepTitle}>
        {step.Title}
      </h1>
      {step.Description && <p className={styles.lead}>{step.Description}</p>}
      <form
        className={styles.inputs}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onNext();
        }}
      >
        {inputs.map((input) => {
          const value = own[input.Key] ?? '';
          const error = inputError(input, value, ctx);
          const visible =
            error !== null &&
            error !== 'zipPending' &&
            (showAll || (touched.has(input.Key) && error !== 'required'));
          return (
            <div key={input.Key} data-guide-open={error && showAll ? '' : undefined}>
              <GuideField
                input={input}
                value={value}
                error={visible ? errorText(input, error, locale) : null}
                zipStatus={
                  input.Type === 'zip'
                    ? snap.zipChecks[`${snap.countryId}:${value.trim()}`]
                    : undefined
                }
                locale={locale}
                onChange={(v) => setAnswer(step.Id, input.Key, v)}
                onBlur={() => setTouched((t) => new Set(t).add(input.Key))}
              />
            </div>
          );
        })}
        <p className={styles.autoNext} aria-live="polite">
          {finished && snap.advancePending ? texts.step.autoNext : ''}
          {!finished && showAll ? texts.step.openHint : ''}
        </p>
        <div className={styles.nav}>
          <ButtonLink variant="secondary" to={previous ? guideStepPath(previous.Id) : paths.guide}>
            <span aria-hidden="true">← </span>
            {texts.step.back}
          </ButtonLink>
          <Button type="submit" aria-disabled={!finished || undefined}>
            {last ? texts.step.finish : texts.step.next}
            <span aria-hidden="true"> →</span>
          </Button>
        </div>
      </form>
    </section>
  );
}
