/**
 * Saving the guide (SPEC §4: answers per guide id, the compare result and the selected
 * information id, restored on load). IndexedDB (Dexie, loaded on demand) is the store; because
 * its writes are asynchronous, every change is first copied synchronously into a localStorage
 * journal that is removed once IndexedDB has it. A reload or a closed tab right after a keystroke
 * therefore loses nothing: a journal left behind is newer than the database and wins on load.
 *
 * No consent gate, unlike the calculator's preferences: keeping what the visitor types into the
 * questionnaire they are filling in is the function they asked for, and it never leaves the
 * browser (the lead form, which does send data, asks separately).
 */
import { databaseMayExist } from '../../db/exists';
import type { GuideProgress } from '../../db/guide-progress';
import { loadDb } from '../../db/load';

const journalKey = (guideId: number) => `oelkompass.guide-journal.${guideId}`;

interface Journal {
  stamp: number;
  progress: GuideProgress;
}

function readJournal(guideId: number): Journal | undefined {
  try {
    const raw = localStorage.getItem(journalKey(guideId));
    return raw ? (JSON.parse(raw) as Journal) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Synchronous copy of the newest state; returns its stamp for `saveProgress`. A browser without
 * localStorage (or a full one) only loses this safety net, not the IndexedDB write.
 */
export function journalProgress(progress: GuideProgress): number {
  const stamp = Date.now() + Math.random();
  try {
    localStorage.setItem(journalKey(progress.guideId), JSON.stringify({ stamp, progress }));
  } catch {
    // Nothing to do: IndexedDB still gets the write.
  }
  return stamp;
}

export async function loadProgress(guideId: number): Promise<GuideProgress | undefined> {
  const journal = readJournal(guideId);
  // A first visit has neither journal nor database: nothing to restore, and no Dexie (and its
  // schemas) to load for it while the page becomes interactive (the guide's TBT).
  if (!journal && !(await databaseMayExist())) return undefined;
  const db = await loadDb();
  if (journal) {
    const progress = db.parseGuideProgress(guideId, journal.progress);
    if (progress) {
      // Carry the journal over into IndexedDB now, then drop it.
      await saveProgress(progress, journal.stamp);
      return progress;
    }
  }
  return db.readGuideProgress(guideId);
}

/** Writes to IndexedDB; the journal goes once it holds nothing newer than this write. */
export async function saveProgress(
  progress: GuideProgress,
  stamp: number,
  now: () => number = Date.now,
): Promise<void> {
  const { writeGuideProgress } = await loadDb();
  await writeGuideProgress(progress, now());
  if (readJournal(progress.guideId)?.stamp === stamp) {
    try {
      localStorage.removeItem(journalKey(progress.guideId));
    } catch {
      // The journal stays; it holds the same data and is used once on the next load.
    }
  }
}
