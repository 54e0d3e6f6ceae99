import { useSnapshot } from 'valtio';
import styles from './loading-bar.module.css';
import { loadingBarState } from './store';

export function LoadingBar() {
  const { phase } = useSnapshot(loadingBarState);
  return (
    <div
      className={`${styles.bar} ${styles[phase]}`}
      role="progressbar"
      aria-label="Seite lädt"
      aria-hidden={phase === 'idle'}
      aria-busy={phase === 'running'}
      data-phase={phase}
    />
  );
}
