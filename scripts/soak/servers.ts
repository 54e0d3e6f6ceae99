/**
 * The server processes of a soak: `node --import tsx server/main.ts` itself, never npm or npx, so
 * a SIGKILL hits the server and not a wrapper that leaves it running (TOOLCHAIN.md gotcha 8).
 * Each has its own port and DATA_DIR and appends its output to one log file across restarts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ServerSpec {
  name: string;
  port: number;
  dataDir: string;
  logFile: string;
}

export interface Exit {
  name: string;
  pid: number;
  code: number | null;
  signal: NodeJS.Signals | null;
  at: number;
  /** We killed or stopped it; anything else is a crash. */
  expected: boolean;
}

export class ServerProcess {
  child: ChildProcess | undefined;
  /** Every pid this server had, in order (the job table names workers by pid). */
  readonly pids: number[] = [];
  private expecting = false;

  constructor(
    readonly spec: ServerSpec,
    private readonly root: string,
    private readonly env: Readonly<Record<string, string>>,
    private readonly onExit: (exit: Exit) => void,
  ) {}

  get base(): string {
    return `http://127.0.0.1:${this.spec.port}`;
  }

  get running(): boolean {
    return (
      this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null
    );
  }

  start(): void {
    mkdirSync(this.spec.dataDir, { recursive: true });
    const log = openSync(this.spec.logFile, 'a');
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries(process.env)) {
      if (value !== undefined) env[key] = value;
    }
    // The processes must share one secret through the database, so none may come from outside.
    delete env.SECRET;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: this.root,
      env: { ...env, ...this.env, PORT: String(this.spec.port), DATA_DIR: this.spec.dataDir },
      stdio: ['ignore', log, log],
    });
    closeSync(log);
    this.child = child;
    this.expecting = false;
    if (child.pid !== undefined) this.pids.push(child.pid);
    child.once('exit', (code, signal) => {
      this.onExit({
        name: this.spec.name,
        pid: child.pid ?? 0,
        code,
        signal,
        at: Date.now(),
        expected: this.expecting,
      });
    });
  }

  /** SIGKILL: no shutdown hook runs, leases and connections are left as they are. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    this.expecting = true;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  /** SIGTERM (graceful), SIGKILL after `graceMs`. */
  async stop(graceMs = 10_000): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    this.expecting = true;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  }

  /** Synchronous last resort (process 'exit' handler): no waiting possible there. */
  killNow(): void {
    if (this.child && this.running) {
      this.expecting = true;
      this.child.kill('SIGKILL');
    }
  }

  async waitHealthy(timeoutMs: number): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      if (!this.running) {
        throw new Error(`Server ${this.spec.name} beendet:\n${this.logTail(30)}`);
      }
      try {
        const response = await fetch(`${this.base}/api/health`, {
          signal: AbortSignal.timeout(2000),
        });
        if (response.ok) return Date.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(
      `Server ${this.spec.name} nach ${timeoutMs / 1000} s nicht gesund:\n${this.logTail(30)}`,
    );
  }

  logTail(lines: number): string {
    try {
      return readFileSync(this.spec.logFile, 'utf8').split('\n').slice(-lines).join('\n');
    } catch {
      return '(kein Log)';
    }
  }
}

export function serverSpecs(tempDir: string, ports: readonly number[]): ServerSpec[] {
  return ports.map((port, i) => {
    const name = String.fromCharCode(65 + i);
    return {
      name,
      port,
      dataDir: join(tempDir, `server-${name}`),
      logFile: join(tempDir, `server-${name}.log`),
    };
  });
}
