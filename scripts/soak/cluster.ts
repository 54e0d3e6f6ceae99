/**
 * The throwaway PostgreSQL of a soak: scripts/pg-test-cluster.sh creates and removes it (as the
 * postgres user when we are root, TOOLCHAIN.md gotcha 10); the outage in the middle is pg_ctl
 * stop -m fast and a start with the very options the script used (read back from
 * postmaster.opts, so the two never drift apart).
 */
import { execFile, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const PGBIN = process.env.PGBIN ?? '/usr/lib/postgresql/15/bin';

export interface Cluster {
  url: string;
  port: number;
  root: string;
}

/** Runs a PostgreSQL binary (as the postgres user when we are root) without blocking the loop. */
function asPostgres(command: string, args: readonly string[]): Promise<void> {
  const isRoot = process.getuid?.() === 0;
  const file = isRoot ? 'runuser' : command;
  const argv = isRoot ? ['-u', 'postgres', '--', command, ...args] : [...args];
  return new Promise((resolve, reject) => {
    execFile(file, argv, { encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} ${args.at(-1) ?? ''}: ${stderr}${stdout}`));
      else resolve();
    });
  });
}

export function startCluster(repoRoot: string, port: number, root: string): Cluster {
  const result = spawnSync(join(repoRoot, 'scripts', 'pg-test-cluster.sh'), ['start'], {
    env: { ...process.env, PGPORT: String(port), PGROOT: root },
    encoding: 'utf8',
  });
  const url = /DATABASE_URL=(\S+)/.exec(result.stdout)?.[1];
  if (result.status !== 0 || !url) {
    throw new Error(
      `PostgreSQL startet nicht (pg-test-cluster.sh start, Port ${port}):\n${result.stderr}${result.stdout}`,
    );
  }
  return { url, port, root };
}

/** Stops and removes the cluster; its log is copied to `keepLogIn` first, when given. */
export function stopCluster(repoRoot: string, cluster: Cluster, keepLogIn?: string): void {
  const log = join(cluster.root, 'server.log');
  if (keepLogIn && existsSync(log)) {
    try {
      copyFileSync(log, join(keepLogIn, 'postgresql.log'));
    } catch {
      // The log is a convenience; the cluster must go either way.
    }
  }
  spawnSync(join(repoRoot, 'scripts', 'pg-test-cluster.sh'), ['stop'], {
    env: { ...process.env, PGPORT: String(cluster.port), PGROOT: cluster.root },
    stdio: 'ignore',
  });
}

/** pg_ctl stop -m fast: every session is ended at once, as in a failover or a crash restart. */
export function stopPostgres(cluster: Cluster): Promise<void> {
  return asPostgres(join(PGBIN, 'pg_ctl'), [
    '-D',
    join(cluster.root, 'data'),
    '-m',
    'fast',
    '-w',
    'stop',
  ]);
}

/** Starts the stopped server again with the options of its first start. */
export function startPostgres(cluster: Cluster): Promise<void> {
  const data = join(cluster.root, 'data');
  // postmaster.opts: the binary, then every argument in double quotes (-D included).
  const opts = readFileSync(join(data, 'postmaster.opts'), 'utf8').trim();
  const args = opts.slice(opts.indexOf(' ') + 1);
  return asPostgres(join(PGBIN, 'pg_ctl'), [
    '-D',
    data,
    '-l',
    join(cluster.root, 'server.log'),
    '-w',
    '-t',
    '30',
    '-o',
    args,
    'start',
  ]);
}
