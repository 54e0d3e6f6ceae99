/**
 * SPEC §4 task queue: it starts frozen; tasks added meanwhile wait and run in order when it is
 * released; once released, new tasks run at once; reset() freezes it again. The session releases
 * it when the initial-load rule has settled, so work that needs to know who is logged in (an
 * order prefill, a favourite) waits for that instead of guessing.
 */
type Job = () => void;

export class TaskQueue {
  private frozen = true;
  private waiting: Job[] = [];

  get isFrozen(): boolean {
    return this.frozen;
  }

  /** Runs `task` now (released) or when released; the promise settles with its outcome. */
  add<T>(task: () => T | Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const job = () => {
        try {
          Promise.resolve(task()).then(resolve, reject);
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      };
      if (this.frozen) this.waiting.push(job);
      else job();
    });
  }

  release(): void {
    this.frozen = false;
    const jobs = this.waiting;
    this.waiting = [];
    for (const job of jobs) job();
  }

  /** Freezes again; tasks still waiting stay queued for the next release. */
  reset(): void {
    this.frozen = true;
  }
}
