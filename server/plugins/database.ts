/**
 * Decorates the app with the Drizzle database and closes it with the app. `app.database` tells
 * what is behind it and whether it answers (the readiness check, server/modules/health).
 */
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Pick<Database, 'kind' | 'ping' | 'pool'>;
  }
}

export const databasePlugin = fp<{ database: Database; closeWithApp: boolean }>(
  async (app, { database, closeWithApp }) => {
    app.decorate('db', database.db);
    app.decorate('database', database);
    if (closeWithApp) app.addHook('onClose', () => database.close());
  },
  { name: 'database' },
);
