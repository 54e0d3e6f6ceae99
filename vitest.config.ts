import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Node 25 and later have a global `localStorage` of their own (Web Storage, on by default), which
 * stands where the test DOM's belongs: without a --localstorage-file it is empty and keeps
 * nothing, so every test of a draft, a consent or a session failed on Node 26. The client tests
 * run on happy-dom's storage; older Node does not know the flag.
 */
const NODE_MAJOR = Number(process.versions.node.split('.')[0]);
const CLIENT_EXEC_ARGV = NODE_MAJOR >= 25 ? ['--no-experimental-webstorage'] : [];

/** The project whose files share one process (below). */
const SHARED_PROCESS_PROJECT = 'client';

/**
 * The order of the test files: vitest's own (the slowest known first, so two workers finish
 * together), except the client project, whose files share one process and so run in the order
 * of their paths on every machine. Vitest's order depends on durations cached from earlier runs,
 * so a state one file leaves behind would meet other files on a fresh clone than here.
 * `TEST_FILE_ORDER_SEED=N npx vitest run --project client` tries another order (vitest's shuffle
 * flag does not reach a sequencer of the config's): a file that fails only in some orders
 * depends on what another file left behind. (Here, not in a module of its own: the config may
 * import no TypeScript of the project.)
 */
class PathOrderForSharedProcess extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const shared = sorted
      .filter((file) => file.project.name === SHARED_PROCESS_PROJECT)
      .sort((a, b) => (a.moduleId < b.moduleId ? -1 : a.moduleId > b.moduleId ? 1 : 0));
    const seed = Number(process.env.TEST_FILE_ORDER_SEED || Number.NaN);
    if (Number.isInteger(seed)) {
      console.info(`Client-Testdateien in gemischter Reihenfolge (TEST_FILE_ORDER_SEED=${seed})`);
      // A small linear congruential generator: the same order for the same seed.
      let state = seed >>> 0;
      const next = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
      for (let i = shared.length - 1; i > 0; i -= 1) {
        const j = Math.floor(next() * (i + 1));
        [shared[i], shared[j]] = [shared[j]!, shared[i]!];
      }
    }
    return [...shared, ...sorted.filter((file) => file.project.name !== SHARED_PROCESS_PROJECT)];
  }
}

/**
 * Three projects: the browser app (happy-dom + fake-indexeddb), the server on in-memory PGlite,
 * and the same server tests on PostgreSQL when TEST_DATABASE_URL is set (.ci/run sets it).
 */
const serverTest = {
  environment: 'node' as const,
  include: [
    'server/**/*.test.ts',
    'src/lib/**/*.test.ts',
    'src/api/**/*.test.ts',
    'src/sw/**/*.test.ts',
    'src/ui/tokens.test.ts',
  ],
  globalSetup: ['tests/support/server-global-setup.ts'],
  setupFiles: ['tests/support/setup-console.ts'],
  testTimeout: 20_000,
  // A file's first beforeAll may wait for the seeded snapshot that is built beside the client
  // tests (server-global-setup.ts, about 15 s, longer on a loaded machine).
  hookTimeout: 120_000,
  // Server test files share a worker's module cache: each builds its own app on its own database
  // copy and nothing touches process-wide state, and re-importing Fastify, drizzle and PGlite per
  // file took half of the suite (177 s → 91 s for the server project on 2 cores).
  isolate: false,
};

/** The tests of access, CSRF, sessions, cookies, headers and hostile input. */
const SECURITY_TESTS = [
  'server/app.test.ts',
  'server/fuzz.test.ts',
  'server/logging.test.ts',
  'server/plugins/**/*.test.ts',
  'server/legacy/**/*.test.ts',
  'server/modules/account/**/*.test.ts',
  'server/modules/customer/**/*.test.ts',
  'server/modules/iam/**/*.test.ts',
  'server/modules/support/**/*.test.ts',
];

export default defineConfig({
  test: {
    // A worker per core (vitest's default leaves one core idle: 1 worker on this 2-core machine,
    // 251 s against 222 s with 2).
    maxWorkers: availableParallelism(),
    // Forked processes (the default), not worker threads: each project alone ran a little faster
    // in threads, the whole suite on fresh clones no clearer than 147 s and 205 s in threads
    // against 165 s in forks.
    pool: 'forks',
    sequence: { sequencer: PathOrderForSharedProcess },
    projects: [
      {
        plugins: [react()],
        test: {
          name: SHARED_PROCESS_PROJECT,
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/lib/**', 'src/api/**', 'src/sw/**', 'src/ui/tokens.test.ts'],
          setupFiles: ['tests/support/setup-client.ts', 'tests/support/setup-console.ts'],
          execArgv: CLIENT_EXEC_ARGV,
          // One process for all client files, one after another, in the order of their paths
          // (PathOrderForSharedProcess), so every machine runs them alike: a process (a fork
          // with happy-dom) per file cost 0.5 s each, 49 s for the project against 19 s.
          // setup-client.ts empties the page and the connection state before each test;
          // anything else a file changes it undoes itself (TEST_FILE_ORDER_SEED finds what not).
          isolate: false,
          fileParallelism: false,
          // Its own group, before the server's: a group runs with one worker count.
          sequence: { groupOrder: 0 },
        },
      },
      // react(): server/pages tests render the app's pages (src/app/entry-server.tsx).
      { plugins: [react()], test: { name: 'server', ...serverTest, sequence: { groupOrder: 1 } } },
      // Checks of the repository itself (scripts/docs-links.test.ts: every document the README
      // links to is in the clone): Node, no database, so none of the server project's setup.
      {
        test: {
          name: 'repo',
          environment: 'node',
          include: ['scripts/**/*.test.ts'],
          setupFiles: ['tests/support/setup-console.ts'],
          sequence: { groupOrder: 1 },
        },
      },
      // CI (and TEST_SECURITY_PRODUCTION=1): the security tests once more against the app built
      // as in production (NODE_ENV=production, PUBLIC_URL on https, TRUST_PROXY=1; test-app.ts):
      // __Host- and Secure cookies, HSTS, forwarded addresses, the production error answers.
      ...(process.env.CI || process.env.TEST_SECURITY_PRODUCTION
        ? [
            {
              plugins: [react()],
              test: {
                name: 'security-production',
                ...serverTest,
                include: SECURITY_TESTS,
                env: { TEST_APP_MODE: 'production' },
                // A group of its own, so no worker carries modules loaded in the other mode.
                sequence: { groupOrder: 3 },
              },
            },
          ]
        : []),
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              plugins: [react()],
              test: {
                name: 'server-postgres',
                ...serverTest,
                include: ['server/**/*.test.ts'],
                env: { TEST_DB: 'postgres' },
                // One PostgreSQL server: files run one after another, each in its own database.
                fileParallelism: false,
                // Vitest runs projects of one group with one worker count: this one (a single
                // worker) runs as a group of its own, after the others.
                sequence: { groupOrder: 2 },
              },
            },
          ]
        : []),
    ],
  },
});
