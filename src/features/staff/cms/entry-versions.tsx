/** The saved versions of a CMS entry, newest first, each with "Wiederherstellen". */
import { Badge, formatDateTime, StaffSection, useStaffData } from '../kit';
import { Button } from '../../../ui/button/button';
import { fetchVersions } from './api';
import { texts } from './texts';
import styles from './cms.module.css';

export function EntryVersions({
  id,
  current,
  revision,
  busy,
  onRestore,
}: {
  id: number;
  current: number;
  revision: number;
  busy: boolean;
  onRestore: (version: number) => void;
}) {
  const versions = useStaffData(
    (signal) => fetchVersions(id, signal),
    `cms-versions-${id}-${revision}`,
    texts.versionsFailed,
  );
  return (
    <StaffSection title={texts.versionsTitle}>
      {versions.status === 'error' && (
        <div role="alert" className={styles.muted}>
          {versions.error}{' '}
          <Button variant="ghost" onClick={versions.reload}>
            {texts.retry}
          </Button>
        </div>
      )}
      {!versions.data && versions.status === 'loading' && (
        <p className={styles.muted}>{texts.loading}</p>
      )}
      {versions.data && versions.data.length === 0 && (
        <p className={styles.muted}>{texts.versionsEmpty}</p>
      )}
      {versions.data && versions.data.length > 0 && (
        <ol className={styles.versions}>
          {versions.data.map((v) => (
            <li key={v.Version} className={styles.version}>
              <span>
                <strong>{texts.versionLabel(v.Version)}</strong>{' '}
                <span className={styles.muted}>
                  {formatDateTime(v.CreatedAt)} · {v.ActorEmail || texts.versionShipped} · {v.Title}
                </span>
              </span>
              {v.Version === current ? (
                <Badge tone="brand">{texts.versionCurrent}</Badge>
              ) : (
                <Button
                  variant="secondary"
                  disabled={busy}
                  aria-label={`${texts.restore}: ${texts.versionLabel(v.Version)}`}
                  onClick={() => onRestore(v.Version)}
                >
                  {texts.restore}
                </Button>
              )}
            </li>
          ))}
        </ol>
      )}
    </StaffSection>
  );
}
