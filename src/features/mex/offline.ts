/**
 * Offline copies of the meX dashboard ("works offline with the last readings and their
 * age"): the last dashboard answer and the last readings per sensor and range, in the app's
 * IndexedDB 'settings' table under `mex:<part>:<userId>`, so only the owner who loaded them sees them.
 * Written once the page has settled (src/lib/idle.ts, as the offers' copies are); removed when
 * the user logs out (snapshot.ts follows the session). Dexie loads on demand.
 */
import type { z } from 'zod/mini';
import { databaseMayExist } from '../../db/exists';
import { whenSettled } from '../../lib/idle';
import { loadDb } from '../../db/load';

export const MEX_COPY_PREFIX = 'mex:';

/** `mex:dashboard:42`, `mex:readings:7:tage:42`: the part first, so a test can wait for one. */
export const copyKey = (userId: string, part: string) => `${MEX_COPY_PREFIX}${part}:${userId}`;

/** Keeps `value` as the user's copy of `part` (quietly: a full disk only loses the copy). */
export function keepCopy(userId: string, part: string, value: unknown): void {
  whenSettled(() => {
    loadDb()
      .then(({ writeSetting }) => writeSetting(copyKey(userId, part), value))
      .catch((error: unknown) => console.warn('meX-Daten nicht für offline gespeichert', error));
  });
}

/** The user's copy of `part`, or undefined (none, unreadable, or no longer fitting the schema). */
export async function readCopy<S extends z.ZodMiniType>(
  userId: string,
  part: string,
  schema: S,
): Promise<z.infer<S> | undefined> {
  try {
    if (!(await databaseMayExist())) return undefined;
    const { readSetting } = await loadDb();
    return await readSetting(copyKey(userId, part), schema);
  } catch {
    return undefined;
  }
}

/** Logout: every meX copy of every user on this browser goes. */
export async function forgetMexCopies(): Promise<void> {
  try {
    if (!(await databaseMayExist())) return;
    const { db } = await loadDb();
    await db.settings.where('key').startsWith(MEX_COPY_PREFIX).delete();
  } catch (error) {
    console.warn('meX-Offline-Kopien nicht gelöscht', error);
  }
}
