/** SPEC §4 progress as a bar with the percentage and "Schritt n von m". */
import { texts } from '../texts';
import styles from '../guide.module.css';

export function ProgressBar({ percent, stepText }: { percent: number; stepText: string }) {
  return (
    <div className={styles.progress}>
      <div className={styles.progressText}>
        <span>{stepText}</span>
        <span>{texts.step.progress(percent)}</span>
      </div>
      <div
        className={styles.progressTrack}
        role="progressbar"
        aria-label={texts.step.progressLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${stepText}, ${texts.step.progress(percent)}`}
      >
        <div className={styles.progressFill} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
