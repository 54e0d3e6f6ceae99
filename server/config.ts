/**
 * Every environment variable the server reads, parsed once with zod.
 * A bad value stops start-up with a list of every problem.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

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
  // docs/decisions/008: access token lifetime, 15 minutes.
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(10, 'mindestens 10 Sekunden')
    .max(86400, 'höchstens 86400 Sekunden (1 Tag)')
    .default(900),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'muss mit smtp:// oder smtps:// beginnen')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Ölkompass <noreply@oelkompass.invalid>'),
  SEED_DEMO_USERS: z.enum(['true', 'false', '1', '0']).optional(),
  // Origin of links in e-mails (password reset). Without it the request's Host header is used,
  // which a client controls: set it in production.
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+$/, 'muss ein Origin wie https://www.example.de sein (ohne / am Ende)')
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  nodeEnv: Env['NODE_ENV'];
  port: number;
  host: string;
  /** Set: node-postgres against this server. Unset: PGlite in `${dataDir}/db`. */
  databaseUrl: string | undefined;
  dataDir: string;
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
  publicUrl: string | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Ungültige Konfiguration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads SECRET from the environment, else from DATA_DIR/secret, else creates and keeps one there. */
function resolveSecret(explicit: string | undefined, dataDir: string): string {
  if (explicit) return explicit;
  const file = join(dataDir, 'secret');
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  } catch {
    // no secret kept yet: create one below
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as unset, as in most .env tooling.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`),
    );
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    secret: resolveSecret(e.SECRET, dataDir),
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
    publicUrl: e.PUBLIC_URL,
  };
}
