/**
 * The compare step (SPEC §4): every step is answered. Online the answers are sent at once;
 * offline it says that the evaluation needs a connection and sends by itself on `online`.
 * While the request runs and during the 5000 ms before the checkout (SPEC §9) it shows what is
 * happening, phase by phase, instead of a bare spinner.
 */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { guideStepPath, paths } from '../../../lib/paths';
import { Button, ButtonLink } from '../../../ui/button/button';
import {
  CHECKOUT_REDIRECT_MS,
  compareResultFresh,
  guideState,
  guideSteps,
  requestCompare,
} from '../store';
import { texts } from '../texts';
import styles from '../guide.module.css';

export function CompareStep() {
  const snap = useSnapshot(guideState);
  const busy = snap.comparing || snap.compareLoading;
  const fresh = compareResultFresh();
  const wanted = !busy && !fresh && !snap.compareError && !snap.waitingForConnection;

  // Arriving here with every step answered and no current result: evaluate (SPEC §4).
  useEffect(() => {
    if (wanted) void requestCompare();
  }, [wanted]);

  const firstStep = guideSteps(snap)[0];
  return (
    <section className={styles.card} aria-labelledby="compare-title">
      <p className={styles.eyebrow}>{texts.compare.title}</p>
      {busy ? (
        <CompareProgress done={snap.compareLoading} />
      ) : snap.waitingForConnection ? (
        <>
          <h1 id="compare-title" className={styles.title}>
            {texts.compare.offlineTitle}
          </h1>
          <p className={styles.notice} role="status">
            {texts.compare.offline}
          </p>
          <div className={styles.actions}>
            <ButtonLink variant="secondary" to={guideStepPath(firstStep?.Id ?? 1)}>
              {texts.intro.edit}
            </ButtonLink>
          </div>
        </>
      ) : snap.compareError ? (
        <>
          <h1 id="compare-title" className={styles.title}>
            {texts.compare.errorTitle}
          </h1>
          <p className={styles.errorBox} role="alert">
            {snap.compareError}
          </p>
          <div className={styles.actions}>
            <ButtonLink variant="secondary" to={guideStepPath(firstStep?.Id ?? 1)}>
              {texts.intro.edit}
            </ButtonLink>
            <Button onClick={() => void requestCompare()}>{texts.compare.retry}</Button>
          </div>
        </>
      ) : fresh ? (
        <>
          <h1 id="compare-title" className={styles.title}>
            {texts.intro.doneTitle}
          </h1>
          <p className={styles.lead}>{texts.intro.doneText}</p>
          <div className={styles.actions}>
            <ButtonLink variant="secondary" to={guideStepPath(firstStep?.Id ?? 1)}>
              {texts.intro.edit}
            </ButtonLink>
            <ButtonLink size="lg" to={paths.guideResult}>
              {texts.intro.showResult}
            </ButtonLink>
          </div>
        </>
      ) : (
        <>
          <h1 id="compare-title" className={styles.title}>
            {texts.compare.working}
          </h1>
          <Button onClick={() => void requestCompare()}>{texts.compare.start}</Button>
        </>
      )}
    </section>
  );
}

const PHASE_MS = CHECKOUT_REDIRECT_MS / texts.compare.phases.length;

function CompareProgress({ done }: { done: boolean }) {
  const [phase, setPhase] = useState(0);
  useEffect(() => {
    const timer = setInterval(
      () => setPhase((p) => Math.min(p + 1, texts.compare.phases.length - 1)),
      PHASE_MS,
    );
    return () => clearInterval(timer);
  }, []);
  return (
    <div className={styles.wait} aria-busy={!done}>
      <h1 id="compare-title" className={styles.title}>
        {texts.compare.working}
      </h1>
      <div className={styles.waitTrack} aria-hidden="true">
        <div
          className={styles.waitFill}
          style={{ animationDuration: `${CHECKOUT_REDIRECT_MS}ms` }}
        />
      </div>
      <ol className={styles.phases}>
        {texts.compare.phases.map((text, i) => (
          <li
            key={text}
            className={
              i < phase ? styles.phaseDone : i === phase ? styles.phaseNow : styles.phaseLater
            }
            aria-current={i === phase ? 'step' : undefined}
          >
            <span className={styles.phaseIcon} aria-hidden="true" />
            {text}
            {i < phase && <span className="visually-hidden"> ({texts.compare.phaseDone})</span>}
          </li>
        ))}
      </ol>
      <p role="status" className={styles.help}>
        {done && phase === texts.compare.phases.length - 1
          ? texts.compare.ready
          : texts.compare.phases[phase]}
      </p>
    </div>
  );
}
