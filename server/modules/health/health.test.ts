import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app';
import { sharedProbe } from './routes';

const t = useTestApp();

describe('GET /api/health', () => {
  it('says the process runs, from memory, as before', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(Object.keys(response.json()).sort()).toEqual(['status', 'uptimeSeconds', 'version']);
    expect(response.json()).toMatchObject({ status: 'ok' });
  });
});

describe('GET /api/health/ready', () => {
  it('is ok when the database answers', async () => {
    const response = await t.app.inject({ url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<{ status: string; database: string; databaseMs: unknown }>();
    expect(body).toMatchObject({ status: 'ok', database: t.database.kind });
    expect(typeof body.databaseMs).toBe('number');
  });
});

describe('sharedProbe', () => {
  it('gives callers that ask while a probe runs its answer, and starts a new one after', async () => {
    let calls = 0;
    let answer!: (value: number) => void;
    const probe = sharedProbe(() => {
      calls += 1;
      return new Promise<number>((resolve) => {
        answer = resolve;
      });
    });
    const asked = [probe(), probe(), probe()];
    expect(calls).toBe(1);
    answer(7);
    expect(await Promise.all(asked)).toEqual([7, 7, 7]);
    const next = probe();
    expect(calls).toBe(2);
    answer(8);
    expect(await next).toBe(8);
  });

  it('shares a failure too, and tries again on the next call', async () => {
    let calls = 0;
    const probe = sharedProbe(async () => {
      calls += 1;
      if (calls === 1) throw new Error('keine Antwort');
      return 'ok';
    });
    const [a, b] = [probe(), probe()];
    await expect(a).rejects.toThrow('keine Antwort');
    await expect(b).rejects.toThrow('keine Antwort');
    expect(await probe()).toBe('ok');
    expect(calls).toBe(2);
  });
});
