/**
 * The server process: config, database (migrate + reference data), listen, graceful shutdown.
 */
import { performance } from 'node:perf_hooks';
import { buildApp } from './app';
import { ConfigError, loadConfig, settleSecret, type Config } from './config';
import { databaseTarget, openDatabase } from './db/client';
import { seedAll } from './seed';
import { loggerOptions } from './logging';
import { startJobs } from './jobs';

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  const started = performance.now();
  let loaded;
  try {
    loaded = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(databaseTarget(loaded));
  // Several server processes may start at once on one PostgreSQL: one migrates and seeds, the
  // others wait and then find everything there, the signing secret included (settleSecret).
  const {
    seeded: { referenceData: imported, dealers: seededDealers },
    secret,
  } = await database.exclusive(async () => {
    await database.migrate();
    const settled = await settleSecret(loaded, database.db);
    const seeded = await seedAll(database.db, {
      demoUsers: loaded.seedDemoUsers,
      rolePrefix: loaded.rolePrefix,
      publicUrl: loaded.publicUrl,
    });
    return { seeded, secret: settled };
  });
  const config: Config = { ...loaded, secret: secret.secret };

  const app = await buildApp({
    config,
    database,
    logger: loggerOptions({ level: config.logLevel, nodeEnv: config.nodeEnv }),
  });
  // Where the secret came from, never the secret itself.
  app.log.info(
    { source: secret.source, stored: secret.stored, dataDirDiffers: secret.dataDirDiffers },
    'signing secret',
  );
  if (secret.source !== 'environment' && config.nodeEnv === 'production') {
    app.log.warn('SECRET is not set: set it in production (README, Umgebungsvariablen)');
  }
  if (!imported.skipped) {
    app.log.info(imported, 'reference data imported');
  }
  if (!seededDealers.skipped) {
    app.log.info(seededDealers, 'dealers seeded');
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('graceful shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  // A promise rejected with nobody listening (a background task's failure that slipped through)
  // ended the process by Node's default, taking every request in flight with it. Logged instead:
  // the failure belongs to that task, not to the server.
  process.on('unhandledRejection', (reason) => {
    app.log.error({ err: reason }, 'unhandled rejection');
  });
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.ready();
  await startJobs(app);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      database: database.kind,
      startupMs: Math.round(performance.now() - started),
      url: `http://localhost:${config.port}`,
    },
    'ready',
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
