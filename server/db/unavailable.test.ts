import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, isDatabaseUnavailable } from './unavailable';

/** An error as node-postgres makes them: a message and, from the server, a SQLSTATE code. */
function pgError(message: string, code?: string): Error {
  return Object.assign(new Error(message), code === undefined ? {} : { code });
}

/** Drizzle's wrapper of a failed query: the driver's error is its cause. */
function failedQuery(cause: unknown): Error {
  return new Error('Failed query: select 1\nparams: ', { cause });
}

describe('isDatabaseUnavailable', () => {
  it('knows a connection that could not be made or broke', () => {
    for (const error of [
      pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      pgError('read ECONNRESET', 'ECONNRESET'),
      pgError('getaddrinfo ENOTFOUND db.internal', 'ENOTFOUND'),
      pgError('Connection terminated unexpectedly'),
      pgError('Connection terminated due to connection timeout'),
      pgError('timeout exceeded when trying to connect'),
      pgError('Client has encountered a connection error and is not queryable'),
      pgError('terminating connection due to administrator command', '57P01'),
      pgError('terminating connection due to crash of another server process', '57P02'),
      pgError('the database system is starting up', '57P03'),
      pgError('sorry, too many clients already', '53300'),
      pgError('connection failure', '08006'),
      pgError('protocol violation', '08P01'),
      new DatabaseUnavailableError(),
    ]) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
      expect(isDatabaseUnavailable(failedQuery(error)), `wrapped: ${error.message}`).toBe(true);
    }
  });

  it('looks into an AggregateError (a host with several addresses, each refused)', () => {
    const refused = new AggregateError(
      [pgError('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')],
      '',
    );
    expect(isDatabaseUnavailable(refused)).toBe(true);
  });

  it('leaves a query that failed for its own reasons alone', () => {
    for (const error of [
      pgError('duplicate key value violates unique constraint "x"', '23505'),
      pgError('could not serialize access due to concurrent update', '40001'),
      pgError('syntax error at or near "selec"', '42601'),
      pgError('canceling statement due to statement timeout', '57014'),
      new Error('Interner Fehler'),
      new TypeError('Cannot read properties of undefined'),
    ]) {
      expect(isDatabaseUnavailable(error), error.message).toBe(false);
      expect(isDatabaseUnavailable(failedQuery(error)), `wrapped: ${error.message}`).toBe(false);
    }
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
    // A cause that points back at its error is followed once.
    const cyclic: Error & { cause?: unknown } = new Error('Kreis');
    cyclic.cause = failedQuery(cyclic);
    expect(isDatabaseUnavailable(cyclic)).toBe(false);
  });
});
