/**
 * `npm run test:e2e:repeat -- [--runs N] [--pressure] [--chrome PATH] [-- <playwright args>]`
 *
 * Runs the whole browser suite N times (default 3), each with a fresh server and database, as
 * `npm run test:e2e` does, and prints one line per run. `--pressure` keeps every core busy beside
 * it (one spinning process per core, at the same priority as the suite), as a slower or loaded
 * machine would: a test that passes only when the machine is quick waits on a time, not on a
 * condition. `--chrome` runs another Chromium (e.g. an older one unpacked beside the
 * installed one). The series runs on a build (dist-repeat/), port (3190, or E2E_PORT) and data
 * folder of its own, so work on the checkout can go on beside it. A failed run keeps its report
 * and traces under test-results-repeat/run-<n>/. Exits 1 when any run had a failed or flaky test.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SSR_ENTRY } from './build-client';

const root = join(import.meta.dirname, '..');
const OUT = join(root, 'test-results-repeat');
const DIST = 'dist-repeat';
const PORT = process.env.E2E_PORT ?? '3190';

const { values, positionals } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pressure: { type: 'boolean', default: false },
    chrome: { type: 'string' },
  },
  allowPositionals: true,
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('--runs braucht eine ganze Zahl ab 1.');
  process.exit(2);
}

interface Outcome {
  run: number;
  seconds: number;
  passed: number;
  failed: number;
  flaky: number;
  skipped: number;
  failedTitles: string[];
  exitCode: number | null;
}

interface JsonSpec {
  title: string;
  file: string;
  line: number;
  tests: { status: 'expected' | 'unexpected' | 'flaky' | 'skipped' }[];
}
interface JsonSuite {
  specs?: JsonSpec[];
  suites?: JsonSuite[];
}

function failedSpecs(suite: JsonSuite): string[] {
  const own = (suite.specs ?? [])
    .filter((spec) => spec.tests.some((t) => t.status === 'unexpected' || t.status === 'flaky'))
    .map((spec) => `${spec.file}:${spec.line} ${spec.title}`);
  return [...own, ...(suite.suites ?? []).flatMap(failedSpecs)];
}

/** One busy process per core until stopped: the suite shares the machine with them. */
function startPressure(): ChildProcess[] {
  return Array.from({ length: availableParallelism() }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
}

function runSuite(run: number): Promise<Outcome> {
  const report = join(OUT, `run-${run}.json`);
  const log = join(OUT, `run-${run}.log`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(
      join(root, 'node_modules', '.bin', 'playwright'),
      ['test', '--reporter=list,json', ...positionals],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          // A fresh server and database for every run (playwright.config.ts webServer).
          CI: '1',
          E2E_PORT: PORT,
          E2E_DIST_DIR: DIST,
          PLAYWRIGHT_JSON_OUTPUT_FILE: report,
          ...(values.chrome ? { CHROME_PATH: values.chrome } : {}),
        },
      },
    );
    const file = createWriteStream(log);
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk: Buffer) => {
        process.stdout.write(chunk);
        file.write(chunk);
      });
    }
    child.on('close', (exitCode) => {
      file.end();
      let stats = { expected: 0, unexpected: 0, flaky: 0, skipped: 0 };
      let failedTitles: string[] = [];
      if (existsSync(report)) {
        const json = JSON.parse(readFileSync(report, 'utf8')) as {
          stats: typeof stats;
          suites: JsonSuite[];
        };
        stats = json.stats;
        failedTitles = json.suites.flatMap(failedSpecs);
      }
      resolve({
        run,
        seconds: Math.round((Date.now() - started) / 1000),
        passed: stats.expected,
        failed: stats.unexpected,
        flaky: stats.flaky,
        skipped: stats.skipped,
        failedTitles,
        exitCode,
      });
    });
  });
}

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
// A build, port and data folder of its own (playwright.config.ts E2E_DIST_DIR, E2E_PORT): work
// on the checkout (a rebuild of dist/, a test on port 3100) goes on beside a long series.
console.log(`Oberfläche wird nach ${DIST}/ gebaut (vite build) …`);
const vite = join(root, 'node_modules', '.bin', 'vite');
for (const args of [
  ['build', '--outDir', DIST],
  ['build', '--ssr', SSR_ENTRY, '--outDir', `${DIST}-ssr`],
]) {
  const built = spawnSync(vite, [...args, '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(1);
}

const outcomes: Outcome[] = [];
for (let run = 1; run <= runs; run++) {
  const load = values.pressure ? startPressure() : [];
  console.log(
    `\n=== Lauf ${run}/${runs}${values.pressure ? ` unter Last (${load.length} Prozesse, die je einen Kern belegen)` : ''}`,
  );
  const outcome = await runSuite(run);
  for (const busy of load) busy.kill('SIGKILL');
  outcomes.push(outcome);
  const bad = outcome.failed + outcome.flaky > 0 || outcome.exitCode !== 0;
  const results = join(root, `test-results-${PORT}`);
  if (bad && existsSync(results)) cpSync(results, join(OUT, `run-${run}`), { recursive: true });
  console.log(
    `=== Lauf ${run}: ${outcome.seconds} s, ${outcome.passed} bestanden, ${outcome.failed} fehlgeschlagen, ${outcome.flaky} wackelig, ${outcome.skipped} übersprungen (Exit ${outcome.exitCode})`,
  );
  for (const title of outcome.failedTitles) console.log(`    ✘ ${title}`);
}

console.log(`\n=== Zusammenfassung${values.pressure ? ' (unter Last)' : ''}`);
for (const o of outcomes) {
  console.log(
    `Lauf ${o.run}: ${o.seconds} s, ${o.passed} bestanden, ${o.failed} fehlgeschlagen, ${o.flaky} wackelig${o.failedTitles.length ? ` – ${o.failedTitles.join('; ')}` : ''}`,
  );
}
const failedRuns = outcomes.filter((o) => o.failed + o.flaky > 0 || o.exitCode !== 0).length;
console.log(
  failedRuns === 0
    ? `Alle ${runs} Läufe ohne Fehler.`
    : `${failedRuns} von ${runs} Läufen mit Fehlern; Berichte und Traces unter test-results-repeat/.`,
);
process.exit(failedRuns === 0 ? 0 : 1);
