/**
 * /support/jobs (admin guard): the newest jobs of the database job queue (server/jobs/queue.ts)
 * with state, attempts, due time, lateness, last error and the process that ran them, and the
 * counts per state over the whole queue, so a stuck or failed job is seen without SQL; a failed
 * job can be run again. The server decides what is stuck or late by its own clock.
 */
import { useState } from 'react';
import type { JobInfo, JobList } from '../../../api/contract/support';
import { Button } from '../../../ui/button/button';
import {
  Badge,
  errorMessage,
  RefreshButton,
  StaffList,
  formatDateTime,
  formatDuration,
  FormMessage,
  StaffPage,
  StaffSection,
  useStaffData,
  type BadgeTone,
  type Column,
} from '../kit';
import { fetchJobs, retryJob } from './api';
import { texts } from './texts';
import kit from '../kit/kit.module.css';
import styles from './ops.module.css';

const t = texts.jobs;

const time = new Intl.DateTimeFormat('de-DE', { timeStyle: 'medium', timeZone: 'Europe/Berlin' });

/** Longer errors show their start and the whole text on request. */
const ERROR_PREVIEW = 200;

const STATE_TONES: Record<JobInfo['State'], BadgeTone> = {
  pending: 'neutral',
  running: 'brand',
  done: 'success',
  failed: 'danger',
};

/** What the state column says, also what the filter searches. */
function stateText(job: JobInfo): string {
  if (job.Stuck) return t.stuck;
  return job.Late ? `${t.states[job.State]} ${t.late}` : t.states[job.State];
}

function StateBadges({ job }: { job: JobInfo }) {
  if (job.Stuck) return <Badge tone="danger">{t.stuck}</Badge>;
  return (
    <span className={kit.row}>
      <Badge tone={STATE_TONES[job.State]}>{t.states[job.State]}</Badge>
      {job.Late && <Badge tone="warning">{t.late}</Badge>}
    </span>
  );
}

function ErrorText({ text }: { text: string | null }) {
  if (!text) return <span className={kit.muted}>{t.none}</span>;
  if (text.length <= ERROR_PREVIEW) return <p className={styles.errorText}>{text}</p>;
  return (
    <>
      <p className={styles.errorText}>{`${text.slice(0, ERROR_PREVIEW)}…`}</p>
      <details className={kit.details}>
        <summary>{t.fullError}</summary>
        <pre>{text}</pre>
      </details>
    </>
  );
}

const baseColumns: Column<JobInfo>[] = [
  {
    key: 'name',
    header: t.columns.name,
    render: (j) => <span className={kit.mono}>{j.Name}</span>,
    sortValue: (j) => j.Name,
  },
  {
    key: 'key',
    header: t.columns.key,
    render: (j) => <span className={kit.mono}>{j.Key}</span>,
    sortValue: (j) => j.Key,
  },
  {
    key: 'state',
    header: t.columns.state,
    render: (j) => <StateBadges job={j} />,
    sortValue: stateText,
  },
  {
    key: 'attempts',
    header: t.columns.attempts,
    render: (j) => t.attempts(j.Attempts, j.MaxAttempts),
    sortValue: (j) => j.Attempts,
    numeric: true,
  },
  {
    key: 'runAt',
    header: t.columns.runAt,
    render: (j) => formatDateTime(j.RunAt),
    sortValue: (j) => j.RunAt,
  },
  {
    key: 'late',
    header: t.columns.late,
    render: (j) =>
      j.LateSeconds === null ? (
        <span className={kit.muted}>{t.notDue}</span>
      ) : (
        formatDuration(j.LateSeconds)
      ),
    sortValue: (j) => j.LateSeconds ?? -1,
    numeric: true,
  },
  {
    key: 'lastError',
    header: t.columns.lastError,
    render: (j) => <ErrorText text={j.LastError} />,
    sortValue: (j) => j.LastError ?? '',
  },
  {
    key: 'lockedBy',
    header: t.columns.lockedBy,
    render: (j) =>
      j.LockedBy ? (
        <span className={kit.mono}>{j.LockedBy}</span>
      ) : (
        <span className={kit.muted}>{t.none}</span>
      ),
    sortValue: (j) => j.LockedBy ?? '',
  },
];

function Counts({ list }: { list: JobList }) {
  const { Counts: c } = list;
  const figures: [string, number, BadgeTone][] = [
    [t.counts.pending, c.Pending, 'neutral'],
    [t.counts.late, c.Late, c.Late > 0 ? 'warning' : 'neutral'],
    [t.counts.running, c.Running, 'neutral'],
    [t.counts.stuck, c.Stuck, c.Stuck > 0 ? 'danger' : 'neutral'],
    [t.counts.done, c.Done, 'neutral'],
    [t.counts.failed, c.Failed, c.Failed > 0 ? 'danger' : 'neutral'],
  ];
  const total = c.Pending + c.Running + c.Done + c.Failed;
  return (
    <StaffSection title={t.summary}>
      <dl className={kit.facts}>
        {figures.map(([label, value, tone]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              {tone === 'neutral' ? (
                value.toLocaleString('de-DE')
              ) : (
                <Badge tone={tone}>{value.toLocaleString('de-DE')}</Badge>
              )}
            </dd>
          </div>
        ))}
      </dl>
      <p className={kit.muted}>{t.shown(list.Jobs.length, total)}</p>
    </StaffSection>
  );
}

type Message = { kind: 'success' | 'error'; text: string };

export function JobsPage() {
  const data = useStaffData(fetchJobs, 'support-jobs', t.loadFailed);
  const list = data.data;
  const [busy, setBusy] = useState<number | null>(null);
  const [message, setMessage] = useState<Message | null>(null);

  const runAgain = async (job: JobInfo) => {
    setBusy(job.Id);
    setMessage(null);
    try {
      await retryJob(job.Id);
      setMessage({ kind: 'success', text: t.ranAgain(job.Name, job.Key) });
      data.reload();
    } catch (error) {
      setMessage({ kind: 'error', text: errorMessage(error, t.runAgainFailed) });
    } finally {
      setBusy(null);
    }
  };

  // The way out of a failed job sits beside its state: in view at 1280 px and at 390 px, where
  // the table's last columns need scrolling.
  const columns: Column<JobInfo>[] = baseColumns.map((column) =>
    column.key === 'state'
      ? {
          ...column,
          render: (j) =>
            j.State === 'failed' ? (
              <span className={kit.stack}>
                <StateBadges job={j} />
                <Button
                  variant="secondary"
                  disabled={busy !== null}
                  aria-label={t.runAgainLabel(j.Name, j.Key)}
                  onClick={() => void runAgain(j)}
                >
                  {busy === j.Id ? t.runningAgain : t.runAgain}
                </Button>
              </span>
            ) : (
              <StateBadges job={j} />
            ),
        }
      : column,
  );

  return (
    <StaffPage
      title={t.title}
      intro={<p>{t.intro}</p>}
      actions={<RefreshButton data={data} label={t.refresh} busyLabel={t.refreshing} />}
    >
      {list && <Counts list={list} />}
      <StaffList
        data={data}
        rows={list?.Jobs}
        loadTexts={t}
        section={
          list && {
            title: t.caption,
            aside: <span className={kit.muted}>{t.asOf(time.format(new Date(list.Now)))}</span>,
          }
        }
        above={message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}
        caption={t.caption}
        columns={columns}
        rowKey={(j) => j.Id}
        filterText={(j) =>
          [j.Name, j.Key, stateText(j), j.LastError ?? '', j.LockedBy ?? ''].join(' ')
        }
        filterLabel={t.filter}
        pageSize={50}
        empty={t.empty}
        below={
          <ul className={styles.notes}>
            {t.legend.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        }
      />
    </StaffPage>
  );
}
