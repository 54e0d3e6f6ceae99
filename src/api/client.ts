/**
 * apiFetch: the one way the app talks to /api (SPEC §7 "All requests send credentials, a bearer
 * token when the expiration cookie is still valid, and a request-verification header from the
 * CSRF token"). The session feature fills the token hooks; the app shell wires the loading bar.
 * Responses are parsed with the contract's zod schema, so a wrong shape is an error here and
 * never reaches a component.
 */
import { drainBody } from './drain';
import type { z } from 'zod/mini';
import { reportAnswer, reportNoAnswer } from './connection';
import { API_DEADLINE_MS, deadline, WRITE_DEADLINE_MS } from './deadline';
import { CSRF_RENEWED_HEADER } from './contract/account-constants';
import type { ApiError as ApiErrorBody } from './contract/common';

export interface FetchHooks {
  /** A bearer token, or undefined when there is no valid session. */
  getBearerToken?: () => string | undefined;
  /** The CSRF token for the request-verification header. */
  getVerificationToken?: () => string | undefined;
  /**
   * Runs before a state-changing request (not GET); a promise is awaited, so the session can
   * fetch the CSRF cookie first when there is none yet.
   */
  beforeStateChange?: () => Promise<void> | undefined;
  onRequestStart?: () => void;
  onRequestEnd?: (ok: boolean) => void;
}

export const VERIFICATION_HEADER = 'RequestVerificationToken';

const hooks: FetchHooks = {};

/** Sets or replaces hooks; returns a function that removes exactly these. */
export function setFetchHooks(next: FetchHooks): () => void {
  Object.assign(hooks, next);
  return () => {
    for (const key of Object.keys(next) as (keyof FetchHooks)[]) {
      if (hooks[key] === next[key]) delete hooks[key];
    }
  };
}

/** The server answered with a non-2xx status. `message` is the server's German text. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: { path: string; message: string }[] = [],
    /** The answer's JSON as sent (e.g. a 409's Reason and free delivery days), unchecked. */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** No answer at all (offline, DNS, aborted connection). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Keine Verbindung zum Server. Bitte prüfen Sie Ihre Internetverbindung.', { cause });
    this.name = 'NetworkError';
  }
}

/** The answer does not match the contract. */
export class ContractError extends Error {
  constructor(path: string, cause: unknown) {
    super(`Unerwartete Antwort von ${path}.`, { cause });
    this.name = 'ContractError';
  }
}

export interface ApiFetchOptions<S extends z.ZodMiniType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /**
   * The response schema, or a loader for it: a loader runs while the request is on the wire, so
   * a page can keep the contract's schemas (and zod) off its first download at no latency cost.
   */
  schema: S | (() => Promise<S>);
  signal?: AbortSignal;
  /**
   * How long the request may take, answer and body, before it counts as no answer (
   * src/api/deadline.ts says how the default was chosen).
   */
  deadlineMs?: number;
  /** Background requests (polling) do not move the loading bar. */
  silent?: boolean;
  /**
   * false: a POST that reads (a check, a calculation), which the server answers without the
   * CSRF header, so it never waits for the browser's CSRF cookie (an anonymous page carries
   * none since pages are shared; the first such call would wait a round trip for /session/csrf).
   */
  csrf?: boolean;
}

/**
 * The { message, issues } body of an /api error, checked by hand: this runs on every page, and
 * a zod schema here would put zod on the first download of every route.
 */
function errorBodyOf(payload: unknown): ApiErrorBody | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { message, issues } = payload as { message?: unknown; issues?: unknown };
  if (typeof message !== 'string') return undefined;
  const validIssues = Array.isArray(issues)
    ? issues.filter(
        (i): i is { path: string; message: string } =>
          typeof i === 'object' &&
          i !== null &&
          typeof (i as { path?: unknown }).path === 'string' &&
          typeof (i as { message?: unknown }).message === 'string',
      )
    : undefined;
  return validIssues ? { message, issues: validIssues } : { message };
}

/** The address apiFetch asks for `path` with `query` (the worker's caches are keyed by it). */
export function apiUrl(path: string, query?: ApiFetchOptions<z.ZodMiniType>['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export async function apiFetch<S extends z.ZodMiniType>(
  path: string,
  options: ApiFetchOptions<S>,
): Promise<z.infer<S>> {
  const {
    method = 'GET',
    body,
    query,
    signal,
    silent = false,
    csrf = method !== 'GET',
    // A reading request (GET, or a POST that reads: no CSRF) gets the shorter deadline.
    deadlineMs = csrf ? WRITE_DEADLINE_MS : API_DEADLINE_MS,
  } = options;
  const schemaReady: Promise<S> =
    typeof options.schema === 'function' ? options.schema() : Promise.resolve(options.schema);
  // Handled here at once: when the request fails too, nobody awaits the loader, and its own
  // failure (the schema's chunk did not load: offline before the service worker had it) was an
  // unhandled rejection in the page. Awaited below, it still throws.
  schemaReady.catch(() => undefined);
  if (csrf) {
    const pending = hooks.beforeStateChange?.();
    if (pending) await pending;
  }
  const limit = deadline(deadlineMs, signal);
  let ok = false;
  const send = () => {
    const headers = new Headers({ Accept: 'application/json' });
    if (body !== undefined) headers.set('Content-Type', 'application/json');
    const bearer = hooks.getBearerToken?.();
    if (bearer) headers.set('Authorization', `Bearer ${bearer}`);
    const verification = hooks.getVerificationToken?.();
    if (verification) headers.set(VERIFICATION_HEADER, verification);
    return fetch(apiUrl(path, query), {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: limit.signal,
    });
  };
  /** No answer (none at all, or none within the deadline); a cancel by the caller is rethrown. */
  const noAnswer = (error: unknown): Error => {
    if (signal?.aborted && !limit.expired()) {
      ok = true; // cancelled on purpose: not a failure for the loading bar
      return error instanceof Error ? error : new Error(String(error));
    }
    reportNoAnswer();
    return new NetworkError(error);
  };

  if (!silent) hooks.onRequestStart?.();
  try {
    let response: Response;
    try {
      response = await send();
      // The server refused our CSRF value and set a new pair (an old value, another browser id):
      // once more with the new one. A cross-site page can not get this far (docs/decisions/008).
      if (response.status === 403 && response.headers.get(CSRF_RENEWED_HEADER) === '1') {
        await drainBody(response); // the refusal read, so its connection is free again
        response = await send();
      }
    } catch (error) {
      throw noAnswer(error);
    }
    reportAnswer();
    let payload: unknown;
    try {
      payload = await response.json();
    } catch (error) {
      // The body stopped coming (the deadline, a dropped connection): as good as no answer.
      if (limit.signal.aborted) throw noAnswer(error);
      payload = undefined; // an answer that is no JSON (a proxy's error page)
    }
    if (!response.ok) {
      const body = errorBodyOf(payload);
      throw new ApiError(
        response.status,
        body?.message ?? `Fehler ${response.status}`,
        body?.issues ?? [],
        payload,
      );
    }
    let schema: S;
    try {
      schema = await schemaReady;
    } catch (error) {
      // The answer came, the code to read it did not: as good as no answer.
      throw new NetworkError(error);
    }
    const parsed = schema.safeParse(payload);
    if (!parsed.success) throw new ContractError(path, parsed.error);
    ok = true;
    return parsed.data;
  } finally {
    limit.done();
    if (!silent) hooks.onRequestEnd?.(ok);
  }
}
