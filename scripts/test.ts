/**
 * `npm test`: everything the project checks, in the order that fails fastest, with each phase's
 * time at the end (as .ci/run prints its steps).
 *
 * 1. Chromium for the browser tests, first, so a machine without one learns it in seconds
 *    (before, 128 browser tests failed one by one after ten minutes). As root on
 *    Debian the headless shell .ci/run installs is installed when it is missing (also beside
 *    the full chromium, which is much slower); without it and without any Chromium, one German
 *    sentence says what to install.
 * 2. Type check, format check and lint: ESLint from the start, the type check and then prettier
 *    beside it.
 * 3. Unit and integration tests (Vitest).
 * 4. The client build, when dist/ is missing or older than its sources (`npm start` built it
 *    already on a machine that started the app).
 * 5. The browser tests (Playwright).
 * The first phase that fails ends the run with its exit code.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_PACKAGE, chromePath, HEADLESS_SHELL } from '../tests/support/chrome';
import { buildClient, buildIsStale } from './build-client';

const root = join(import.meta.dirname, '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

const times: { name: string; seconds: number }[] = [];

function finish(code: number): never {
  console.log('');
  for (const { name, seconds } of times) console.log(`=== ${name}: ${seconds.toFixed(0)} s`);
  const total = times.reduce((sum, t) => sum + t.seconds, 0);
  console.log(`=== npm test: ${total.toFixed(0)} s, ${code === 0 ? 'alles grün' : `Exit ${code}`}`);
  process.exit(code);
}

async function phase(name: string, work: () => Promise<number> | number): Promise<void> {
  console.log(`\n=== ${name}`);
  const started = performance.now();
  const code = await work();
  times.push({ name, seconds: (performance.now() - started) / 1000 });
  if (code !== 0) finish(code);
}

/** Runs a command with its output on this terminal; resolves to its exit code. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs a command with its output kept, for commands that run side by side. */
function runQuietly(command: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => chunks.push(c));
    child.on('close', (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString() }),
    );
  });
}

function browserRuns(path: string): boolean {
  return spawnSync(path, ['--version'], { stdio: 'ignore', timeout: 20_000 }).status === 0;
}

function installHeadlessShell(): boolean {
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) return false;
  const apt = (args: string[]) =>
    spawnSync('apt-get', args, {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0;
  return apt(['update', '-qq']) && apt(['install', '-y', '-qq', CHROMIUM_PACKAGE]);
}

/**
 * The headless shell, installed when missing (as root on Debian): with the full chromium the
 * browser tests take about 1.6 times as long (546 s against 352 s here).
 */
function ensureChromium(): number {
  if (process.env.CHROME_PATH) {
    if (browserRuns(process.env.CHROME_PATH)) {
      console.log(`Chromium: ${process.env.CHROME_PATH} (CHROME_PATH)`);
      return 0;
    }
    console.error(
      `Die Browser-Tests brauchen Chromium, aber CHROME_PATH (${process.env.CHROME_PATH}) lässt sich nicht starten.`,
    );
    return 1;
  }
  if (!existsSync(HEADLESS_SHELL)) {
    console.log(`${HEADLESS_SHELL} fehlt: apt-get install ${CHROMIUM_PACKAGE} …`);
    if (!installHeadlessShell())
      console.log('Nicht installiert (dafür braucht es root und Debian).');
  }
  const found = chromePath();
  if (found && browserRuns(found)) {
    console.log(`Chromium: ${found}`);
    if (found !== HEADLESS_SHELL) {
      console.log(
        `Hinweis: mit „apt-get install ${CHROMIUM_PACKAGE}“ laufen die Browser-Tests etwa 1,6-mal so schnell.`,
      );
    }
    return 0;
  }
  console.error(
    `Die Browser-Tests brauchen Chromium: bitte „apt-get install ${CHROMIUM_PACKAGE}“ als root ausführen (Debian) oder CHROME_PATH auf ein installiertes Chromium setzen.`,
  );
  return 1;
}

await phase('Chromium', ensureChromium);

await phase('Typprüfung und Lint', async () => {
  // ESLint (type-aware: about 75 s and 1.4 cores on a fresh clone here) from the start; the type
  // check (35 s) and then prettier (15 s) beside it. Type check ∥ (prettier, then eslint) kept a
  // core idle for a minute: 140 s on a fresh clone against about 95 s.
  const typecheckThenFormat = async () => {
    const typecheck = await runQuietly(bin('tsc'), ['-b']);
    const format = await runQuietly(bin('prettier'), ['--check', '.', '--log-level', 'warn']);
    return { typecheck, format };
  };
  const [lint, { typecheck, format }] = await Promise.all([
    runQuietly(bin('eslint'), ['--cache', '--cache-location', 'node_modules/.cache/eslint/', '.']),
    typecheckThenFormat(),
  ]);
  for (const [name, result] of [
    ['Typprüfung (tsc -b)', typecheck],
    ['Format (prettier --check)', format],
    ['Lint (eslint)', lint],
  ] as const) {
    console.log(`--- ${name}: ${result.code === 0 ? 'ok' : `Exit ${result.code}`}`);
    if (result.output.trim()) console.log(result.output.trimEnd());
  }
  return typecheck.code || format.code || lint.code;
});

await phase('Unit- und Integrationstests (vitest)', () => run(bin('vitest'), ['run']));

await phase('Oberfläche bauen', () => {
  if (!buildIsStale(root)) {
    console.log('dist/ ist aktuell.');
    return 0;
  }
  return buildClient(root, ['--logLevel', 'warn']) ? 0 : 1;
});

await phase('Browser-Tests (playwright)', () => run(bin('playwright'), ['test']));

finish(0);
