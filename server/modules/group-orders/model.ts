/**
 * What the group-orders files share: the deps, the result of a use case, and the rules of a group's
 * state (docs/decisions/022). The closing job's name is here because the start queues it
 * (service.ts) and close.ts handles it.
 */
import type { CalculatorConfig } from '../../../src/api/contract/calculation';
import type { ApiError } from '../../../src/api/contract/common';
import { GROUP_RULES, type GroupState } from '../../../src/api/contract/group-orders';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs';
import type { CalculationDeps } from '../calculation';
import type { MailLink } from './mails';
import type { GroupRow, MemberRow } from './repo';

export const GROUP_CLOSE_JOB = 'group-order-close';

export interface GroupDeps {
  db: Db;
  calculation: CalculationDeps;
  jobs: Pick<JobQueue, 'enqueueIn' | 'dueNowIn' | 'runSoon'>;
  absoluteUrl: MailLink;
  now?: () => Date;
}

type Status = 400 | 403 | 404 | 409;
export type Result<T> = { ok: true; value: T } | { ok: false; status: Status; error: ApiError };

export function fail(
  status: Status,
  message: string,
  path?: string,
): { ok: false; status: Status; error: ApiError } {
  return {
    ok: false,
    status,
    error: path ? { message, issues: [{ path, message }] } : { message },
  };
}

export const nowOf = (deps: GroupDeps) => deps.now?.() ?? new Date();

export const templateOf = (group: GroupRow) => group.configuration as CalculatorConfig;

/** The currency of a group's prices: the country's (CHF in Switzerland). */
export const currencyOf = (group: GroupRow): 'CHF' | 'EUR' =>
  group.countryId === 3 ? 'CHF' : 'EUR';

export const pricedOf = (members: readonly MemberRow[]) =>
  members.map((m) => ({ amount: m.amountLitres, paymentParameterId: m.paymentParameterId }));

/** The state a visitor sees: an open group past its deadline is being closed. */
export function shownState(group: GroupRow, now: Date): GroupState {
  const state = group.state as GroupState;
  return state === 'open' && group.deadline <= now ? 'closing' : state;
}

export function joinBlocked(
  group: GroupRow,
  active: readonly MemberRow[],
  now: Date,
): string | null {
  const state = shownState(group, now);
  if (state === 'closing') return 'Die Sammelbestellung wird gerade abgeschlossen.';
  if (state === 'closed') return 'Diese Sammelbestellung ist bereits abgeschlossen.';
  if (state === 'cancelled' || state === 'failed') {
    return 'Diese Sammelbestellung findet nicht statt.';
  }
  if (active.length >= GROUP_RULES.MAX_HOUSEHOLDS) {
    return `Die Sammelbestellung ist voll: höchstens ${GROUP_RULES.MAX_HOUSEHOLDS} Haushalte.`;
  }
  const total = active.reduce((sum, m) => sum + m.amountLitres, 0);
  if (GROUP_RULES.TOTAL_MAX - total < GROUP_RULES.AMOUNT_MIN) {
    return 'Die Sammelbestellung hat die größte Liefermenge eines Tankwagens erreicht.';
  }
  return null;
}
