/** Typed access to the settings table. Storage failures become a StorageError the UI can show. */
import type { z } from 'zod/mini';
import { db } from './db';
import { storage } from './errors';

/** Reads a setting; a stored value that no longer matches the schema counts as absent. */
export function readSetting<S extends z.ZodMiniType>(
  key: string,
  schema: S,
): Promise<z.infer<S> | undefined> {
  return storage(async () => {
    const row = await db.settings.get(key);
    if (!row) return undefined;
    const parsed = schema.safeParse(row.value);
    return parsed.success ? parsed.data : undefined;
  });
}

export function writeSetting(key: string, value: unknown): Promise<void> {
  return storage(async () => {
    await db.settings.put({ key, value, updatedAt: Date.now() });
  });
}

/**
 * Copies of a customer's own data (their orders) that must not outlive their session on this
 * browser: removed at logout (src/features/session/engine.ts), whoever's they are.
 */
export const PERSONAL_COPY_PREFIXES = ['orders:'] as const;

export function forgetPersonalCopies(): Promise<void> {
  return storage(async () => {
    for (const prefix of PERSONAL_COPY_PREFIXES) {
      await db.settings.where('key').startsWith(prefix).delete();
    }
  });
}
