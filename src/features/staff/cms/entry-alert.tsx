/** The CMS screens' boxed alert, and the one for an entry that could not be loaded. */
import type { ReactNode } from 'react';
import { Button } from '../../../ui/button/button';
import type { StaffData } from '../kit';
import { texts } from './texts';
import styles from './cms.module.css';

export function EntryAlert({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div role="alert" className={styles.alert}>
      <p>{text}</p>
      {children}
    </div>
  );
}

/** The entry is missing (no retry: it cannot help) or failed to load (with a retry). */
export function EntryLoadFailed({
  entry,
}: {
  entry: Extract<StaffData<unknown>, { status: 'error' }>;
}) {
  return (
    <EntryAlert text={entry.notFound ? texts.entryMissing : entry.error}>
      {!entry.notFound && (
        <Button variant="secondary" onClick={entry.reload}>
          {texts.retry}
        </Button>
      )}
    </EntryAlert>
  );
}
