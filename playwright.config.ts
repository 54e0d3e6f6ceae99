import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${PORT}`;
// Several checkouts of work in progress may run e2e side by side: each on its own port, data
// folder and client build (E2E_DIST_DIR, built with `vite build --outDir`).
const DATA_DIR = process.env.E2E_PORT ? `var/e2e-${PORT}` : 'var/e2e';
const DIST_DIR = process.env.E2E_DIST_DIR ?? 'dist';

/**
 * Browser journeys against the real server (built client, PGlite in a fresh folder) in Debian's
 * Chromium (TOOLCHAIN: Playwright's own browser download does not work here).
 * `npm run test:e2e` builds the client first.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  outputDir: process.env.E2E_PORT ? `test-results-${PORT}` : 'test-results',
  use: {
    baseURL,
    browserName: 'chromium',
    locale: 'de-DE',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
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
    timeout: 60_000,
    stdout: 'pipe',
  },
});
