/**
 * Every environment variable the server reads, parsed once with zod.
 * A bad value stops start-up with a list of every problem.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from './db/client';
import { appSecrets } from './db/schema';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'muss mit postgres:// oder postgresql:// beginnen')
    .optional(),
  DATA_DIR: z.string().min(1).default('./var'),
  SECRET: z.string().min(32, 'mindestens 32 Zeichen').optional(),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  DIST_DIR: z.string().min(1).default('./dist'),
  // SPEC §6: staff roles carry a company prefix; it must end in a separator so that
  // src/lib/roles.ts can match a role by its suffix.
  ROLE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]*[._-]$/, "muss auf '.', '_' oder '-' enden")
    .default('Oelkompass.'),
  // docs/decisions/008: access token lifetime, 15 minutes. At least twice the 120 s in which
  // a tab does not refresh after another one did (SPEC §9): shorter tokens run out before the
  // next refresh may start, and every session would end.
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(240, 'mindestens 240 Sekunden (zweimal die 120 s der tabübergreifenden Refresh-Sperre)')
    .max(86400, 'höchstens 86400 Sekunden (1 Tag)')
    .default(900),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'muss mit smtp:// oder smtps:// beginnen')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Ölkompass <noreply@oelkompass.invalid>'),
  SEED_DEMO_USERS: z.enum(['true', 'false', '1', '0']).optional(),
  // The origin of every absolute link the server writes (e-mails, later canonical URLs). Never
  // taken from a request header (Host, X-Forwarded-Host): a client controls those.
  PUBLIC_URL: z
    .string()
    .regex(
      /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i,
      'muss ein Origin wie https://www.example.de sein (ohne Pfad und ohne / am Ende)',
    )
    .optional(),
  // Proxies in front of the server whose X-Forwarded-For / -Proto are believed: a number of hops
  // (1 = one load balancer) or their addresses ("loopback", "10.0.0.0/8, 192.168.1.2"). Unset: none,
  // the client address is the socket's, and a forged header changes nothing (rate limits).
  TRUST_PROXY: z
    .string()
    .regex(
      /^(\d|10|(loopback|linklocal|uniquelocal|[0-9a-f.:]+(\/\d{1,3})?)(\s*,\s*(loopback|linklocal|uniquelocal|[0-9a-f.:]+(\/\d{1,3})?))*)$/i,
      "muss eine Zahl von Proxy-Stufen (0–10) oder eine Liste von Adressen sein, z. B. '1' oder 'loopback, 10.0.0.0/8'",
    )
    .optional(),
  // Memory for rendered public pages (server/pages/render-cache.ts), an LRU by bytes;
  // 0 turns the cache off (cold renders, e.g. in the bench).
  RENDER_CACHE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 31)
    .default(32 * 1024 * 1024),
});

export type Env = z.infer<typeof envSchema>;

/** TRUST_PROXY parsed: how many proxy hops, or which proxy addresses, are believed. */
export type TrustProxy = number | readonly string[];

export function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined) return 0;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim());
}

export interface Config {
  nodeEnv: Env['NODE_ENV'];
  port: number;
  host: string;
  /** Set: node-postgres against this server. Unset: PGlite in `${dataDir}/db`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Signs tokens, CSRF values and cookies; the same in every process on one database. */
  secret: string;
  logLevel: Env['LOG_LEVEL'];
  distDir: string;
  /** Company prefix of staff roles (SPEC §6), e.g. "Oelkompass.". */
  rolePrefix: string;
  accessTokenTtlSeconds: number;
  /** Set: e-mails go out over SMTP. Unset: they are logged and written to DATA_DIR/mail. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Demo users (README "Demo-Zugänge"); default on except in production. */
  seedDemoUsers: boolean;
  /** Origin of absolute links; PUBLIC_URL, or in development the listening address. */
  publicUrl: string;
  /** Trusted proxies (TRUST_PROXY): a hop count or addresses; 0 = X-Forwarded-* is ignored. */
  trustProxy: TrustProxy;
  /** Bytes of rendered public pages kept per process (RENDER_CACHE_BYTES); 0: off. */
  renderCacheBytes: number;
}

/**
 * Where the signing secret comes from:
 * - `environment`: SECRET (always wins);
 * - `data-dir`: PGlite, whose one process owns its data: DATA_DIR/secret, made at the first start;
 * - `database`: PostgreSQL without SECRET. Several processes share the database but not a data
 *   folder, and a secret each would make every process refuse the tokens and CSRF pairs of the
 *   others (403 at random behind a load balancer): the secret is kept in the database's
 *   app_secret table instead (settleSecret, at start).
 */
export type SecretSource = 'environment' | 'data-dir' | 'database';

/**
 * loadConfig's result: the configuration with the secret as far as the environment and DATA_DIR
 * tell. With `secretSource: 'database'` the secret is not known before the database is open:
 * settleSecret gives it, and the Config the app is built with.
 */
export type LoadedConfig = Omit<Config, 'secret'> &
  (
    | { secretSource: 'environment' | 'data-dir'; secret: string }
    | { secretSource: 'database'; secret?: undefined }
  );

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Ungültige Konfiguration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** A kept secret in DATA_DIR/secret, if there is one long enough. */
function keptSecret(dataDir: string): string | undefined {
  try {
    const kept = readFileSync(join(dataDir, 'secret'), 'utf8').trim();
    return kept.length >= 32 ? kept : undefined;
  } catch {
    return undefined; // none kept yet
  }
}

function newSecret(): string {
  return randomBytes(48).toString('base64url');
}

/** PGlite without SECRET: the one kept in DATA_DIR/secret, else a new one kept there. */
function dataDirSecret(dataDir: string): string {
  const kept = keptSecret(dataDir);
  if (kept) return kept;
  mkdirSync(dataDir, { recursive: true });
  const secret = newSecret();
  writeFileSync(join(dataDir, 'secret'), `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** The row of app_secret that holds the signing secret. */
export const SIGNING_SECRET_NAME = 'signing';

/** How the secret was settled, for the start-up log (never the secret itself). */
export interface SettledSecret {
  secret: string;
  source: SecretSource;
  /**
   * `database` only: this process stored it (`new`, or `data-dir`: the one its DATA_DIR/secret
   * held), or found it stored (`found`).
   */
  stored?: 'new' | 'data-dir' | 'found';
  /** `database` only: DATA_DIR/secret holds another secret, which is not used. */
  dataDirDiffers?: boolean;
}

/**
 * The signing secret the app is built with. SECRET and PGlite's DATA_DIR/secret are known from
 * loadConfig. PostgreSQL without SECRET: the first process to start stores one in app_secret and
 * every other reads the same (the insert does nothing when a row is there, so processes starting
 * at once agree on whichever came first; main.ts runs this after the migrations, under the
 * start-up lock). What it stores is the secret an existing DATA_DIR/secret holds, so a deployment
 * that ran on PostgreSQL before keeps its sessions, else a new one.
 */
export async function settleSecret(config: LoadedConfig, db: Db): Promise<SettledSecret> {
  if (config.secretSource !== 'database') {
    return { secret: config.secret, source: config.secretSource };
  }
  const kept = keptSecret(config.dataDir);
  const inserted = await db
    .insert(appSecrets)
    .values({ name: SIGNING_SECRET_NAME, value: kept ?? newSecret() })
    .onConflictDoNothing()
    .returning({ name: appSecrets.name });
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, SIGNING_SECRET_NAME));
  if (!row || row.value.length < 32) {
    throw new ConfigError([
      `app_secret: der gespeicherte Schlüssel „${SIGNING_SECRET_NAME}“ fehlt oder hat weniger als 32 Zeichen`,
    ]);
  }
  return {
    secret: row.value,
    source: 'database',
    stored: inserted.length === 0 ? 'found' : kept ? 'data-dir' : 'new',
    ...(kept !== undefined && kept !== row.value ? { dataDirDiffers: true } : {}),
  };
}

/** http://localhost:3000 for HOST 0.0.0.0 / :: (every interface), else the host itself. */
export function listeningOrigin(host: string, port: number): string {
  const wildcard = host === '0.0.0.0' || host === '::' || host === '[::]';
  const name = wildcard ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/**
 * Reads and checks the environment. The secret: SECRET; else with PGlite DATA_DIR/secret (made
 * now if missing); else (PostgreSQL) it comes from the database, see settleSecret.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): LoadedConfig {
  // Empty strings count as unset, as in most .env tooling.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`);
  if (cleaned.NODE_ENV === 'production' && !cleaned.PUBLIC_URL) {
    problems.push(
      'PUBLIC_URL: in Produktion erforderlich (z. B. https://www.example.de), denn Links in E-Mails dürfen nicht vom Host-Header der Anfrage abhängen',
    );
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const config: Omit<Config, 'secret'> = {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    logLevel: e.LOG_LEVEL,
    distDir: resolve(e.DIST_DIR),
    rolePrefix: e.ROLE_PREFIX,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    seedDemoUsers:
      e.SEED_DEMO_USERS === undefined
        ? e.NODE_ENV !== 'production'
        : e.SEED_DEMO_USERS === 'true' || e.SEED_DEMO_USERS === '1',
    publicUrl: e.PUBLIC_URL ?? listeningOrigin(e.HOST, e.PORT),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    renderCacheBytes: e.RENDER_CACHE_BYTES,
  };
  if (e.SECRET) return { ...config, secretSource: 'environment', secret: e.SECRET };
  if (e.DATABASE_URL) return { ...config, secretSource: 'database' };
  return { ...config, secretSource: 'data-dir', secret: dataDirSecret(dataDir) };
}
