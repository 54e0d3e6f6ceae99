import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { CONSENTED_STATE } from './tests/e2e/fixtures';
import { chromePath, HEADLESS_SHELL } from './tests/support/chrome';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${PORT}`;
// Several checkouts of work in progress may run e2e side by side: each on its own port, data
// folder and client build (E2E_DIST_DIR, built with `vite build --outDir`).
const DATA_DIR = process.env.E2E_PORT ? `var/e2e-${PORT}` : 'var/e2e';
export const DIST_DIR = process.env.E2E_DIST_DIR ?? 'dist';

/** Debian's headless shell, or CHROME_PATH (tests/support/chrome.ts; `npm test` checks it first). */
const CHROME = chromePath() ?? HEADLESS_SHELL;

/**
 * Browser journeys against the real server (built client, PGlite in a fresh folder) in Debian's
 * Chromium (TOOLCHAIN: Playwright's own browser download does not work here).
 * `npm run test:e2e` builds the client first.
 *
 * One configuration for everyone, CI included: two workers more than cores (at most 4),
 * no retries. A worker per core left the cores idle while pages waited on the server and the
 * network: 352 s with 2 workers, 293 s with 3 on 2 cores; 4 took the fresh-clone `npm test` from
 * 593–629 s to 576 s, once the last two tests that raced the machine's speed were
 * driven by the clock and by the server's answer. A retry that turns red into green hides a race;
 * failOnFlakyTests keeps that so even when someone adds retries to diagnose one.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  // The longest journeys (log in, several saves, a reload, a full-page axe run) take 20–28 s on a
  // loaded 2-core machine; 30 s cut one off. A test that hangs still ends here.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: Math.min(4, availableParallelism() + 2),
  retries: 0,
  failOnFlakyTests: true,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  outputDir: process.env.E2E_PORT ? `test-results-${PORT}` : 'test-results',
  use: {
    baseURL,
    browserName: 'chromium',
    locale: 'de-DE',
    // A trace records every action of every test, passing or not: 12–15 % of the browser tests'
    // CPU here (109 against 123–134 core-seconds for the same 22 tests). CI keeps no files to
    // open, only what the list reporter prints, so it records none; a developer keeps the trace
    // of a failed test.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: CHROME,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'setup', testMatch: /\.setup\.ts$/ },
    {
      name: 'chromium',
      dependencies: ['setup'],
      testIgnore: /\.last\.spec\.ts$/,
      use: { storageState: CONSENTED_STATE },
    },
    {
      // Tests that change what the shared server serves (a new sw.js: every open browser would
      // be offered the update) run alone, after all others.
      name: 'last',
      dependencies: ['chromium'],
      testMatch: /\.last\.spec\.ts$/,
      // Answers the consent question itself, so `--no-deps` runs it alone while working on it.
    },
  ],
  webServer: {
    // A fresh database each run: the first start (migrations + reference data import) is tested too.
    command: `rm -rf ${DATA_DIR} && node --import tsx server/main.ts`,
    url: `${baseURL}/api/health`,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      DIST_DIR,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // 300 s: every token is inside the refresh window (SPEC §9 300 s + 0–119 s), so the
      // session e2e sees a refresh within seconds, and the 120 s cross-tab lock still keeps it valid.
      ACCESS_TOKEN_TTL_SECONDS: '300',
    },
    reuseExistingServer: !process.env.CI,
    // The first start imports the reference data: 20–35 s on an idle 2-core machine, 150 s seen
    // with other test runs beside it. A ceiling, not a wait: the tests start when it answers.
    timeout: 240_000,
    stdout: 'pipe',
  },
});
