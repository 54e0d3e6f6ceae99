/**
 * The two builds of the client (what `npm run build` runs): the browser build into dist/ and
 * the server render's bundle into dist-ssr/ (docs/decisions/009). Used by `npm start`,
 * `npm test` and `npm run bench` when dist/ is missing or stale.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const SSR_ENTRY = 'src/app/entry-server.tsx';

/** Runs both builds; false when one failed. */
export function buildClient(root: string, extraArgs: readonly string[] = []): boolean {
  // The binary itself, not npx: no npm wrapper, no registry look-up.
  const vite = join(root, 'node_modules', '.bin', 'vite');
  for (const args of [['build'], ['build', '--ssr', SSR_ENTRY]]) {
    const result = spawnSync(vite, [...args, ...extraArgs], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) return false;
  }
  return true;
}

/** What the client build is made from. */
const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestMtime(path: string): number {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** true when dist/ or dist-ssr/ is missing or older than any of its sources. */
export function buildIsStale(root: string): boolean {
  const built = Math.min(
    newestMtime(join(root, 'dist', 'index.html')),
    newestMtime(join(root, 'dist-ssr', 'entry-server.js')),
  );
  if (built === 0) return true;
  return SOURCES.some((s) => newestMtime(join(root, s)) > built);
}
