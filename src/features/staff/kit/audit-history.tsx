/**
 * The audit log of one object: who changed what and when, newest first, with the
 * fields that differ between before and after. `url` is the object's history endpoint
 * (…/{id}/history, under the screen's own guard); `version` reloads it after a save.
 */
import { apiFetch } from '../../../api/client';
import {
  AUDIT_ACTION_LABELS,
  AuditHistorySchema,
  type AuditEntry,
} from '../../../api/contract/audit';
import { Button } from '../../../ui/button/button';
import { formatDateTime } from './format';
import { useStaffData } from './use-staff-data';
import styles from './kit.module.css';

const MAX_VALUE = 120;

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)} …` : text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The fields whose values differ, in a stable order. */
export function changedFields(before: unknown, after: unknown): [string, unknown, unknown][] {
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys
    .filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .map((k) => [k, b[k], a[k]]);
}

function Entry({ entry }: { entry: AuditEntry }) {
  const fields = changedFields(entry.Before, entry.After);
  return (
    <li className={styles.historyItem}>
      <span>
        <strong>{AUDIT_ACTION_LABELS[entry.Action] ?? entry.Action}</strong>{' '}
        <span className={styles.historyMeta}>
          von {entry.ActorEmail} am {formatDateTime(entry.At)}
        </span>
      </span>
      {fields.length > 0 && (
        <ul className={styles.diff}>
          {fields.map(([key, before, after]) => (
            <li key={key}>
              {key}: <del>{show(before)}</del> → <ins>{show(after)}</ins>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

export function AuditHistory({ url, version = 0 }: { url: string; version?: number }) {
  const history = useStaffData(
    (signal) => apiFetch(url, { schema: AuditHistorySchema, signal }),
    `${url}#${version}`,
    'Das Änderungsprotokoll konnte nicht geladen werden.',
  );
  return (
    <section className={styles.section} aria-label="Änderungsprotokoll">
      <div className={styles.sectionHead}>
        <h2 className={styles.sectionTitle}>Änderungsprotokoll</h2>
      </div>
      {history.status === 'error' && (
        <div role="alert" className={styles.muted}>
          {history.error}{' '}
          <Button variant="ghost" onClick={history.reload}>
            Erneut versuchen
          </Button>
        </div>
      )}
      {history.status === 'loading' && !history.data && (
        <p className={styles.muted}>Wird geladen …</p>
      )}
      {history.data && history.data.length === 0 && (
        <p className={styles.muted}>Noch keine Änderungen protokolliert.</p>
      )}
      {history.data && history.data.length > 0 && (
        <ol className={styles.history}>
          {history.data.map((e) => (
            <Entry key={e.Id} entry={e} />
          ))}
        </ol>
      )}
    </section>
  );
}
