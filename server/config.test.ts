import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'heizoel-config-'));
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('loadConfig', () => {
  it('starts with working defaults when nothing but DATA_DIR is set', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: resolve(dataDir),
      logLevel: 'info',
      distDir: resolve('./dist'),
    });
  });

  it('takes the values it is given', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgresql://app@db.example:5432/app',
      LOG_LEVEL: 'warn',
      DIST_DIR: 'build/client',
      SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://www.oelkompass.example',
      TRUST_PROXY: '1',
    });
    expect(config).toMatchObject({
      publicUrl: 'https://www.oelkompass.example',
      trustProxy: 1,
      nodeEnv: 'production',
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgresql://app@db.example:5432/app',
      logLevel: 'warn',
      distDir: resolve('build/client'),
      secret: 'x'.repeat(40),
    });
  });

  it('lists every bad variable in one ConfigError', () => {
    const error = configError({
      DATA_DIR: dataDir,
      PORT: 'achtzig',
      DATABASE_URL: 'mysql://db/app',
    });
    expect(error.problems).toHaveLength(2);
    expect(error.problems.some((p) => p.startsWith('PORT:'))).toBe(true);
    expect(error.problems.some((p) => p.startsWith('DATABASE_URL:'))).toBe(true);
    expect(error.message).toContain('Ungültige Konfiguration');
    expect(error.message).toContain('postgres://');
  });

  it('rejects a port out of range, an unknown log level and a short SECRET', () => {
    const error = configError({
      DATA_DIR: dataDir,
      PORT: '70000',
      LOG_LEVEL: 'verbose',
      SECRET: 'zu-kurz',
    });
    expect(error.problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'LOG_LEVEL',
      'PORT',
      'SECRET',
    ]);
    expect(error.message).toContain('mindestens 32 Zeichen');
  });

  it('refuses an access token shorter than twice the 120 s cross-tab refresh lock', () => {
    for (const short of ['60', '119', '239']) {
      expect(
        configError({ DATA_DIR: dataDir, ACCESS_TOKEN_TTL_SECONDS: short }).problems[0],
      ).toMatch(/^ACCESS_TOKEN_TTL_SECONDS: mindestens 240 Sekunden/);
    }
    expect(loadConfig({ DATA_DIR: dataDir, ACCESS_TOKEN_TTL_SECONDS: '240' })).toMatchObject({
      accessTokenTtlSeconds: 240,
    });
  });

  it('refuses production without PUBLIC_URL: links must not come from the Host header', () => {
    const error = configError({ DATA_DIR: dataDir, NODE_ENV: 'production', PORT: 'x' });
    expect(error.problems.map((p) => p.split(':')[0]).sort()).toEqual(['PORT', 'PUBLIC_URL']);
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', PUBLIC_URL: 'https://a.example' }),
    ).not.toThrow();
  });

  it('defaults PUBLIC_URL to the listening address in development', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '8080' }).publicUrl).toBe(
      'http://127.0.0.1:8080',
    );
    expect(loadConfig({ DATA_DIR: dataDir, HOST: '::1', PORT: '8080' }).publicUrl).toBe(
      'http://[::1]:8080',
    );
  });

  it('accepts only an origin as PUBLIC_URL', () => {
    for (const bad of [
      'www.example.de',
      'https://example.de/',
      'https://example.de/pfad',
      'ftp://x.de',
    ]) {
      expect(configError({ DATA_DIR: dataDir, PUBLIC_URL: bad }).problems[0]).toMatch(
        /^PUBLIC_URL:/,
      );
    }
  });

  it('trusts no proxy unless TRUST_PROXY names hops or addresses', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).trustProxy).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(
      loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy,
    ).toEqual(['loopback', '10.0.0.0/8']);
    expect(configError({ DATA_DIR: dataDir, TRUST_PROXY: 'true' }).problems[0]).toMatch(
      /^TRUST_PROXY:/,
    );
  });

  it('generates SECRET once and keeps it in DATA_DIR', async () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.secretSource).toBe('data-dir');
    expect(first.secret?.length).toBeGreaterThanOrEqual(32);

    const file = join(dataDir, 'secret');
    expect((await readFile(file, 'utf8')).trim()).toBe(first.secret);
    // Readable by the owner only: the secret signs cookies and tokens.
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.secret).toBe(first.secret);
  });

  it('creates DATA_DIR when it does not exist yet', async () => {
    const nested = join(dataDir, 'a', 'b');
    const config = loadConfig({ DATA_DIR: nested });
    expect((await readFile(join(nested, 'secret'), 'utf8')).trim()).toBe(config.secret);
  });

  it('prefers an explicit SECRET and does not write it to disk', async () => {
    const secret = 's'.repeat(32);
    expect(loadConfig({ DATA_DIR: dataDir, SECRET: secret }).secret).toBe(secret);
    await expect(stat(join(dataDir, 'secret'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('replaces a kept secret that is too short', async () => {
    await writeFile(join(dataDir, 'secret'), 'kurz\n');
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.secret).not.toBe('kurz');
    expect(config.secret?.length).toBeGreaterThanOrEqual(32);
  });

  it('treats empty strings as unset', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '',
      HOST: '',
      DATABASE_URL: '',
      SECRET: '',
      LOG_LEVEL: '',
      NODE_ENV: '',
    });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      logLevel: 'info',
      nodeEnv: 'development',
    });
    expect(config.secret?.length).toBeGreaterThanOrEqual(32);
  });

  it('leaves the secret to the database with DATABASE_URL and no SECRET, and writes no file', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://app@db/app' });
    expect(config.secretSource).toBe('database');
    expect(config.secret).toBeUndefined();
    await expect(stat(join(dataDir, 'secret'))).rejects.toMatchObject({ code: 'ENOENT' });
    // SECRET always wins, on PostgreSQL too.
    const secret = 'e'.repeat(32);
    expect(
      loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://app@db/app', SECRET: secret }),
    ).toMatchObject({ secretSource: 'environment', secret });
  });
});
