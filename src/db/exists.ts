/**
 * Whether the browser holds the app's database at all, without loading Dexie (about 30 kB gzip
 * and tens of milliseconds of a slow phone's main thread): a first visit has none, so
 * there is nothing stored to read. Unsure (an old browser without indexedDB.databases(), an
 * error) counts as yes, and the caller reads as before.
 */
export const DB_NAME = 'oelkompass';

export async function databaseMayExist(): Promise<boolean> {
  try {
    if (typeof indexedDB === 'undefined') return false;
    if (typeof indexedDB.databases !== 'function') return true;
    const list = await indexedDB.databases();
    return list.some((database) => database.name === DB_NAME);
  } catch {
    return true;
  }
}
