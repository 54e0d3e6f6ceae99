/**
 * The two builds of the client (what `npm run build` runs): the browser build into dist/ and
 * the server render's bundle into dist-ssr/ (docs/decisions/009). Used by `npm start` and
 * `npm run bench` when dist/ is missing or stale.
 */
import { spawnSync } from 'node:child_process';
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
