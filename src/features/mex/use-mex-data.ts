/**
 * The dashboard's answers with their offline fallback: the network first; when it
 * fails without an answer (offline, a server error), the owner's last copy with its age. Every
 * good answer is kept as the next copy (offline.ts).
 */
import { z } from 'zod/mini';
import { ApiError } from '../../api/client';
import {
  MexDashboardSchema,
  MexReadingsSchema,
  type MexDashboard,
  type MexRange,
  type MexReadings,
} from '../../api/contract/mex';
import { useResource } from '../../ui/use-resource';
import { fetchDashboard, fetchReadings } from './api';
import { keepCopy, readCopy } from './offline';

export type Loaded<T> =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  /** `offlineSince`: the copy's time (ISO) when this is an offline copy, else null. */
  | { status: 'ready'; data: T; offlineSince: string | null };

/** A refusal (4xx) is an answer: no copy stands in for it. */
const copyMayStandIn = (error: unknown) => !(error instanceof ApiError && error.status < 500);

const ReadingsCopySchema = z.object({ SavedAt: z.string(), Readings: MexReadingsSchema });

/** The app's resource hook (src/ui/use-resource.ts) in the dashboard's shape. */
function useLoaded<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<{ data: T; offlineSince: string | null }>,
): Loaded<T> {
  // Rendered in the browser (a page behind a login): no server-rendered value under this key.
  const resource = useResource(`mex:${key}`, key, load);
  if (resource.status === 'ready') return { status: 'ready', ...resource.data };
  if (resource.status === 'error') return { status: 'error', retry: resource.retry };
  return { status: 'loading' };
}

export function useDashboard(userId: string): Loaded<MexDashboard> {
  return useLoaded(`dashboard:${userId}`, async (signal) => {
    try {
      const data = await fetchDashboard(signal);
      keepCopy(userId, 'dashboard', data);
      return { data, offlineSince: null };
    } catch (error) {
      if (signal.aborted || !copyMayStandIn(error)) throw error;
      const copy = await readCopy(userId, 'dashboard', MexDashboardSchema);
      if (!copy) throw error;
      return { data: copy, offlineSince: copy.GeneratedAt };
    }
  });
}

export function useReadings(
  userId: string,
  sensorId: number,
  range: MexRange,
): Loaded<MexReadings> {
  const part = `readings:${sensorId}:${range}`;
  return useLoaded(`${userId}:${part}`, async (signal) => {
    try {
      const data = await fetchReadings(sensorId, range, signal);
      keepCopy(userId, part, { SavedAt: new Date().toISOString(), Readings: data });
      return { data, offlineSince: null };
    } catch (error) {
      if (signal.aborted || !copyMayStandIn(error)) throw error;
      const copy = await readCopy(userId, part, ReadingsCopySchema);
      if (!copy) throw error;
      return { data: copy.Readings, offlineSince: copy.SavedAt };
    }
  });
}
