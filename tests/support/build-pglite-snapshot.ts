/**
 * `node --import tsx tests/support/build-pglite-snapshot.ts <file> <publicUrl>`: one migrated,
 * seeded in-memory PGlite database, dumped to <file> (a tar). server-global-setup.ts runs it in
 * a process of its own beside the first tests; test-app.ts waits for the file. The dump appears
 * under its name only when complete (written beside it, then renamed); a failure leaves
 * <file>.failed with the reason.
 */
import { rename, writeFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { seedAll } from '../../server/seed';

const [file, publicUrl] = process.argv.slice(2);
if (!file || !publicUrl) {
  console.error('Aufruf: build-pglite-snapshot.ts <Datei> <PUBLIC_URL>');
  process.exit(2);
}

try {
  const database = await openDatabase({ kind: 'pglite-memory' });
  try {
    await database.migrate();
    await seedAll(database.db, { publicUrl });
    if (!database.dump) throw new Error('PGlite database without dump()');
    // Without a checkpoint every restore replays the seed's WAL: 0.75 s per test file against
    // 0.5 s.
    await database.db.execute(sql`CHECKPOINT`);
    const snapshot = await database.dump();
    await writeFile(`${file}.partial`, Buffer.from(await snapshot.arrayBuffer()));
    await rename(`${file}.partial`, file);
  } finally {
    // An open PGlite keeps the process alive (TOOLCHAIN.md, gotcha 9).
    await database.close();
  }
} catch (error) {
  await writeFile(
    `${file}.failed`,
    error instanceof Error ? (error.stack ?? error.message) : String(error),
  );
  process.exit(1);
}
