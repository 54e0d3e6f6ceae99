import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes SQL migrations from server/db/schema.ts.
// The same migrations run on PGlite and on PostgreSQL (server/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
  casing: 'snake_case',
});
