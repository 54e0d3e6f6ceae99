/**
 * Typed access to the guideProgress table (SPEC §4 Guide: answers per guide id, the compare
 * result and the selected information id, restored on load). What no longer fits the contract
 * is dropped on read, so a changed guide or result shape never breaks the page. Storage failures
 * become a StorageError the UI can show.
 */
import { CompareResultSchema, type CompareResult } from '../api/contract/leads';
import { db } from './db';
import { storage } from './errors';

export interface GuideProgress {
  guideId: number;
  /** Step id → input key → value. */
  stepValues: Record<number, Record<string, string>>;
  compareResult: CompareResult | null;
  compareAnswersKey: string | null;
  selectedInformationId: number | null;
  /** `${countryId}:${zip}` → exists. */
  zipChecks: Record<string, boolean>;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function parseStepValues(raw: unknown): GuideProgress['stepValues'] {
  const result: GuideProgress['stepValues'] = {};
  if (!isRecord(raw)) return result;
  for (const [stepId, values] of Object.entries(raw)) {
    const id = Number(stepId);
    if (!Number.isInteger(id) || !isRecord(values)) continue;
    const kept: Record<string, string> = {};
    for (const [key, value] of Object.entries(values)) {
      if (typeof value === 'string') kept[key] = value;
    }
    result[id] = kept;
  }
  return result;
}

function parseZipChecks(raw: unknown): Record<string, boolean> {
  if (!isRecord(raw)) return {};
  return Object.fromEntries(
    Object.entries(raw).filter((e): e is [string, boolean] => typeof e[1] === 'boolean'),
  );
}

/** A stored row (or the same shape from elsewhere, e.g. a journal copy) checked field by field. */
export function parseGuideProgress(guideId: number, raw: unknown): GuideProgress | undefined {
  if (!isRecord(raw)) return undefined;
  const result =
    raw.compareResult == null ? null : CompareResultSchema.safeParse(raw.compareResult);
  return {
    guideId,
    stepValues: parseStepValues(raw.stepValues),
    compareResult: result?.success ? result.data : null,
    compareAnswersKey:
      result?.success && typeof raw.compareAnswersKey === 'string' ? raw.compareAnswersKey : null,
    selectedInformationId:
      typeof raw.selectedInformationId === 'number' ? raw.selectedInformationId : null,
    zipChecks: parseZipChecks(raw.zipChecks),
  };
}

export function readGuideProgress(guideId: number): Promise<GuideProgress | undefined> {
  return storage(async () => {
    const row = await db.guideProgress.get(guideId);
    return row ? parseGuideProgress(guideId, row) : undefined;
  });
}

export function writeGuideProgress(progress: GuideProgress, savedAt: number): Promise<void> {
  return storage(async () => {
    await db.guideProgress.put({ ...progress, savedAt });
  });
}

export function clearGuideProgress(guideId: number): Promise<void> {
  return storage(async () => {
    await db.guideProgress.delete(guideId);
  });
}
