/**
 * The soak's verdict, from outside: the database as it is after the queue settled (read with
 * `pg`, never through the server), the SMTP sink's record and what the clients were told. Each
 * check is a row (what, how many, OK or breach) with the evidence for every breach, so a breach
 * can be told from a bug of the soak itself.
 */
import type pg from 'pg';
import { DEFAULT_CONTINGENT, STOPS_PER_TOUR } from '../../server/modules/delivery';
import type { Ledger } from './flows';
import type { Sample } from './http';
import { fingerprint } from './mime';
import { pidOfWorker, type JobRow, type JobWatcher } from './observe';
import type { Exit } from './servers';
import type { SinkMessage } from './smtp-sink';

export interface CheckRow {
  id: string;
  title: string;
  count: number;
  ok: boolean;
  /** Evidence, one line each (the first few are printed). */
  details: string[];
  /** Not a breach, but worth a line (e.g. orders whose answer was lost in the kill). */
  notes?: string[];
}

/** A check that holds while nothing breaches it; `details` tells each breach. */
function breachCheck(
  id: string,
  title: string,
  breaches: readonly unknown[],
  details: string[],
  notes?: string[],
): CheckRow {
  return { id, title, count: breaches.length, ok: breaches.length === 0, details, notes };
}

export interface Window {
  from: number;
  to: number;
}

export interface Kill {
  name: string;
  pid: number;
  at: number;
  /** When the restarted process answered /api/health again. */
  healthyAt: number;
}

export interface CheckInput {
  pool: pg.Pool;
  t0: number;
  samples: readonly Sample[];
  refusals: readonly { at: number; what: string }[];
  outages: readonly Window[];
  kills: readonly Kill[];
  exits: readonly Exit[];
  ledger: Ledger;
  messages: readonly SinkMessage[];
  watcher: JobWatcher;
  /** Orders with a greater id were placed during the soak. */
  orderBaseline: number;
  /** pid → process name ("B" or "B′" after its restart). */
  processOfPid: (pid: number | undefined) => string;
  /** 503s are allowed this long after PostgreSQL is back. */
  graceMs: number;
}

const rel = (t0: number, at: number) => `+${((at - t0) / 1000).toFixed(1)} s`;

function overlaps(sample: { start: number; end: number }, window: Window, grace = 0): boolean {
  return sample.start <= window.to + grace && sample.end >= window.from;
}

// ---------------------------------------------------------------------------------------------
// 0. processes

export function checkProcesses(input: CheckInput): CheckRow {
  const crashes = input.exits.filter((e) => !e.expected);
  return breachCheck(
    '0',
    'kein Serverprozess endet von selbst',
    crashes,
    crashes.map(
      (e) =>
        `${e.name} (pid ${e.pid}) endete ${rel(input.t0, e.at)}: Code ${e.code}, Signal ${e.signal}`,
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// 1. answers

export function checkAnswers(input: CheckInput): CheckRow[] {
  const { samples, outages, kills, graceMs, t0 } = input;
  const inOutage = (s: Sample) => outages.some((w) => overlaps(s, w, graceMs));
  const inKill = (s: Sample) =>
    kills.some((k) => k.name === s.server && overlaps(s, { from: k.at, to: k.healthyAt + 1000 }));
  const group = (list: readonly Sample[], label: (s: Sample) => string) => {
    const counts = new Map<string, { n: number; first: number; last: number }>();
    for (const s of list) {
      const key = label(s);
      const entry = counts.get(key) ?? { n: 0, first: s.start, last: s.start };
      entry.n += 1;
      entry.last = s.start;
      counts.set(key, entry);
    }
    return [...counts].map(
      ([key, e]) => `${key}: ${e.n}× (${rel(t0, e.first)} … ${rel(t0, e.last)})`,
    );
  };
  const where = (s: Sample) =>
    inOutage(s) ? 'während PostgreSQL weg war' : 'außerhalb des Ausfalls';
  const other5xx = samples.filter((s) => s.status >= 500 && s.status !== 503);
  const late503 = samples.filter((s) => s.status === 503 && !inOutage(s));
  const bare503 = samples.filter((s) => s.status === 503 && !s.retryAfter);
  const dropped = samples.filter((s) => s.status === 0 && !s.deliberate && !inKill(s));
  return [
    breachCheck(
      '1a',
      'kein 5xx außer 503',
      other5xx,
      group(other5xx, (s) => `${s.status} ${s.kind} auf ${s.server}, ${where(s)}`),
    ),
    breachCheck(
      '1b',
      `503 nur während PostgreSQL weg ist (+${graceMs / 1000} s)`,
      late503,
      group(late503, (s) => `503 ${s.kind} auf ${s.server}`),
    ),
    breachCheck(
      '1c',
      'jede 503 mit Retry-After',
      bare503,
      group(bare503, (s) => `503 ${s.kind} auf ${s.server}`),
    ),
    breachCheck(
      '1d',
      'keine Anfrage ohne Antwort (außer beim Kill)',
      dropped,
      group(dropped, (s) => `${s.error ?? 'keine Antwort'} ${s.kind} auf ${s.server}, ${where(s)}`),
    ),
  ];
}

// ---------------------------------------------------------------------------------------------
// 2. orders

interface OrderRow {
  id: number;
  order_number: string;
  idempotency_key: string;
  user_id: number | null;
  group_order_id: number | null;
  created_at: Date;
}

export async function checkOrders(input: CheckInput): Promise<CheckRow[]> {
  const { rows } = await input.pool.query<OrderRow>(
    `select id, order_number, idempotency_key, user_id, group_order_id, created_at
       from customer_order where id > $1 and group_order_id is null`,
    [input.orderBaseline],
  );
  const byNumber = new Map(rows.map((r) => [r.order_number, r]));
  const byKey = new Map(rows.map((r) => [r.idempotency_key, r]));
  const missing: string[] = [];
  const twoNumbers: string[] = [];
  const wrongOwner: string[] = [];
  let accepted = 0;
  for (const record of input.ledger.orders.values()) {
    const numbers = new Set(record.attempts.flatMap((a) => (a.orderNumber ? [a.orderNumber] : [])));
    if (numbers.size > 1) {
      twoNumbers.push(`Schlüssel ${record.key}: ${[...numbers].join(', ')}`);
    }
    for (const number of numbers) {
      accepted += 1;
      const row = byNumber.get(number);
      if (!row) missing.push(`${number} (Schlüssel ${record.key}): keine solche Zeile`);
      else if (row.idempotency_key !== record.key) {
        missing.push(
          `${number}: Zeile hat Schlüssel ${row.idempotency_key}, gesendet wurde ${record.key}`,
        );
      } else if (record.userId !== undefined && row.user_id !== record.userId) {
        wrongOwner.push(
          `${number}: bestellt von Kunde ${record.userId}, gespeichert mit user_id ${row.user_id ?? 'null (als Gast)'}`,
        );
      }
    }
  }
  const unknown: string[] = [];
  const lostAnswers: string[] = [];
  for (const row of rows) {
    const record = input.ledger.orders.get(row.idempotency_key);
    if (!record) {
      unknown.push(
        `${row.order_number} (Schlüssel ${row.idempotency_key}): kein Client hat ihn gesendet`,
      );
      continue;
    }
    if (record.attempts.some((a) => a.orderNumber === row.order_number)) continue;
    const lost = record.attempts.filter((a) => a.lost);
    if (lost.length > 0) {
      lostAnswers.push(
        `${row.order_number}: ${record.attempts.map((a) => `${a.status || 'ohne Antwort'}@${a.server}`).join(' → ')}`,
      );
    } else {
      unknown.push(
        `${row.order_number}: abgelehnt (${record.attempts.map((a) => a.status).join(', ')}), die Bestellung gibt es trotzdem`,
      );
    }
  }
  // The unique index makes two rows per key impossible; a row per key is what a retry must find.
  const keysWithRow = [...input.ledger.orders.keys()].filter((k) => byKey.has(k)).length;
  return [
    breachCheck(
      '2a',
      'jede erhaltene Bestellnummer ist eine Zeile mit ihrem Schlüssel',
      missing,
      missing,
      [`${accepted} Bestellnummern an Clients, ${keysWithRow} Schlüssel mit Zeile`],
    ),
    breachCheck(
      '2b',
      'Wiederholung mit demselben IdempotencyKey: dieselbe Nummer',
      twoNumbers,
      twoNumbers,
    ),
    breachCheck(
      '2c',
      'keine Bestellung, von der kein Client erfuhr',
      unknown,
      unknown,
      lostAnswers.length > 0
        ? [
            `${lostAnswers.length} Bestellungen, deren Antworten alle verloren gingen (keine Verletzung):`,
            ...lostAnswers,
          ]
        : undefined,
    ),
    breachCheck('2d', 'Bestellung einer Kundin steht in ihrem Konto', wrongOwner, wrongOwner),
  ];
}

// ---------------------------------------------------------------------------------------------
// 3. e-mails

interface OutboxRow {
  id: number;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  sent_at: Date | null;
  created_at: Date;
  attempts: number;
  last_error: string | null;
}

export interface MailFigures {
  accepted: number;
  byKind: Map<string, number>;
  /** Per kind, seconds from the row's creation to the relay's first acceptance. */
  latency: Map<string, { p50: number; p95: number; max: number }>;
}

export async function checkMails(
  input: CheckInput,
): Promise<{ rows: CheckRow[]; figures: MailFigures }> {
  const { rows } = await input.pool.query<OutboxRow>(
    `select id, kind, to_address, subject, text_body, sent_at, created_at, attempts, last_error
       from outbox_email order by id`,
  );
  const accepted = input.messages.filter((m) => m.acceptedAt !== undefined);
  // Each arrival is attributed to a row: by the outbox id header when the server sets one, else
  // by content (recipient, subject, body), which is unique per row in practice (order numbers,
  // reset links) and, where two rows are identical, compared as a count per content.
  const byHeader = new Map<string, SinkMessage[]>();
  const byContent = new Map<string, SinkMessage[]>();
  for (const message of accepted) {
    if (message.outboxId) {
      byHeader.set(message.outboxId, [...(byHeader.get(message.outboxId) ?? []), message]);
    } else {
      const to = message.rcptTo[0] ?? '';
      const key = fingerprint(to, message.subject, message.text);
      byContent.set(key, [...(byContent.get(key) ?? []), message]);
    }
  }
  const rowsByContent = new Map<string, OutboxRow[]>();
  for (const row of rows) {
    if (byHeader.has(String(row.id))) continue;
    const key = fingerprint(row.to_address, row.subject, row.text_body);
    rowsByContent.set(key, [...(rowsByContent.get(key) ?? []), row]);
  }
  const arrivals = new Map<number, SinkMessage[]>();
  for (const row of rows) {
    const tagged = byHeader.get(String(row.id));
    if (tagged) arrivals.set(row.id, tagged);
  }
  const unmatched: SinkMessage[] = [];
  for (const [key, messages] of byContent) {
    const same = rowsByContent.get(key);
    if (!same) {
      unmatched.push(...messages);
      continue;
    }
    // Identical rows share their arrivals in order; a surplus lands on the last row.
    messages.forEach((m, i) => {
      const row = same[Math.min(i, same.length - 1)] as OutboxRow;
      arrivals.set(row.id, [...(arrivals.get(row.id) ?? []), m]);
    });
  }
  for (const [id, messages] of byHeader) {
    if (!rows.some((r) => String(r.id) === id)) unmatched.push(...messages);
  }

  const unsent = rows.filter((r) => r.sent_at === null);
  // Why a mail went out twice, from when the relay first took it: while PostgreSQL was down (the
  // sender could not mark the row and the job ran again later: avoidable, the process lived), in
  // the moment its process was killed (the window the queue documents: relay took it, the process
  // died before the mark), or neither (two senders at once: the claim did not hold).
  const causeOf = (first: SinkMessage): string => {
    const at = first.acceptedAt ?? first.receivedAt;
    if (input.outages.some((w) => at >= w.from && at <= w.to + 1000)) {
      return 'angenommen, während PostgreSQL weg war: das Gesendet-Zeichen fehlte, der Auftrag lief erneut';
    }
    const kill = input.kills.find((k) => at >= k.at - 5000 && at <= k.at + 1000);
    if (kill) {
      return `angenommen ${((kill.at - at) / 1000).toFixed(1)} s vor dem Kill von ${kill.name}: der Prozess starb vor dem Gesendet-Zeichen`;
    }
    return 'ohne Ausfall: zwei Absender zugleich';
  };
  const causes = new Map<string, number>();
  const duplicates: string[] = [];
  const neverArrived: string[] = [];
  let duplicateCount = 0;
  for (const row of rows) {
    const got = arrivals.get(row.id) ?? [];
    const first = got[0];
    if (got.length > 1 && first) {
      duplicateCount += got.length - 1;
      const cause = causeOf(first);
      const short = cause.split(':')[0] ?? cause;
      causes.set(short, (causes.get(short) ?? 0) + 1);
      const ids = new Set(got.map((m) => m.messageId));
      duplicates.push(
        `outbox ${row.id} (${row.kind} an ${row.to_address}) ${got.length}× angenommen: ` +
          got
            .map(
              (m) =>
                `${rel(input.t0, m.acceptedAt ?? m.receivedAt)} über Verbindung :${m.connection}`,
            )
            .join(', ') +
          `; ${ids.size === got.length ? 'jede mit eigener Message-ID' : `Message-ID ${[...ids].join(', ')}`}` +
          `${first.outboxId ? '' : ' (zugeordnet über Empfänger, Betreff und Text)'} – ${cause}`,
      );
    }
    if (got.length === 0 && row.sent_at !== null) {
      neverArrived.push(`outbox ${row.id} (${row.kind}) als gesendet markiert, nie angekommen`);
    }
  }
  // A Message-ID seen twice is a duplicate however it was matched; listed when the rows above do
  // not already show it (no outbox id, or different ones under one Message-ID).
  const messageIds = new Map<string, SinkMessage[]>();
  for (const m of accepted) {
    if (m.messageId) messageIds.set(m.messageId, [...(messageIds.get(m.messageId) ?? []), m]);
  }
  const repeatedIds = [...messageIds].filter(
    ([, list]) =>
      list.length > 1 &&
      (list.some((m) => !m.outboxId) || new Set(list.map((m) => m.outboxId)).size > 1),
  );
  const byKind = new Map<string, number>();
  const waits = new Map<string, number[]>();
  for (const row of rows) {
    const got = arrivals.get(row.id) ?? [];
    byKind.set(row.kind, (byKind.get(row.kind) ?? 0) + got.length);
    const first = got[0];
    if (first) {
      const wait = ((first.acceptedAt ?? first.receivedAt) - row.created_at.getTime()) / 1000;
      waits.set(row.kind, [...(waits.get(row.kind) ?? []), wait]);
    }
  }
  const latency = new Map(
    [...waits].map(([kind, list]) => {
      const sorted = list.sort((a, b) => a - b);
      const at = (p: number) =>
        Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0);
      return [kind, { p50: at(0.5), p95: at(0.95), max: Math.round(sorted.at(-1) ?? 0) }];
    }),
  );
  const taggedCount = accepted.filter((m) => m.outboxId).length;
  // The content match is the fallback for a sender without the header; where the header is
  // there, both must name the same row, or the fallback (the decoding) cannot be trusted.
  const rowById = new Map(rows.map((r) => [String(r.id), r]));
  const contentAgrees = accepted.filter((m) => {
    const row = m.outboxId ? rowById.get(m.outboxId) : undefined;
    return (
      row !== undefined &&
      fingerprint(row.to_address, row.subject, row.text_body) ===
        fingerprint(m.rcptTo[0] ?? '', m.subject, m.text)
    );
  }).length;
  return {
    figures: { accepted: accepted.length, byKind, latency },
    rows: [
      breachCheck(
        '3a',
        'jede Outbox-Zeile gesendet',
        unsent,
        unsent.map(
          (r) =>
            `outbox ${r.id} (${r.kind}): ${r.attempts} Versuche, ${r.last_error ?? 'kein Fehler'}`,
        ),
        [`${rows.length} Outbox-Zeilen`],
      ),
      {
        id: '3b',
        title: 'keine E-Mail doppelt zugestellt',
        count: duplicateCount,
        ok: duplicateCount === 0 && repeatedIds.length === 0,
        details: [
          ...duplicates,
          ...repeatedIds.map(([id, list]) => `Message-ID ${id} ${list.length}× angenommen`),
        ],
        notes: [
          `${accepted.length} Nachrichten angenommen, ${taggedCount} mit X-Oelkompass-Outbox-Id` +
            (taggedCount > 0
              ? `; Empfänger, Betreff und Text passen bei ${contentAgrees} davon zur Zeile`
              : ''),
          ...[...causes].map(([cause, n]) => `${n}× ${cause}`),
        ],
      },
      breachCheck('3c', 'jede gesendete Zeile kam an', neverArrived, neverArrived),
      breachCheck(
        '3d',
        'jede Nachricht gehört zu einer Outbox-Zeile',
        unmatched,
        unmatched.map(
          (m) =>
            `#${m.seq} to ${m.rcptTo.join(',')} "${m.subject}" (outbox id ${m.outboxId ?? '–'})`,
        ),
      ),
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// 4. jobs

export async function checkJobs(
  input: CheckInput,
): Promise<{ rows: CheckRow[]; takeover: string[] }> {
  const { rows } = await input.pool.query<{ row: JobRow }>(`select to_jsonb(j) as row from job j`);
  const jobs = rows.map((r) => r.row);
  const killedPids = new Set(input.kills.map((k) => k.pid));
  const now = Date.now();
  const stuck = jobs.filter(
    (j) => j.state === 'running' && j.locked_until !== null && Date.parse(j.locked_until) < now,
  );
  const orphaned = jobs.filter(
    (j) =>
      j.state === 'running' && !stuck.includes(j) && killedPids.has(pidOfWorker(j.locked_by) ?? -1),
  );
  const overdue = jobs.filter((j) => j.state === 'pending' && Date.parse(j.run_at) < now - 120_000);
  const failed = jobs.filter((j) => j.state === 'failed');
  const describe = (j: JobRow) =>
    `Auftrag ${j.id} ${j.name}/${j.key}: ${j.state}, ${j.attempts} Versuche, bei ${input.processOfPid(pidOfWorker(j.locked_by))}` +
    `${j.locked_until ? ` bis ${j.locked_until}` : ''}${j.last_error ? `, letzter Fehler: ${j.last_error}` : ''}`;

  const takeover: string[] = [];
  for (const kill of input.kills) {
    const held = input.watcher
      .runningAt(kill.at)
      .filter((j) => pidOfWorker(j.locked_by) === kill.pid);
    if (held.length === 0) {
      takeover.push(
        `Kill von ${kill.name} ${rel(input.t0, kill.at)}: hielt in der letzten Stichprobe keinen laufenden Auftrag`,
      );
      continue;
    }
    for (const job of held) {
      const final = jobs.find((j) => j.id === job.id);
      const seen = input.watcher.takenOverAt(job.id, kill.at, job.locked_by ?? '');
      const startedAt = final?.started_at ? Date.parse(final.started_at) : undefined;
      const byOther = final && pidOfWorker(final.locked_by) !== kill.pid;
      const when =
        byOther && startedAt && startedAt > kill.at
          ? `${((startedAt - kill.at) / 1000).toFixed(1)} s nach dem Kill (started_at)`
          : seen
            ? `≤ ${((seen.at - kill.at) / 1000).toFixed(1)} s nach dem Kill (erste Stichprobe)`
            : 'nicht gesehen';
      const finishedBefore =
        final?.state === 'done' &&
        !byOther &&
        final.finished_at !== undefined &&
        final.finished_at !== null &&
        Date.parse(final.finished_at) <= kill.at + 1000;
      takeover.push(
        `Auftrag ${job.id} ${job.name}/${job.key} beim Kill bei ${kill.name} → ` +
          (finishedBefore
            ? `noch von ${kill.name} selbst beendet (im Augenblick des Kills)`
            : `${final?.state ?? '?'} bei ${input.processOfPid(pidOfWorker(final?.locked_by ?? null))}, übernommen ${byOther ? when : 'nie'}`),
      );
    }
  }
  const byState = new Map<string, number>();
  for (const j of jobs)
    byState.set(`${j.name}:${j.state}`, (byState.get(`${j.name}:${j.state}`) ?? 0) + 1);
  return {
    takeover,
    rows: [
      breachCheck('4a', 'kein Auftrag läuft mit abgelaufener Sperre', stuck, stuck.map(describe), [
        `Aufträge: ${[...byState].map(([k, n]) => `${k} ${n}`).join(', ')}`,
      ]),
      breachCheck(
        '4b',
        'kein Auftrag bei einem beendeten Prozess',
        orphaned,
        orphaned.map(describe),
      ),
      breachCheck(
        '4c',
        'kein Auftrag lange überfällig (2 min)',
        overdue,
        overdue.map((j) => `${describe(j)}, fällig ${j.run_at}`),
      ),
      breachCheck('4d', 'kein Auftrag fehlgeschlagen', failed, failed.map(describe)),
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// 5. capacity

export async function checkCapacity(input: CheckInput): Promise<CheckRow[]> {
  // The rule of server/modules/delivery/capacity.ts `fits`, as the database must hold it: the
  // depot's contingent for the day's month, else the default (one tour, 25,000 L).
  const over = await input.pool.query<Record<string, unknown>>(
    `select d.dealer_id, d.depot_id, d.day::text as day, d.morning_stops, d.afternoon_stops,
            d.all_day_stops, d.litres, coalesce(c.tours, $1) as tours,
            coalesce(c.litres, $2) as cap_litres
       from delivery_day d
       left join delivery_contingent c
         on c.dealer_id = d.dealer_id and c.depot_id = d.depot_id
        and c.month = extract(month from d.day)
      where d.litres > coalesce(c.litres, $2)
         or d.morning_stops > coalesce(c.tours, $1) * $3
         or d.afternoon_stops > coalesce(c.tours, $1) * $3
         or d.morning_stops + d.afternoon_stops + d.all_day_stops > coalesce(c.tours, $1) * $3 * 2
         or least(d.morning_stops, d.afternoon_stops, d.all_day_stops, d.litres) < 0`,
    [DEFAULT_CONTINGENT.tours, DEFAULT_CONTINGENT.litres, STOPS_PER_TOUR],
  );
  const mismatch = await input.pool.query<Record<string, unknown>>(
    `with b as (
       select dealer_id, depot_id, day,
              sum(case when "window" = 'vormittags' then stops else 0 end) as m,
              sum(case when "window" = 'nachmittags' then stops else 0 end) as a,
              sum(case when "window" not in ('vormittags', 'nachmittags') then stops else 0 end) as g,
              sum(litres) as l
         from delivery_booking group by 1, 2, 3)
     select coalesce(d.dealer_id, b.dealer_id) as dealer_id, coalesce(d.depot_id, b.depot_id) as depot_id,
            coalesce(d.day, b.day)::text as day,
            d.morning_stops, b.m, d.afternoon_stops, b.a, d.all_day_stops, b.g, d.litres, b.l
       from delivery_day d full join b
         on b.dealer_id = d.dealer_id and b.depot_id = d.depot_id and b.day = d.day
      where coalesce(d.morning_stops, 0) <> coalesce(b.m, 0)
         or coalesce(d.afternoon_stops, 0) <> coalesce(b.a, 0)
         or coalesce(d.all_day_stops, 0) <> coalesce(b.g, 0)
         or coalesce(d.litres, 0) <> coalesce(b.l, 0)`,
  );
  const unbooked = await input.pool.query<{ order_number: string; status: string }>(
    `select o.order_number, o.status from customer_order o
       left join delivery_booking b on b.order_id = o.id
      where o.id > $1 and o.group_order_id is null and b.order_id is null and o.status <> 'cancelled'`,
    [input.orderBaseline],
  );
  const totals = await input.pool.query<{ days: string; bookings: string; full: string }>(
    `select (select count(*) from delivery_day) as days,
            (select count(*) from delivery_booking) as bookings,
            (select count(*) from delivery_day d left join delivery_contingent c
               on c.dealer_id = d.dealer_id and c.depot_id = d.depot_id
              and c.month = extract(month from d.day)
              where d.morning_stops + d.afternoon_stops + d.all_day_stops >= coalesce(c.tours, 1) * 10
                 or d.litres > coalesce(c.litres, 25000) - 1500) as full`,
  );
  const t = totals.rows[0];
  const line = (r: Record<string, unknown>) =>
    Object.entries(r)
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(' ');
  return [
    breachCheck(
      '5a',
      'kein Liefertag über seinem Kontingent',
      over.rows,
      over.rows.map(line),
      t
        ? [
            `${t.days} gebuchte Tage, ${t.bookings} Buchungen, ${t.full} Tage voll (oder < 1.500 L frei)`,
          ]
        : undefined,
    ),
    breachCheck('5b', 'Tagessummen = Summe der Buchungen', mismatch.rows, mismatch.rows.map(line)),
    breachCheck(
      '5c',
      'jede Bestellung des Soaks hat ihre Buchung',
      unbooked.rows,
      unbooked.rows.map((r) => `${r.order_number} (${r.status}) ohne delivery_booking`),
    ),
  ];
}

// ---------------------------------------------------------------------------------------------
// 6. group orders

export async function checkGroups(input: CheckInput): Promise<CheckRow[]> {
  const members = await input.pool.query<{
    code: string;
    group_id: number;
    group_state: string;
    member_id: number;
    user_id: number;
    state: string;
    order_id: number | null;
    order_group: number | null;
    order_user: number | null;
    order_number: string | null;
    booked: boolean;
  }>(
    `select g.code, g.id as group_id, g.state as group_state, m.id as member_id, m.user_id,
            m.state, m.order_id, o.group_order_id as order_group, o.user_id as order_user,
            o.order_number, (b.order_id is not null) as booked
       from group_order g
       join group_order_member m on m.group_id = g.id
       left join customer_order o on o.id = m.order_id
       left join delivery_booking b on b.order_id = o.id
      order by g.id, m.id`,
  );
  const extra = await input.pool.query<{ code: string; orders: string; ordered: string }>(
    `select g.code,
            (select count(*) from customer_order o where o.group_order_id = g.id) as orders,
            (select count(*) from group_order_member m where m.group_id = g.id and m.state = 'ordered') as ordered
       from group_order g
      where g.state = 'closed'`,
  );
  const stuck = await input.pool.query<{ code: string; state: string; deadline: Date }>(
    `select code, state, deadline from group_order
      where state = 'closing' or (state = 'open' and deadline < now())`,
  );
  const closed = members.rows.filter((m) => m.group_state === 'closed');
  const noOrder = closed.filter(
    (m) =>
      m.state === 'ordered' &&
      (m.order_id === null || m.order_group !== m.group_id || m.order_user !== m.user_id),
  );
  const undecided = closed.filter((m) => m.state === 'active');
  const countMismatch = extra.rows.filter((r) => Number(r.orders) !== Number(r.ordered));
  const unbooked = closed.filter((m) => m.state === 'ordered' && m.order_id !== null && !m.booked);
  // What the households were told: each number they read is the order of their own row.
  const told: string[] = [];
  for (const group of input.ledger.groups) {
    for (const member of group.members) {
      if (!member.orderNumber) continue;
      const row = members.rows.find(
        (m) => m.code === group.code && m.order_number === member.orderNumber,
      );
      if (!row || (member.userId !== undefined && row.user_id !== member.userId)) {
        told.push(
          `${group.code}: ${member.email} sah ${member.orderNumber}, nicht die eigene Bestellung`,
        );
      }
    }
    for (const member of group.members.filter((m) => m.lowMax && m.status === 200)) {
      const row = members.rows.find(
        (m) => m.code === group.code && m.user_id === member.userId && m.state === 'ordered',
      );
      if (row) told.push(`${group.code}: ${member.email} über dem Höchstpreis bestellt`);
    }
  }
  const groupsClosed = new Set(closed.map((m) => m.code)).size;
  // One line per breach, whichever kind it is.
  const breaches = [
    ...noOrder.map(
      (m) => `${m.code}: Haushalt ${m.member_id} bestellt, Bestellung ${m.order_id ?? 'fehlt'}`,
    ),
    ...undecided.map(
      (m) => `${m.code}: Haushalt ${m.member_id} in abgeschlossener Gruppe noch aktiv`,
    ),
    ...countMismatch.map(
      (r) => `${r.code}: ${r.orders} Bestellungen für ${r.ordered} bestellte Haushalte`,
    ),
    ...told,
  ];
  return [
    breachCheck(
      '6a',
      'jeder bestellte Haushalt einer Gruppe hat seine Bestellung',
      breaches,
      breaches,
      [
        `${input.ledger.groups.length} Gruppen gestartet, ${groupsClosed} abgeschlossen, ${closed.filter((m) => m.state === 'ordered').length} Haushaltsbestellungen, ${closed.filter((m) => m.state === 'excluded').length} Haushalte ausgeschlossen`,
      ],
    ),
    breachCheck(
      '6b',
      'jede Haushaltsbestellung hat eine Lieferbuchung',
      unbooked,
      unbooked.map((m) => `${m.code}: ${m.order_number} ohne delivery_booking`),
    ),
    breachCheck(
      '6c',
      'keine Gruppe hängt im Abschluss (oder offen nach Frist)',
      stuck.rows,
      stuck.rows.map((g) => `${g.code}: ${g.state}, Frist ${g.deadline.toISOString()}`),
    ),
  ];
}

// ---------------------------------------------------------------------------------------------
// 7. sessions

export function checkSessions(input: CheckInput): CheckRow {
  const counts = new Map<string, number>();
  for (const r of input.refusals) counts.set(r.what, (counts.get(r.what) ?? 0) + 1);
  return breachCheck(
    '7',
    'jeder Prozess nimmt Sitzungen und CSRF-Paare der anderen an',
    input.refusals,
    [...counts].map(([what, n]) => `${what}: ${n}×`),
  );
}
