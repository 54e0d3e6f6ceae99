/** Decorates the app with the Drizzle database and closes it with the app. */
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

export const databasePlugin = fp<{ database: Database; closeWithApp: boolean }>(
  async (app, { database, closeWithApp }) => {
    app.decorate('db', database.db);
    if (closeWithApp) app.addHook('onClose', () => database.close());
  },
  { name: 'database' },
);
