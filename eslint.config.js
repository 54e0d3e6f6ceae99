/**
 * ESLint flat config (ESLint 10, typescript-eslint type-aware, react-hooks, import-x).
 *
 * Import boundaries (CONVENTIONS "Dependencies flow one way") are import-x/no-restricted-paths
 * zones GENERATED at lint time from the folders that exist, so a new src/features/<name> gets its
 * zones without an edit here:
 *   (a) a feature imports another feature only through that feature's index.ts
 *   (b) nothing outside src/app imports src/app
 *   (c) src/ui, src/db, src/api (client side) and any other new src/ folder do not import
 *       src/features
 *   (d) src/lib imports nothing else from src/; src/api/contract imports only itself and src/lib
 *   (e) src/sw and src/workers import only themselves, src/lib and src/api/contract
 *   (f) server/ imports from src/ only src/api/contract and src/lib
 *   (g) src/ never imports server/
 *   (h) server/db (schema, client, migrations, shared seed data) imports no other server/ folder
 *       (modules, plugins, jobs, pages, legacy, and any new one): it is the bottom server layer.
 *       A module seeds its own data in server/modules/<m>/seed.ts; server/seed.ts composes them.
 *   (i) server/legacy (the legacy login pages) uses the account module only through its public
 *       service, server/modules/account/index.ts: no tables, hashes, session rows or CSRF details.
 *       Since (j) this holds for every module and every importer; (j) reports it.
 *   (j) a server module, server/modules/<m>, is imported from outside its folder (other modules,
 *       server/plugins, pages, jobs, legacy, server/*.ts, bench, scripts, tests) only through its
 *       index.ts, its public face; inside, its files and its tests import each other freely. The
 *       job queue, server/jobs, likewise. One zone per module, generated like (a).
 * (d), (e) and (f) are allow-lists covering all of src/ for their targets, so (b) and (c) leave
 * those targets out and every wrong import is reported exactly once.
 * A zone only fires for imports the TypeScript resolver can resolve; tsc reports the others.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/** Names in a folder (relative to the repo root); [] when it does not exist yet. */
function list(dir, { dirsOnly = false } = {}) {
  try {
    return readdirSync(path.join(root, dir), { withFileTypes: true })
      .filter((entry) => !entry.name.startsWith('.') && (!dirsOnly || entry.isDirectory()))
      .map((entry) => entry.name);
  } catch (error) {
    if (error.code === 'ENOENT') return [];
    throw error;
  }
}

const features = list('src/features', { dirsOnly: true });

/** server/ folders above the data layer: every one but server/db itself (zone (h)). */
const serverAboveDb = list('server', { dirsOnly: true })
  .filter((name) => name !== 'db')
  .map((name) => `server/${name}`);

/** The server modules (zone (j)). */
const serverModules = list('server/modules', { dirsOnly: true });

/**
 * Everything that may import `folder` (a server module or server/jobs) but lies outside it: the
 * other server/ entries and modules, bench/, scripts/ and tests/.
 */
const outsideOf = (folder) =>
  [
    ...list('server')
      .filter((name) => name !== 'modules')
      .map((name) => `server/${name}`),
    ...serverModules.map((name) => `server/modules/${name}`),
    'bench',
    'scripts',
    'tests',
  ].filter((entry) => entry !== folder);

/** src/ entries other than the allow-listed targets of (d) and (e), with src/api minus contract. */
const srcOutside = (...skip) => [
  ...list('src')
    .filter((name) => !['lib', 'sw', 'workers', 'api', ...skip].includes(name))
    .map((name) => `src/${name}`),
  ...list('src/api')
    .filter((name) => name !== 'contract')
    .map((name) => `src/api/${name}`),
];

/** Non-empty targets and sources only: the rule's schema refuses an empty array. */
const zone = (z) =>
  [z.target, z.from].some((paths) => Array.isArray(paths) && paths.length === 0) ? [] : [z];

const zones = [
  // (a) one zone per ordered pair of features
  ...features.flatMap((a) =>
    features
      .filter((b) => b !== a)
      .map((b) => ({
        target: `src/features/${a}`,
        from: `src/features/${b}`,
        except: ['./index.ts'],
        message: `Feature "${a}" may use feature "${b}" only through src/features/${b}/index.ts (or compose both in src/app).`,
      })),
  ),
  // (b)
  ...zone({
    target: [...srcOutside('app'), 'tests', 'bench', 'scripts'],
    from: 'src/app',
    message: 'Only src/app imports src/app.',
  }),
  // (c)
  ...zone({
    target: srcOutside('app', 'features'),
    from: 'src/features',
    message: 'Shared layers (ui, db, api) must not depend on features.',
  }),
  // (d)
  {
    target: 'src/lib',
    from: 'src',
    except: ['./lib'],
    message: 'src/lib is framework-free and imports nothing else from src/.',
  },
  {
    target: 'src/api/contract',
    from: 'src',
    except: ['./api/contract', './lib'],
    message: 'src/api/contract imports only itself and src/lib.',
  },
  // (e)
  {
    target: 'src/sw',
    from: 'src',
    except: ['./sw', './lib', './api/contract'],
    message: 'The service worker imports only src/lib and src/api/contract.',
  },
  {
    target: 'src/workers',
    from: 'src',
    except: ['./workers', './lib', './api/contract'],
    message:
      'Workers import only src/lib and src/api/contract (a worker must not pull in the main bundle).',
  },
  // (f)
  {
    target: 'server',
    from: 'src',
    except: ['./api/contract', './lib'],
    message: 'The server imports from src/ only src/api/contract and src/lib.',
  },
  // (g)
  {
    target: 'src',
    from: 'server',
    message: 'Browser code never imports server/.',
  },
  // (h)
  ...zone({
    target: 'server/db',
    from: serverAboveDb,
    message:
      'server/db is the bottom server layer and imports no module, plugin or other server/ folder. A module seeds its own data in server/modules/<m>/seed.ts; server/seed.ts runs the seeds in order.',
  }),
  // (i) is a case of (j) now
  // (j) one zone per server module, and one for the job queue
  ...serverModules.map((name) => ({
    target: outsideOf(`server/modules/${name}`),
    from: `server/modules/${name}`,
    except: ['./index.ts'],
    message: `Outside server/modules/${name}, use the module only through its public face, server/modules/${name}/index.ts (export what is needed there).`,
  })),
  ...zone({
    target: outsideOf('server/jobs'),
    from: 'server/jobs',
    except: ['./index.ts'],
    message: 'Outside server/jobs, use the job queue only through server/jobs/index.ts.',
  }),
];

export default defineConfig(
  globalIgnores([
    'dist/',
    'dist-*/',
    'var/',
    'node_modules/',
    'coverage/',
    'test-results*/',
    'playwright-report/',
    'server/db/migrations/',
    'scratch/',
    'data/',
    'bench/results/',
  ]),

  js.configs.recommended,

  // Environments (no-undef is off for TS files, but JS files and `globals` users still need them).
  {
    files: ['*.{js,mjs,cjs,ts}', 'server/**', 'scripts/**', 'bench/**', 'tests/**'],
    languageOptions: { globals: globals.node },
  },
  { files: ['src/**', 'public/**'], languageOptions: { globals: globals.browser } },
  { files: ['src/sw/**'], languageOptions: { globals: globals.serviceworker } },
  { files: ['src/**/*.worker.ts'], languageOptions: { globals: globals.worker } },

  // TypeScript, type-aware. The project service finds each file's project through the solution
  // file tsconfig.json (references only); a .ts file in none of the four projects is a parse error.
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: root,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      '@typescript-eslint/no-floating-promises': 'error',
      // attributes: false lets `onClick={async () => …}` through; React ignores the promise.
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  {
    // Fastify plugins and handlers are async by contract: a plugin stripped of `async` to please
    // this rule makes Fastify wait for a `done` callback that never comes.
    files: ['server/**/*.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },

  // React hooks (includes the React Compiler rules of v7) for the browser app.
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
  },

  // A chunk asked for offline stays failed for the page's life in most browsers, so
  // every chunk loads through lazyImport (src/lib/lazy-import.ts), which does not ask offline.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportExpression:not(CallExpression[callee.name='lazyImport'] > ArrowFunctionExpression > ImportExpression)",
          message:
            'Load a chunk through a module-level `lazyImport(() => import(…))` (src/lib/lazy-import.ts): a bare import() asked for offline fails for the rest of the page in most browsers.',
        },
      ],
    },
  },

  // Import boundaries and cycles.
  {
    files: ['**/*.{js,mjs,cjs,ts,tsx,mts,cts}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          // The solution file: the resolver follows its references to the four projects.
          project: path.join(root, 'tsconfig.json'),
          alwaysTryTypes: true,
        }),
      ],
    },
    rules: {
      // ignoreExternal: never walk into node_modules; depth 10 covers app → feature → ui/api → lib.
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
    },
  },
);
