/**
 * Watches the job table from outside once a second: which process holds which running job. Only
 * this shows what the final table cannot: the job a killed process held at the moment it died,
 * and when (and by whom) it was taken over. Rows are read as JSON so a column added or renamed
 * by the queue work (started_at, a heartbeat) neither breaks the soak nor goes unseen.
 */
import type pg from 'pg';

export interface JobRow {
  id: number;
  name: string;
  key: string;
  state: string;
  attempts: number;
  locked_by: string | null;
  locked_until: string | null;
  started_at?: string | null;
  finished_at?: string | null;
  run_at: string;
  last_error: string | null;
}

export interface Observation {
  at: number;
  row: JobRow;
}

export class JobWatcher {
  /** Per job id, every sample in which it was running (in order). */
  readonly running = new Map<number, Observation[]>();
  /** Sample times; a failed sample (PostgreSQL down) leaves a gap. */
  readonly sampledAt: number[] = [];
  private timer: NodeJS.Timeout | undefined;
  private busy = false;

  constructor(private readonly pool: pg.Pool) {}

  start(intervalMs = 1000): void {
    this.timer = setInterval(() => void this.sample(), intervalMs);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  async sample(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const result = await this.pool.query<{ row: JobRow }>(
        `select to_jsonb(j) as row from job j where state = 'running'`,
      );
      const at = Date.now();
      this.sampledAt.push(at);
      for (const { row } of result.rows) {
        const list = this.running.get(row.id) ?? [];
        list.push({ at, row });
        this.running.set(row.id, list);
      }
    } catch {
      // PostgreSQL is down (the outage) or restarting: the next sample will tell.
    } finally {
      this.busy = false;
    }
  }

  /** The jobs running in the last sample before `instant`, with who held them. */
  runningAt(instant: number): JobRow[] {
    const before = this.sampledAt.filter((t) => t <= instant).at(-1);
    if (before === undefined) return [];
    const rows: JobRow[] = [];
    for (const list of this.running.values()) {
      const hit = list.find((o) => o.at === before);
      if (hit) rows.push(hit.row);
    }
    return rows;
  }

  /** The first sample after `instant` that shows job `id` running under another holder. */
  takenOverAt(id: number, instant: number, holder: string): Observation | undefined {
    return this.running
      .get(id)
      ?.find((o) => o.at > instant && o.row.locked_by !== null && o.row.locked_by !== holder);
  }
}

/** The pid inside a worker id `host:pid:random` (server/jobs: one per process). */
export function pidOfWorker(workerId: string | null): number | undefined {
  if (!workerId) return undefined;
  const pid = Number(workerId.split(':')[1]);
  return Number.isSafeInteger(pid) ? pid : undefined;
}
