/**
 * `npm run soak`: proves from outside that the server stays correct under mixed traffic while
 * PostgreSQL restarts and a server process is killed. Starts a throwaway PostgreSQL
 * (scripts/pg-test-cluster.sh), a slow SMTP sink and two server processes on that database,
 * drives several virtual users against both (pages, calculations, checkouts with retried
 * idempotency keys, password-reset bursts, group orders), restarts PostgreSQL once and SIGKILLs
 * one process once, lets the job queue settle, then checks the database and the sink:
 * no 5xx but 503 in the outage, every order and every e-mail exactly once, no stuck job, no
 * booking above capacity, every closed group's households ordered and booked.
 *
 *   npm run soak                      # about 10 minutes of traffic
 *   npm run soak -- --minutes 2       # shorter
 *   npm run soak -- --keep            # leave the temp folder (logs, data, mails) for inspection
 *
 * Exits 1 on any breach, 2 when the setup itself failed. It is a correctness soak, not a
 * benchmark: the load stays moderate so it runs on a 2-core machine beside other work.
 */
import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildIsStale, SSR_ENTRY } from './build-client';
import {
  checkAnswers,
  checkCapacity,
  checkGroups,
  checkJobs,
  checkMails,
  checkOrders,
  checkProcesses,
  checkSessions,
  type CheckInput,
  type CheckRow,
  type Kill,
  type Window,
} from './soak/checks';
import {
  startCluster,
  startPostgres,
  stopCluster,
  stopPostgres,
  type Cluster,
} from './soak/cluster';
import {
  calculate,
  checkout,
  checkoutRush,
  groupRound,
  Ledger,
  loadPlaces,
  loginDemoCustomer,
  pick,
  resetBurst,
  visitPage,
  type FlowContext,
} from './soak/flows';
import { Net } from './soak/http';
import { JobWatcher, pidOfWorker } from './soak/observe';
import { checkDetails, checkTable, statusHistogram, trafficTable } from './soak/report';
import { serverSpecs, ServerProcess, type Exit } from './soak/servers';
import { SmtpSink } from './soak/smtp-sink';

const repo = resolve(import.meta.dirname, '..');

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    keep: { type: 'boolean', default: false },
    users: { type: 'string', default: '6' },
    'pg-port': { type: 'string', default: process.env.SOAK_PGPORT ?? '54340' },
    'smtp-delay': { type: 'string', default: '1000-3000' },
    'outage-seconds': { type: 'string', default: '5' },
    'settle-seconds': { type: 'string', default: '120' },
    root: { type: 'string', default: repo },
    help: { type: 'boolean', default: false },
  },
});

if (args.help) {
  console.log(`Aufruf: npm run soak -- [--minutes 10] [--keep] [--users 6] [--pg-port 54340]
  [--smtp-delay 1000-3000] [--outage-seconds 5] [--settle-seconds 120] [--root <checkout>]
--settle-seconds: so lange ohne Fortschritt wartet der Soak am Ende auf die Warteschlange.`);
  process.exit(0);
}

const minutes = Number(args.minutes);
const users = Number(args.users);
const pgPort = Number(args['pg-port']);
const [delayMin = 1000, delayMax = 3000] = (args['smtp-delay'] ?? '').split('-').map(Number);
const outageMs = Number(args['outage-seconds']) * 1000;
const settleMs = Number(args['settle-seconds']) * 1000;
const root = resolve(args.root ?? repo);
if (![minutes, users, pgPort, delayMin, delayMax, outageMs, settleMs].every(Number.isFinite)) {
  console.error('Ungültige Zahl in den Argumenten (--help zeigt sie).');
  process.exit(2);
}
const trafficMs = minutes * 60_000;
/** 503s are fine this long after PostgreSQL is back: pools reconnect, a request waits a moment. */
const GRACE_MS = 5000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolveFree) => {
    const probe = createServer();
    probe.once('error', () => resolveFree(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolveFree(true)));
  });
}

// ---------------------------------------------------------------------------------------------
// Setup and cleanup

const tempDir = mkdtempSync(join(tmpdir(), 'oelkompass-soak-'));
const sink = new SmtpSink({ delayMs: { min: delayMin, max: delayMax } });
const servers: ServerProcess[] = [];
const exits: Exit[] = [];
let cluster: Cluster | undefined;
let pool: pg.Pool | undefined;
let watcher: JobWatcher | undefined;
let t0 = Date.now();
const events: { at: number; what: string }[] = [];
const note = (what: string) => {
  events.push({ at: Date.now(), what });
  console.log(`  ${rel(Date.now())}  ${what}`);
};
const rel = (at: number) => `+${((at - t0) / 1000).toFixed(1).padStart(6)} s`;

let cleaned = false;
async function cleanup(): Promise<void> {
  if (cleaned) return;
  cleaned = true;
  watcher?.stop();
  await Promise.all(servers.map((s) => s.stop(5000)));
  await sink.stop();
  await pool?.end().catch(() => undefined);
  if (cluster) stopCluster(repo, cluster, args.keep ? tempDir : undefined);
  cluster = undefined;
  if (args.keep) console.log(`\nTemporärer Ordner bleibt: ${tempDir}`);
  else rmSync(tempDir, { recursive: true, force: true });
}

// Ctrl-C: the servers get the SIGINT of the terminal too; the cluster runs detached and must be
// stopped here, or the next soak finds its port taken.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`\n${signal}: aufräumen …`);
    void cleanup().finally(() => process.exit(130));
  });
}
process.on('exit', () => {
  // Nothing asynchronous runs any more: kill what is left, synchronously.
  for (const server of servers) server.killNow();
  if (cluster) stopCluster(repo, cluster);
});

/**
 * dist/ of the checkout if fresh, else a build of its own: dist-soak/ beside it (the server
 * render's bundle imports react from the checkout's node_modules, so it cannot live in /tmp), as
 * the e2e series does with dist-repeat/; dist/ of whoever works on the checkout stays untouched.
 */
function distDir(): string {
  if (!buildIsStale(root)) return join(root, 'dist');
  const out = join(root, 'dist-soak');
  console.log('Oberfläche wird nach dist-soak/ gebaut (vite build) …');
  const vite = join(root, 'node_modules', '.bin', 'vite');
  for (const argv of [
    ['build', '--outDir', out, '--emptyOutDir'],
    ['build', '--ssr', SSR_ENTRY, '--outDir', `${out}-ssr`, '--emptyOutDir'],
  ]) {
    const built = spawnSync(vite, [...argv, '--logLevel', 'error'], {
      cwd: root,
      encoding: 'utf8',
    });
    if (built.status !== 0)
      throw new Error(`vite build fehlgeschlagen:\n${built.stdout}${built.stderr}`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The run

async function main(): Promise<number> {
  console.log(
    `Soak: ${minutes} min Verkehr, ${users} Besucher, 2 Serverprozesse, PostgreSQL auf Port ${pgPort}\n` +
      `Ordner: ${tempDir}${root === repo ? '' : `\nServer aus: ${root}`}`,
  );
  if (!(await portFree(pgPort))) {
    throw new Error(`Port ${pgPort} ist belegt (läuft ein anderer Soak?): --pg-port wählen`);
  }
  const dist = distDir();
  cluster = startCluster(repo, pgPort, join(tmpdir(), `oelkompass-soak-pg-${pgPort}`));
  const smtpPort = await sink.start();
  const ports = [await freePort(), await freePort()];
  const env = {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    DATABASE_URL: cluster.url,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
    DIST_DIR: dist,
    SEED_DEMO_USERS: 'true',
    // Behind one balancer both processes write the same links (mails, canonical URLs).
    PUBLIC_URL: `http://127.0.0.1:${ports[0]}`,
  };
  for (const spec of serverSpecs(tempDir, ports)) {
    servers.push(
      new ServerProcess(spec, root, env, (exit) => {
        exits.push(exit);
        if (!exit.expected)
          note(
            `Server ${exit.name} (pid ${exit.pid}) beendet: code ${exit.code}, signal ${exit.signal}`,
          );
      }),
    );
  }
  t0 = Date.now();
  note('Server A und B starten (der erste Start befüllt die Datenbank)');
  for (const server of servers) server.start();
  const startMs = await Promise.all(servers.map((s) => s.waitHealthy(300_000)));
  note(`beide gesund (A ${(startMs[0] ?? 0) / 1000} s, B ${(startMs[1] ?? 0) / 1000} s)`);

  pool = new pg.Pool({ connectionString: cluster.url, max: 3 });
  // The outage ends the soak's own connections too; the pool makes new ones afterwards.
  pool.on('error', () => undefined);
  const baseline = await pool.query<{ max: number | null }>(
    'select max(id) as max from customer_order',
  );
  const orderBaseline = baseline.rows[0]?.max ?? 0;
  watcher = new JobWatcher(pool);
  watcher.start();

  const net = new Net(servers);
  for (const s of servers) net.up.add(s.spec.name);
  const sitemap = await (await fetch(`${servers[0]?.base}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (m) => new URL(m[1] ?? '/').pathname,
  );
  const sample = (re: RegExp, n: number) => {
    const all = paths.filter((p) => re.test(p));
    return Array.from({ length: Math.min(n, all.length) }, () => pick(all));
  };
  const pages = [
    ...new Set([
      '/',
      '/heizoelpreise',
      ...sample(/^\/heizoelpreise\/[^/]+\/[^/]+\/[^/]+$/, 15),
      ...sample(/^\/heizoelpreise\/[^/]+$/, 4),
      ...sample(/^\/heizoelhaendler\//, 15),
      ...sample(/^\/news/, 8),
      ...sample(
        /^\/(impressum|datenschutz|info-center|heizoeltank-wartung|heizoel-verbrauchsvergleich)/,
        4,
      ),
    ]),
  ];
  const places = loadPlaces(root);
  const ledger = new Ledger();
  const ctx: FlowContext = {
    net,
    ledger,
    pages,
    places,
    placeOf: new Map(places.filter((p) => p.countryId === 1).map((p) => [p.zip, p.place])),
    customers: [],
    maxCustomers: 10,
  };
  const demo = await loginDemoCustomer(ctx);
  if (demo) ctx.customers.push(demo);
  note(`Verkehr beginnt: ${pages.length} Seiten aus der Sitemap, ${places.length} Postleitzahlen`);

  // -------------------------------------------------------------------------------------------
  const trafficStart = Date.now();
  const endAt = trafficStart + trafficMs;
  const outages: Window[] = [];
  const kills: Kill[] = [];
  const at = (share: number) => trafficStart + share * trafficMs;
  const until = async (instant: number) => {
    while (Date.now() < instant && !net.stopping) await sleep(Math.min(500, instant - Date.now()));
  };

  const visitor = async () => {
    while (Date.now() < endAt) {
      const roll = Math.random();
      try {
        // Mostly reading, as on the real site; each checkout makes two mails, and the sink takes
        // 1–3 s a mail: more orders than this and the mail queue only falls behind (the rushes
        // add their orders on top).
        if (roll < 0.6) await visitPage(ctx);
        else if (roll < 0.95) await calculate(ctx);
        else if (roll < 0.985) await checkout(ctx, false);
        else await checkout(ctx, true);
      } catch (error) {
        ledger.stop(`Ausnahme: ${error instanceof Error ? error.message : String(error)}`);
      }
      await sleep(300 + randomInt(1200));
    }
  };
  const organiser = async () => {
    while (Date.now() < endAt - 20_000) {
      try {
        await groupRound(ctx);
      } catch (error) {
        ledger.stop(`Ausnahme (Gruppe): ${error instanceof Error ? error.message : String(error)}`);
      }
      // A group makes about 15 mails (joined, closed, each household's confirmation): one every
      // 10–20 s keeps the mail queue within what a 1–3 s relay takes.
      await sleep(10_000 + randomInt(10_000));
    }
  };
  const chaos = async () => {
    const bursts: [number, 'reset' | 'rush'][] = [
      [0.15, 'rush'],
      [0.2, 'reset'],
      [0.45, 'rush'],
      [0.5, 'reset'],
      [0.75, 'rush'],
      [0.8, 'reset'],
    ];
    for (const [share, kind] of bursts) {
      await until(at(share));
      if (net.stopping) return;
      if (kind === 'reset') {
        note('Kennwort-vergessen-Schwall');
        await resetBurst(ctx);
      } else {
        note('Ansturm: 10 Gäste bestellen beim selben Händler für denselben Tag');
        await checkoutRush(ctx, 10);
      }
    }
  };
  const outage = async () => {
    if (!cluster) return;
    await until(at(0.35));
    const from = Date.now();
    note('PostgreSQL: pg_ctl stop -m fast');
    await stopPostgres(cluster);
    await sleep(outageMs);
    await startPostgres(cluster);
    outages.push({ from, to: Date.now() });
    note(`PostgreSQL wieder da (${((Date.now() - from) / 1000).toFixed(1)} s weg)`);
  };
  const kill = async () => {
    await until(at(0.65));
    const victim = servers[1];
    const pid = victim?.child?.pid;
    if (!victim || pid === undefined) return;
    // Best when the victim holds a job: up to 20 s for one to show in the table.
    const waitUntil = Date.now() + 20_000;
    while (Date.now() < waitUntil) {
      if (watcher?.runningAt(Date.now()).some((j) => pidOfWorker(j.locked_by) === pid)) break;
      await sleep(200);
    }
    const holding =
      watcher?.runningAt(Date.now()).filter((j) => pidOfWorker(j.locked_by) === pid) ?? [];
    net.up.delete(victim.spec.name);
    const killedAt = Date.now();
    await victim.kill();
    note(
      `Server B (pid ${pid}) mit SIGKILL beendet${holding.length ? `, hielt ${holding.map((j) => `${j.name}/${j.key}`).join(', ')}` : ', hielt keinen Auftrag'}`,
    );
    await sleep(2000);
    victim.start();
    await victim.waitHealthy(120_000);
    net.up.add(victim.spec.name);
    kills.push({ name: victim.spec.name, pid, at: killedAt, healthyAt: Date.now() });
    note(
      `Server B neu gestartet (pid ${victim.child?.pid}), gesund nach ${((Date.now() - killedAt) / 1000).toFixed(1)} s`,
    );
  };

  const flows = [...Array.from({ length: users }, visitor), organiser(), chaos(), outage(), kill()];
  await until(endAt);
  note('Verkehr endet; laufende Abläufe werden fertig');
  const finished = await Promise.race([
    Promise.allSettled(flows).then(() => true),
    sleep(120_000).then(() => false),
  ]);
  net.stopping = true;
  if (!finished) note('nicht alle Abläufe nach 120 s fertig: weiter');

  // -------------------------------------------------------------------------------------------
  note(`Warteschlange kommt zur Ruhe (aufgegeben nach ${settleMs / 1000} s ohne Fortschritt)`);
  const settled = await settle(pool, settleMs);
  note(
    settled.settled
      ? `zur Ruhe gekommen nach ${(settled.ms / 1000).toFixed(0)} s`
      : `nicht zur Ruhe gekommen: ${settled.last}`,
  );
  watcher.stop();

  const processOfPid = (pid: number | undefined) => {
    for (const server of servers) {
      const index = pid === undefined ? -1 : server.pids.indexOf(pid);
      if (index >= 0) return `${server.spec.name}${'′'.repeat(index)}`;
    }
    return pid === undefined ? '–' : `pid ${pid}`;
  };
  const input: CheckInput = {
    pool,
    t0,
    samples: net.samples,
    refusals: net.refusals,
    outages,
    kills,
    exits,
    ledger,
    messages: sink.messages,
    watcher,
    orderBaseline,
    processOfPid,
    graceMs: GRACE_MS,
  };
  const mails = await checkMails(input);
  const jobs = await checkJobs(input);
  const rows: CheckRow[] = [
    checkProcesses(input),
    ...checkAnswers(input),
    ...(await checkOrders(input)),
    ...mails.rows,
    ...jobs.rows,
    ...(await checkCapacity(input)),
    ...(await checkGroups(input)),
    checkSessions(input),
  ];

  // -------------------------------------------------------------------------------------------
  console.log('\n=== Verkehr\n');
  console.log(trafficTable(net.samples));
  console.log('\nStatus:');
  console.log(statusHistogram(net.samples));
  const orders = [...ledger.orders.values()];
  const attempts = orders.flatMap((o) => o.attempts);
  console.log(
    `\nBestellungen: ${orders.length} Kassen, ${attempts.filter((a) => a.status === 201).length} angelegt, ` +
      `${attempts.filter((a) => a.replay).length} Wiederholungen mit demselben Schlüssel, ` +
      `${attempts.filter((a) => a.lost).length} verlorene Antworten, ` +
      `${attempts.filter((a) => a.reason === 'SlotTaken').length}× Termin vergeben, ` +
      `${attempts.filter((a) => a.reason === 'PriceChanged').length}× Preis geändert`,
  );
  console.log(
    `Sammelbestellungen: ${ledger.groups.length} gestartet, ${ledger.groups.filter((g) => g.finalState === 'closed').length} abgeschlossen gesehen, ` +
      `${ledger.groups.reduce((n, g) => n + g.members.length, 0)} Haushalte`,
  );
  const resets = ledger.resets;
  console.log(
    `Kennwort vergessen: ${resets.length} Formulare (${resets.filter((r) => r.known).length} bekannte Adressen), Status ${[
      ...new Set(resets.map((r) => r.status)),
    ].join(', ')}`,
  );
  console.log(
    `E-Mail-Laufzeit (Zeile angelegt → vom SMTP angenommen): ${[...mails.figures.latency]
      .map(([kind, l]) => `${kind} p50 ${l.p50} s, p95 ${l.p95} s, max ${l.max} s`)
      .join('; ')}`,
  );
  console.log(
    `E-Mails: ${mails.figures.accepted} angenommen (${[...mails.figures.byKind].map(([k, n]) => `${k} ${n}`).join(', ')}); ` +
      `${sink.messages.length - mails.figures.accepted} ohne Annahme (Absender vorher weg)`,
  );
  console.log(
    `503: ${net.samples.filter((s) => s.status === 503).length}; PostgreSQL weg: ${
      outages.map((w) => `${rel(w.from)} bis ${rel(w.to)}`).join(', ') || '–'
    }; Kill: ${kills.map((k) => `${k.name} ${rel(k.at)}, wieder gesund ${rel(k.healthyAt)}`).join(', ') || '–'}`,
  );
  console.log('Übernahme der Aufträge des beendeten Prozesses:');
  for (const line of jobs.takeover) console.log(`  ${line}`);
  if (ledger.flowStops.size > 0) {
    console.log('Abläufe vorzeitig beendet (Grund: Anzahl):');
    for (const [reason, n] of [...ledger.flowStops].sort((a, b) => b[1] - a[1])) {
      console.log(`  ${reason}: ${n}`);
    }
  }

  console.log('\n=== Prüfungen\n');
  console.log(checkTable(rows));
  const details = checkDetails(rows);
  if (details) console.log(`\n${details}`);
  const breaches = rows.filter((r) => !r.ok);
  console.log(
    breaches.length === 0
      ? '\nKeine Verletzung.'
      : `\n${breaches.length} Prüfungen verletzt: ${breaches.map((r) => r.id).join(', ')}`,
  );
  if (args.keep) {
    writeFileSync(
      join(tempDir, 'soak-record.json'),
      JSON.stringify(
        {
          events,
          rows,
          orders,
          groups: ledger.groups,
          resets,
          mails: sink.messages,
          samples: net.samples,
        },
        null,
        1,
      ),
    );
  }
  return breaches.length === 0 ? 0 : 1;
}

/**
 * Until no job is due or running, no mail unsent and the sink quiet for a few seconds. A slow
 * relay may need minutes for a backlog, so the bound is on progress: it gives up after `stallMs`
 * in which nothing got done (no mail arrived, nothing less to do), or after four times that.
 */
async function settle(
  db: pg.Pool,
  stallMs: number,
): Promise<{ settled: boolean; ms: number; last: string }> {
  const started = Date.now();
  let progressAt = started;
  let quietSince = 0;
  let seen = sink.messages.length;
  let fewest = Infinity;
  let last = '';
  while (Date.now() - progressAt < stallMs && Date.now() - started < 4 * stallMs) {
    try {
      const { rows } = await db.query<Record<string, string>>(
        `select (select count(*) from job where state = 'running') as running,
                (select count(*) from job where state = 'pending' and run_at <= now()) as due,
                (select count(*) from outbox_email where sent_at is null and attempts < 5) as unsent,
                (select count(*) from group_order where state = 'closing') as closing`,
      );
      const r = rows[0] ?? {};
      const busy = ['running', 'due', 'unsent', 'closing'].reduce(
        (n, k) => n + Number(r[k] ?? 0),
        0,
      );
      last = `${r.running} laufend, ${r.due} fällig, ${r.unsent} E-Mails offen, ${r.closing} Gruppen im Abschluss, ${sink.pending} beim SMTP`;
      const arrived = sink.messages.length > seen;
      if (arrived || busy < fewest) progressAt = Date.now();
      fewest = Math.min(fewest, busy);
      seen = sink.messages.length;
      if (busy > 0 || sink.pending > 0 || arrived) quietSince = 0;
      else if (quietSince === 0) quietSince = Date.now();
      // A few quiet seconds more: a second sender may still be between its claim and its DATA.
      else if (Date.now() - quietSince >= 6000)
        return { settled: true, ms: Date.now() - started, last };
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await sleep(1000);
  }
  return { settled: false, ms: Date.now() - started, last };
}

let code: number;
try {
  code = await main();
} catch (error) {
  console.error(`\nSoak abgebrochen: ${error instanceof Error ? error.message : String(error)}`);
  code = 2;
} finally {
  await cleanup();
}
process.exit(code);
