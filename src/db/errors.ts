/** Storage failures as something the UI can show. Kept apart from Dexie so importing it is free. */
export class StorageError extends Error {
  constructor(
    readonly reason: 'quota' | 'unavailable',
    cause: unknown,
  ) {
    super(
      reason === 'quota'
        ? 'Der Speicher Ihres Browsers ist voll. Ihre Einstellung gilt nur bis zum Schließen der Seite.'
        : 'Ihr Browser erlaubt keine lokale Speicherung. Ihre Einstellung gilt nur bis zum Schließen der Seite.',
      { cause },
    );
    this.name = 'StorageError';
  }
}

/** Runs one access to the browser's storage; its failure becomes a StorageError. */
export async function storage<T>(access: () => Promise<T>): Promise<T> {
  try {
    return await access();
  } catch (error) {
    throw toStorageError(error);
  }
}

export function toStorageError(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  const name = error instanceof Error ? error.name : '';
  const inner = error instanceof Error && error.cause instanceof Error ? error.cause.name : '';
  const quota = name === 'QuotaExceededError' || inner === 'QuotaExceededError';
  return new StorageError(quota ? 'quota' : 'unavailable', error);
}
