/**
 * The soak's clients: every request goes to one of the server processes that are up (as a load
 * balancer would send it), is recorded (kind, process, status, Retry-After, timing), and a
 * visitor behaves like the browser app: its own cookie jar and client address (X-Forwarded-For,
 * TRUST_PROXY=1), the CSRF header from the ok_csrf cookie with one retry after a 403 that renewed
 * the pair (as apiFetch does), and the JWT from /api/account/anmelden-cookie as bearer token
 * (docs/decisions/008).
 */
import { randomInt } from 'node:crypto';
import type { ServerProcess } from './servers';

export interface Sample {
  kind: string;
  server: string;
  method: string;
  path: string;
  /** 0: no answer (connection refused or reset, timeout). */
  status: number;
  error?: string;
  retryAfter?: string;
  start: number;
  end: number;
  /** A logged-in visitor's request (bearer token sent). */
  authenticated: boolean;
  /** The client gave up on purpose (a dropped answer it then retries): not the server's fault. */
  deliberate?: boolean;
}

/** Where requests go, and the record of every one of them. */
export class Net {
  readonly samples: Sample[] = [];
  /** Names of the processes a balancer would send to now. */
  readonly up = new Set<string>();
  /**
   * A process refused a session or CSRF pair another process (or it itself) had just handed out:
   * a 403 after the renewed pair, or a 401 with a token minutes old.
   */
  readonly refusals: { at: number; what: string }[] = [];
  /** Set when the traffic ends: flows finish what they do and start nothing new. */
  stopping = false;

  constructor(readonly servers: readonly ServerProcess[]) {}

  pick(prefer?: string): ServerProcess {
    const up = this.servers.filter((s) => this.up.has(s.spec.name));
    const pool = up.length > 0 ? up : this.servers;
    if (prefer) {
      const preferred = pool.find((s) => s.spec.name === prefer);
      if (preferred) return preferred;
    }
    return pool[randomInt(pool.length)] ?? (this.servers[0] as ServerProcess);
  }

  /** Another process than `name`, if one is up (a retry after a lost answer goes elsewhere). */
  other(name: string): ServerProcess {
    const others = this.servers.filter((s) => s.spec.name !== name && this.up.has(s.spec.name));
    return others[randomInt(Math.max(1, others.length))] ?? this.pick();
  }
}

interface Cookie {
  value: string;
  path: string;
}

/** A browser's cookies: name → value and path; expired ones are dropped. */
export class CookieJar {
  private readonly cookies = new Map<string, Cookie>();

  get(name: string): string | undefined {
    return this.cookies.get(name)?.value;
  }

  /** The Cookie header for a request path (RFC 6265 §5.1.4 path match). */
  header(path: string): string {
    const matches = (cookiePath: string) =>
      cookiePath === '/' ||
      path === cookiePath ||
      path.startsWith(cookiePath.endsWith('/') ? cookiePath : `${cookiePath}/`);
    return [...this.cookies]
      .filter(([, c]) => matches(c.path))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }

  store(setCookies: readonly string[]): void {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      let path = '/';
      let expired = value === '';
      for (const attribute of attributes) {
        const [key = '', val = ''] = attribute.split('=').map((s) => s.trim());
        const lower = key.toLowerCase();
        if (lower === 'path') path = val || '/';
        if (lower === 'max-age' && Number(val) <= 0) expired = true;
        if (lower === 'expires' && Date.parse(val) < Date.now()) expired = true;
      }
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, { value, path });
    }
  }
}

export interface Answer {
  status: number;
  server: string;
  headers: Headers | undefined;
  body: string;
  error?: string;
}

export function jsonOf<T>(answer: Answer): T | undefined {
  try {
    return JSON.parse(answer.body) as T;
  } catch {
    return undefined;
  }
}

export interface CallOptions {
  json?: unknown;
  form?: Record<string, string>;
  accept?: string;
  /** Send the CSRF header (state-changing API calls). */
  csrf?: boolean;
  /** Send to this process (a retry on the same one). */
  server?: string;
  timeoutMs?: number;
  /** Anonymous: no cookies at all (a cached public page as a first-time visitor gets it). */
  anonymous?: boolean;
}

const DEFAULT_TIMEOUT_MS = 20_000;

/** A client address per visitor: every abuse limit counts per address (README). */
function randomAddress(): string {
  return `10.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** The JWT's payload without verifying it (the client only reads its own claims). */
export function claimsOf(token: string): Record<string, unknown> {
  try {
    const payload = token.split('.')[1] ?? '';
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
  } catch {
    return {};
  }
}

export class Visitor {
  readonly jar = new CookieJar();
  readonly address = randomAddress();
  token: string | undefined;
  userId: number | undefined;

  constructor(readonly net: Net) {}

  async call(kind: string, method: string, path: string, opts: CallOptions = {}): Promise<Answer> {
    const server = this.net.pick(opts.server);
    const name = server.spec.name;
    const headers: Record<string, string> = {
      'x-forwarded-for': this.address,
      'accept-encoding': 'gzip, br',
      accept: opts.accept ?? 'application/json',
      'user-agent': 'oelkompass-soak',
    };
    let body: string | undefined;
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(opts.form).toString();
    }
    if (!opts.anonymous) {
      const cookie = this.jar.header(path.split('?')[0] ?? path);
      if (cookie) headers.cookie = cookie;
      if (this.token) headers.authorization = `Bearer ${this.token}`;
      const csrf = this.jar.get('ok_csrf');
      if (opts.csrf && csrf) headers.requestverificationtoken = csrf;
    }
    const start = Date.now();
    const sample: Sample = {
      kind,
      server: name,
      method,
      path,
      status: 0,
      start,
      end: start,
      authenticated: !opts.anonymous && this.token !== undefined,
    };
    this.net.samples.push(sample);
    try {
      const response = await fetch(`${server.base}${path}`, {
        method,
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
      const text = await response.text();
      sample.status = response.status;
      sample.end = Date.now();
      const retryAfter = response.headers.get('retry-after');
      if (retryAfter !== null) sample.retryAfter = retryAfter;
      if (!opts.anonymous) this.jar.store(response.headers.getSetCookie());
      return { status: response.status, server: name, headers: response.headers, body: text };
    } catch (error) {
      sample.end = Date.now();
      sample.error = errorCode(error);
      if (opts.timeoutMs !== undefined && opts.timeoutMs < DEFAULT_TIMEOUT_MS) {
        sample.deliberate = sample.error === 'timeout';
      }
      return { status: 0, server: name, headers: undefined, body: '', error: sample.error };
    }
  }

  /** An API call as apiFetch makes it: CSRF header, one retry after a renewed pair. */
  async api(kind: string, method: string, path: string, opts: CallOptions = {}): Promise<Answer> {
    const changes = method !== 'GET' && method !== 'HEAD';
    if (changes && !this.jar.get('ok_csrf')) await this.call('csrf', 'GET', '/session/csrf');
    const first = await this.call(kind, method, path, { ...opts, csrf: changes });
    if (first.status === 403 && first.headers?.get('x-csrf-renewed') === '1') {
      const second = await this.call(`${kind}`, method, path, { ...opts, csrf: changes });
      if (second.status === 403) {
        this.net.refusals.push({
          at: Date.now(),
          what: `${kind}: 403 nach erneuertem CSRF-Paar (${first.server}→${second.server})`,
        });
      }
      return second;
    }
    return first;
  }

  /** The legacy page's form value of the CSRF field (the cookie's value, as the page wrote it). */
  private static formToken(html: string): string | undefined {
    return /name="__RequestVerificationToken" value="([^"]*)"/.exec(html)?.[1];
  }

  /** Opens a legacy form page and posts it; the answer of the POST. */
  async legacyForm(
    kind: string,
    path: string,
    fields: Record<string, string>,
  ): Promise<Answer | undefined> {
    const page = await this.call(`${kind}-page`, 'GET', path, { accept: 'text/html' });
    if (page.status !== 200) return undefined;
    const token = Visitor.formToken(page.body) ?? this.jar.get('ok_csrf') ?? '';
    const answer = await this.call(kind, 'POST', path, {
      accept: 'text/html',
      form: { ...fields, __RequestVerificationToken: token },
    });
    // The page's own value refused by the process the form went to: the pair is not shared.
    if (answer.status === 403) {
      this.net.refusals.push({
        at: Date.now(),
        what: `${kind}: Formular 403 mit dem Wert der Seite (${page.server}→${answer.server})`,
      });
    }
    return answer;
  }

  /** After the legacy page signed in: the app's token for the session (decision 008). */
  async tokenLogin(): Promise<boolean> {
    const answer = await this.api('token', 'POST', '/api/account/anmelden-cookie', {
      json: { Type: 'legacy', AuthCookieValue: '' },
    });
    const body = jsonOf<{ success: boolean; token: string | null }>(answer);
    if (answer.status !== 200 || !body?.success || !body.token) return false;
    this.token = body.token;
    const id = Number(claimsOf(body.token).id);
    this.userId = Number.isSafeInteger(id) ? id : undefined;
    return true;
  }

  /** A new token for the same session (the app's refresh call), e.g. after a 401. */
  async refresh(): Promise<boolean> {
    const answer = await this.api('token', 'POST', '/api/account/v2/get/token', {
      json: { CurrentToken: this.token ?? '' },
    });
    const body = jsonOf<{ success: boolean; token: string | null }>(answer);
    if (answer.status !== 200 || !body?.success || !body.token) return false;
    this.token = body.token;
    return true;
  }

  /**
   * A guarded API call of a logged-in customer. A 401 with a token the server itself issued
   * moments ago means a process refused another's session: recorded, then the app's way out
   * (refresh, once) so the flow can go on.
   */
  async authed(
    kind: string,
    method: string,
    path: string,
    opts: CallOptions = {},
  ): Promise<Answer> {
    // The app refreshes before the token runs out; a soak longer than its 15 minutes does too.
    const exp = Number(claimsOf(this.token ?? '').exp);
    if (this.token && Number.isFinite(exp) && exp * 1000 < Date.now() + 60_000) {
      await this.refresh();
    }
    const answer = await this.api(kind, method, path, opts);
    if (answer.status !== 401 || !this.token) return answer;
    this.net.refusals.push({
      at: Date.now(),
      what: `${kind}: 401 mit frischem Token (${answer.server})`,
    });
    if (!(await this.refresh())) return answer;
    return this.api(kind, method, path, opts);
  }
}

function errorCode(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'timeout';
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? error.message;
  }
  return String(error);
}
