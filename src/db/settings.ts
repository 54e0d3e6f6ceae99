/** Typed access to the settings table. Storage failures become a StorageError the UI can show. */
import type { z } from 'zod/mini';
import { db } from './db';
import { toStorageError } from './errors';

/** Reads a setting; a stored value that no longer matches the schema counts as absent. */
export async function readSetting<S extends z.ZodMiniType>(
  key: string,
  schema: S,
): Promise<z.infer<S> | undefined> {
  try {
    const row = await db.settings.get(key);
    if (!row) return undefined;
    const parsed = schema.safeParse(row.value);
    return parsed.success ? parsed.data : undefined;
  } catch (error) {
    throw toStorageError(error);
  }
}

export async function writeSetting(key: string, value: unknown): Promise<void> {
  try {
    await db.settings.put({ key, value, updatedAt: Date.now() });
  } catch (error) {
    throw toStorageError(error);
  }
}

/**
 * Copies of a customer's own data (their orders) that must not outlive their session on this
 * browser: removed at logout (src/features/session/engine.ts), whoever's they are.
 */
export const PERSONAL_COPY_PREFIXES = ['orders:'] as const;

export async function forgetPersonalCopies(): Promise<void> {
  try {
    for (const prefix of PERSONAL_COPY_PREFIXES) {
      await db.settings.where('key').startsWith(prefix).delete();
    }
  } catch (error) {
    throw toStorageError(error);
  }
}
