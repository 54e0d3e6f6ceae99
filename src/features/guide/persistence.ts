/**
 * Saving the guide (SPEC §4: answers per guide id, the compare result and the selected
 * information id, restored on load). Dexie loads on demand, off the first download. No consent
 * gate, unlike the calculator's preferences: keeping what the visitor typed into the
 * questionnaire they are filling in is the function they asked for, and it never leaves the
 * browser (the lead form, which does send data, asks separately).
 */
import type { GuideProgress } from '../../db/guide-progress';

const loadDb = () => import('../../db');

export async function loadProgress(guideId: number): Promise<GuideProgress | undefined> {
  const { readGuideProgress } = await loadDb();
  return readGuideProgress(guideId);
}

export async function saveProgress(
  progress: GuideProgress,
  now: () => number = Date.now,
): Promise<void> {
  const { writeGuideProgress } = await loadDb();
  await writeGuideProgress(progress, now());
}
