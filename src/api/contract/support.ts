/**
 * Support area calls for impersonation (SPEC §6 impersonate-support; the support user list page
 * /support/user/list). Staff only: the server checks the support guard and CSRF.
 */
import { z } from 'zod/mini';
import { CUSTOMER_ROLES, STAFF_ROLE_NAMES } from './account-constants';
import { idParams, requestCode, requestText, SuccessResponseSchema } from './common';

/** GET /api/support/users?query= */
export const SupportUserSearchQuerySchema = z.object({
  query: z._default(
    requestText(
      'Der Suchbegriff muss als Text angegeben werden.',
      z.maxLength(100, 'Der Suchbegriff ist zu lang (höchstens 100 Zeichen).'),
    ),
    '',
  ),
});
export type SupportUserSearchQuery = z.infer<typeof SupportUserSearchQuerySchema>;

export const SupportUserSchema = z.object({
  Id: z.number(),
  Email: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  /** As stored; staff roles carry the company prefix (compare with src/lib/roles.ts). */
  Roles: z.array(z.string()),
});
export type SupportUser = z.infer<typeof SupportUserSchema>;

/** At most SUPPORT_USER_SEARCH_LIMIT users, matched by e-mail, first or last name. */
export const SupportUserSearchResponseSchema = z.array(SupportUserSchema);
export const SUPPORT_USER_SEARCH_LIMIT = 20;

export const SupportUserParamsSchema = idParams('Die Benutzer-Id');

/** POST /api/support/users/{id}/impersonate: only customers can be impersonated. */
export const ImpersonateParamsSchema = SupportUserParamsSchema;
export const ImpersonateResponseSchema = SuccessResponseSchema;
export type ImpersonateResponse = z.infer<typeof ImpersonateResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Users: detail and edit (/support/benutzer/{id}/bearbeiten). Support guard; roles
// admin only.

/** The salutations the registration offers (legacy form): none, Frau, Herr. */
export const SALUTATIONS = ['', 'Frau', 'Herr'] as const;

/** Letters (any script), combining marks, apostrophe, space, dot and hyphen; as the registration. */
const NAME_PATTERN = /^[\p{L}\p{M}' .-]*$/u;
const EMAIL_PATTERN = /^[^\s@<>"']+@[^\s@<>"']+\.[^\s@<>"']+$/;

/** GET /api/support/users/{id} */
export const SupportUserDetailSchema = z.object({
  Id: z.number(),
  Email: z.string(),
  Title1: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  /** As stored; staff roles carry the company prefix (compare with src/lib/roles.ts). */
  Roles: z.array(z.string()),
  /** false: locked (no login, no refresh). */
  Active: z.boolean(),
  HasMexEnabled: z.boolean(),
  /** ISO 8601. */
  CreatedAt: z.string(),
  /** Only active customer accounts can be impersonated. */
  CanImpersonate: z.boolean(),
  /**
   * Whether the caller may change name, e-mail and lock state: a staff account only an admin
   * (a supporter who could set an admin's e-mail could take the account over).
   */
  CanEdit: z.boolean(),
});
export type SupportUserDetail = z.infer<typeof SupportUserDetailSchema>;

function nameField(label: string) {
  return requestText(
    `${label} muss als Text angegeben werden.`,
    z.maxLength(100, `${label} ist zu lang (höchstens 100 Zeichen).`),
    z.regex(
      NAME_PATTERN,
      `${label} darf nur Buchstaben, Leerzeichen, Punkt, Apostroph und Bindestrich enthalten.`,
    ),
  );
}

/** PUT /api/support/users/{id} */
export const SupportUserUpdateSchema = z.object({
  Title1: z.enum(SALUTATIONS, { error: 'Die Anrede muss leer, „Frau“ oder „Herr“ sein.' }),
  FirstName: nameField('Der Vorname'),
  LastName: nameField('Der Nachname'),
  Email: requestText(
    'Die E-Mail-Adresse muss als Text angegeben werden.',
    z.trim(),
    z.minLength(1, 'Bitte geben Sie eine E-Mail-Adresse an.'),
    z.maxLength(254, 'Die E-Mail-Adresse ist zu lang (höchstens 254 Zeichen).'),
    z.regex(EMAIL_PATTERN, 'Die E-Mail-Adresse ist ungültig.'),
  ),
});
export type SupportUserUpdate = z.infer<typeof SupportUserUpdateSchema>;

/**
 * PUT /api/support/users/{id}/roles (admin guard): role names as in src/lib/roles.ts, customer
 * roles as they are and staff roles without the prefix (the server adds the configured one).
 */
export const SupportUserRolesSchema = z.object({
  Roles: z
    .array(
      z.enum([...CUSTOMER_ROLES, ...STAFF_ROLE_NAMES], {
        error: 'Unbekannte Rolle.',
      }),
      { error: 'Roles muss eine Liste von Rollen sein.' },
    )
    .check(
      z.minLength(1, 'Bitte wählen Sie mindestens eine Rolle.'),
      z.maxLength(20, 'Zu viele Rollen.'),
    ),
});
export type SupportUserRoles = z.infer<typeof SupportUserRolesSchema>;

/** Lock, unlock, reset-password mail. */
export const SupportUserActionResponseSchema = SuccessResponseSchema;

// ---------------------------------------------------------------------------------------------
// Caches (/support/cache; admin guard)

export const CacheSchema = z.object({
  Name: z.string(),
  /** German. */
  Label: z.string(),
  Entries: z.number(),
  /** Age of the oldest entry in seconds; null when the cache is empty. */
  OldestAgeSeconds: z.nullable(z.number()),
  /** Memory the entries take in this process; null when the cache does not count it. */
  Bytes: z.nullable(z.number()),
  /** Share of lookups answered from the cache since the process started (0–1); null: not counted or no lookup yet. */
  HitRate: z.nullable(z.number()),
  /** Last clear in any process (ISO 8601) and by whom (e-mail); null if never. */
  ClearedAt: z.nullable(z.string()),
  ClearedBy: z.nullable(z.string()),
});
export type CacheInfo = z.infer<typeof CacheSchema>;

/** GET /api/support/caches; also the answer of both clear calls (the counts after clearing). */
export const CacheListSchema = z.array(CacheSchema);

/** POST /api/support/caches/{name}/clear, GET …/{name}/history */
export const CacheParamsSchema = z.object({
  name: requestCode(
    'Der Name des Caches muss als Text angegeben werden.',
    60,
    /^[a-z0-9-]+$/,
    'Diesen Cache gibt es nicht.',
  ),
});

// ---------------------------------------------------------------------------------------------
// Jobs (/support/jobs; admin guard): the database job queue (server/jobs/queue.ts) as staff see
// it; a failed job can be run again (POST /api/support/jobs/{Id}/retry).

export const JOB_STATES = ['pending', 'running', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** GET /api/support/jobs answers the newest this many jobs. */
export const JOB_LIST_LIMIT = 100;

/**
 * A pending job this long past its time is late. Each server process asks the queue every 10 s
 * (JOB_TICK_MS in server/jobs/plugin.ts) and a job may wait behind another that runs; two
 * minutes without a run mean no process is taking jobs.
 */
export const JOB_LATE_AFTER_SECONDS = 120;

export const JobSchema = z.object({
  Id: z.number(),
  Name: z.string(),
  /** What this run is for, e.g. the day '2026-11-24'. */
  Key: z.string(),
  State: z.enum(JOB_STATES),
  Attempts: z.number(),
  MaxAttempts: z.number(),
  /** When it is (or was last) due, ISO 8601; a retry moves it. */
  RunAt: z.string(),
  /** While running: until when the claim holds (ISO 8601). */
  LockedUntil: z.nullable(z.string()),
  /** The process that runs or ran it; stays set on done jobs. */
  LockedBy: z.nullable(z.string()),
  LastError: z.nullable(z.string()),
  CreatedAt: z.string(),
  FinishedAt: z.nullable(z.string()),
  /**
   * Seconds after RunAt it ran: done and failed jobs FinishedAt − RunAt (no start time is stored),
   * running jobs and pending jobs past their time Now − RunAt; null for a pending job not yet due.
   */
  LateSeconds: z.nullable(z.number()),
  /** Running with its lease run out (or none): its process died or hangs. */
  Stuck: z.boolean(),
  /** Pending and more than JOB_LATE_AFTER_SECONDS past its time. */
  Late: z.boolean(),
});
export type JobInfo = z.infer<typeof JobSchema>;

/** Over the whole table, not only the jobs listed. */
export const JobCountsSchema = z.object({
  Pending: z.number(),
  Running: z.number(),
  Done: z.number(),
  Failed: z.number(),
  Stuck: z.number(),
  Late: z.number(),
});
export type JobCounts = z.infer<typeof JobCountsSchema>;

/** GET /api/support/jobs: by COALESCE(FinishedAt, RunAt) and id, newest first. */
export const JobListSchema = z.object({
  Jobs: z.array(JobSchema),
  Counts: JobCountsSchema,
  /** The server's clock when it answered (ISO 8601): LateSeconds, Stuck and Late count to it. */
  Now: z.string(),
});
export type JobList = z.infer<typeof JobListSchema>;

/** POST /api/support/jobs/{Id}/retry: a failed job runs again (the answer: the job as now). */
export const JobParamsSchema = idParams('Die Nummer des Auftrags');
