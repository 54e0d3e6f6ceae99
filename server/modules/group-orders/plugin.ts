/**
 * `app.groupOrders`, the deps of the group-orders use cases, and the closing job (close.ts) on the
 * app's queue.
 */
import fp from 'fastify-plugin';
import { CLOSING_FAILED_REASON, closeGroup, failGroup } from './close';
import { GROUP_CLOSE_JOB, type GroupDeps } from './model';

declare module 'fastify' {
  interface FastifyInstance {
    groupOrders: GroupDeps;
  }
}

export interface GroupOrdersOptions {
  /** Clock (tests). */
  now?: () => Date;
}

/** The deps and the closing job on the app's queue (which ticks in server processes only). */
export const groupOrdersPlugin = fp<GroupOrdersOptions>(
  async (app, opts) => {
    const deps: GroupDeps = {
      db: app.db,
      calculation: app.calculation,
      jobs: app.jobs,
      absoluteUrl: (path) => app.absoluteUrl(path),
      now: opts.now,
    };
    app.decorate('groupOrders', deps);
    app.jobs.register(
      GROUP_CLOSE_JOB,
      async ({ key }) => {
        const summary = await closeGroup(deps, Number(key));
        app.log.info({ group: key, ...summary }, 'group order closed');
      },
      {
        // A closing that can not be done (every attempt threw, or its process died on the last):
        // the households must not wait for a group that stays "closing".
        onFailed: async ({ key }, error) => {
          const summary = await failGroup(deps, Number(key), CLOSING_FAILED_REASON);
          app.log.error({ group: key, error, ...summary }, 'group order closing failed for good');
        },
      },
    );
  },
  { name: 'group-orders', dependencies: ['database', 'jobs', 'calculation', 'public-url'] },
);
