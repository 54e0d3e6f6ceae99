/**
 * /support/cache (admin guard): the server's in-process caches with their entries,
 * the age of the oldest entry and the last clear (in any process, by whom). "Leeren" clears one,
 * "Alle leeren" (after a confirmation) all of them; the answer carries the new counts, shown at
 * once. The clear reaches every server process through the database (server/modules/caches).
 */
import { useState } from 'react';
import type { CacheInfo } from '../../../api/contract/support';
import { Button } from '../../../ui/button/button';
import {
  Confirm,
  errorMessage,
  formatAge,
  formatBytes,
  formatDateTime,
  FormMessage,
  RefreshButton,
  StaffList,
  StaffPage,
  useStaffData,
  type Column,
} from '../kit';
import styles from '../kit/kit.module.css';
import { clearCaches, fetchCaches } from './api';
import { texts } from './texts';

const t = texts.cache;

const time = new Intl.DateTimeFormat('de-DE', { timeStyle: 'medium', timeZone: 'Europe/Berlin' });

type Message = { kind: 'error' | 'success'; text: string };

/** A list and when it was read (the ages count from then). */
interface Snapshot {
  caches: CacheInfo[];
  at: Date;
}

const load = async (signal: AbortSignal): Promise<Snapshot> => ({
  caches: await fetchCaches(signal),
  at: new Date(),
});

export function CachePage() {
  const data = useStaffData(load, 'support-caches', t.loadFailed);
  // The list a clear answered with, until the next refresh.
  const [fresh, setFresh] = useState<Snapshot | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);

  const shown = fresh ?? data.data;
  const caches = shown?.caches;

  const refresh = () => {
    setFresh(null);
    setMessage(null);
    data.reload();
  };

  /** One cache by name, or all with null. */
  const clear = async (cache: CacheInfo | null) => {
    setBusy(cache?.Name ?? '*');
    setMessage(null);
    try {
      const next = await clearCaches(cache?.Name ?? null);
      setFresh({ caches: next, at: new Date() });
      setMessage({ kind: 'success', text: cache ? t.cleared(cache.Label) : t.clearedAll });
      setConfirmAll(false);
    } catch (error) {
      setMessage({ kind: 'error', text: errorMessage(error, t.clearFailed) });
    } finally {
      setBusy(null);
    }
  };

  const columns: Column<CacheInfo>[] = [
    {
      key: 'label',
      header: t.columns.label,
      render: (c) => c.Label,
      sortValue: (c) => c.Label,
    },
    {
      key: 'entries',
      header: t.columns.entries,
      render: (c) => c.Entries.toLocaleString('de-DE'),
      sortValue: (c) => c.Entries,
      numeric: true,
    },
    {
      // One column for both: the table stays within the card at 1280 px.
      key: 'memory',
      header: t.columns.memory,
      render: (c) =>
        c.Bytes === null && c.HitRate === null
          ? '–'
          : [
              c.Bytes === null ? '–' : formatBytes(c.Bytes),
              c.HitRate === null
                ? '–'
                : c.HitRate.toLocaleString('de-DE', { style: 'percent', maximumFractionDigits: 1 }),
            ].join(' · '),
      sortValue: (c) => c.Bytes ?? -1,
      numeric: true,
    },
    {
      key: 'age',
      header: t.columns.age,
      render: (c) => formatAge(c.OldestAgeSeconds),
      sortValue: (c) => c.OldestAgeSeconds ?? -1,
    },
    {
      key: 'cleared',
      header: t.columns.cleared,
      render: (c) =>
        c.ClearedAt ? (
          // An e-mail address is one long word: it breaks inside, so the row's button stays in view.
          <span className={styles.breakAnywhere}>
            {t.clearedBy(formatDateTime(c.ClearedAt), c.ClearedBy ?? '–')}
          </span>
        ) : (
          <span className={styles.muted}>{t.never}</span>
        ),
      sortValue: (c) => c.ClearedAt ?? '',
    },
    {
      key: 'action',
      header: t.columns.action,
      render: (c) => (
        <Button
          variant="secondary"
          disabled={busy !== null}
          aria-label={t.clearLabel(c.Label)}
          onClick={() => void clear(c)}
        >
          {busy === c.Name ? t.clearing : t.clear}
        </Button>
      ),
    },
  ];

  return (
    <StaffPage
      title={t.title}
      intro={<p>{t.intro}</p>}
      actions={
        <>
          <RefreshButton data={data} label={t.refresh} busyLabel={t.refreshing} onClick={refresh} />
          <Button
            disabled={busy !== null || !caches || confirmAll}
            onClick={() => setConfirmAll(true)}
          >
            {t.clearAll}
          </Button>
        </>
      }
    >
      {confirmAll && (
        <Confirm
          question={t.clearAllConfirm}
          yes={busy === '*' ? t.clearing : t.clearAllYes}
          no={t.cancel}
          busy={busy === '*'}
          onConfirm={() => void clear(null)}
          onCancel={() => setConfirmAll(false)}
        />
      )}
      {message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}
      <StaffList
        data={data}
        rows={caches}
        loadTexts={t}
        section={{
          title: t.caption,
          aside: shown && <span className={styles.muted}>{t.asOf(time.format(shown.at))}</span>,
        }}
        caption={t.caption}
        columns={columns}
        rowKey={(c) => c.Name}
        pageSize={50}
        empty={t.empty}
      />
    </StaffPage>
  );
}
