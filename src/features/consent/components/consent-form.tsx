import { useState } from 'react';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { paths } from '../../../lib/paths';
import { Button } from '../../../ui/button/button';
import { Modal } from '../../../ui/modal/modal';
import { allowAll, allowSelection, consentState } from '../store';
import { texts } from '../texts';
import styles from './consent-dialog.module.css';

/** The dialog body; loaded on demand by ConsentDialog, so it is not on the home route's critical path. */
export function ConsentForm({
  initial,
}: {
  initial: { preferences: boolean; statistics: boolean };
}) {
  const [preferences, setPreferences] = useState(initial.preferences);
  const [statistics, setStatistics] = useState(initial.statistics);
  const { storageError } = useSnapshot(consentState);

  return (
    <Modal open title={texts.title} width="md" dismissible={false}>
      <p className={styles.intro}>{texts.intro}</p>
      <fieldset className={styles.categories}>
        <legend className="visually-hidden">Kategorien</legend>
        <label className={styles.category}>
          <input type="checkbox" checked disabled />
          <span>
            <strong>{texts.necessary}</strong>
            <small>{texts.necessaryHint}</small>
          </span>
        </label>
        <label className={styles.category}>
          <input
            type="checkbox"
            checked={preferences}
            onChange={(e) => setPreferences(e.target.checked)}
          />
          <span>
            <strong>{texts.preferences}</strong>
            <small>{texts.preferencesHint}</small>
          </span>
        </label>
        <label className={styles.category}>
          <input
            type="checkbox"
            checked={statistics}
            onChange={(e) => setStatistics(e.target.checked)}
          />
          <span>
            <strong>{texts.statistics}</strong>
            <small>{texts.statisticsHint}</small>
          </span>
        </label>
      </fieldset>
      {storageError && (
        <p role="alert" className={styles.error}>
          {storageError}
        </p>
      )}
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={() => void allowSelection({ preferences, statistics })}
        >
          {texts.allowSelection}
        </Button>
        <Button variant="primary" onClick={() => void allowAll()}>
          {texts.allowAll}
        </Button>
      </div>
      <p className={styles.more}>
        <Link to={paths.privacy}>{texts.privacyLink}</Link>
      </p>
    </Modal>
  );
}
