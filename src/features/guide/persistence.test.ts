import { afterEach, describe, expect, it, vi } from 'vitest';
import { journalProgress, loadProgress } from './persistence';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('restoring the guide on load (SPEC §4)', () => {
  it('a first visit (no journal, no database) restores nothing and opens no database', async () => {
    vi.spyOn(indexedDB, 'databases').mockResolvedValue([]);
    const open = vi.spyOn(indexedDB, 'open');
    expect(await loadProgress(1)).toBeUndefined();
    // Neither Dexie nor the database is touched while the page becomes interactive.
    expect(open).not.toHaveBeenCalled();
  });

  it('a journal left by a reload is restored, even before the database exists', async () => {
    vi.spyOn(indexedDB, 'databases').mockResolvedValue([]);
    journalProgress({
      guideId: 1,
      stepValues: { 1: { heatedArea: '140' } },
      compareResult: null,
      compareAnswersKey: null,
      selectedInformationId: null,
      zipChecks: {},
    });
    const restored = await loadProgress(1);
    expect(restored?.stepValues).toEqual({ 1: { heatedArea: '140' } });
  });
});
