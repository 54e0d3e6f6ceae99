/**
 * Which Chromium the browser tests run (playwright.config.ts) and `npm test` checks for first
 * (scripts/test.ts). Debian's headless shell, the browser Playwright itself uses for headless
 * runs: the full chromium in headless mode also renders its own window UI and took twice the
 * time per test on two cores. CHROME_PATH picks another one.
 */
import { existsSync } from 'node:fs';

export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const FULL_CHROMIUM = '/usr/bin/chromium';
/** The Debian package `.ci/run` and `npm test` install when no Chromium is there. */
export const CHROMIUM_PACKAGE = 'chromium-headless-shell';

/** The browser to run: CHROME_PATH when set, else the first of Debian's two that is installed. */
export function chromePath(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.CHROME_PATH) return env.CHROME_PATH;
  return [HEADLESS_SHELL, FULL_CHROMIUM].find((path) => existsSync(path));
}
