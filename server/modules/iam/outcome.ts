/** What a staff change of an advert, campaign or slot comes to; routes.ts turns it into the answer. */
export type Outcome<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'not-found' }
  | { kind: 'conflict'; message: string }
  | { kind: 'invalid'; message: string };

export const notFound = { kind: 'not-found' } as const;
export const ok = <T>(value: T): Outcome<T> => ({ kind: 'ok', value });

/** Whether two snapshots are the same (a save without a change writes no audit entry). */
export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
