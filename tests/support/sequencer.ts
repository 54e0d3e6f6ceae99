/**
 * The order of the test files: vitest's own (the slowest known first, so two workers finish
 * together), except the client project, whose files share one process (vitest.config.ts) and so
 * run in the order of their paths on every machine. Vitest's order depends on durations cached
 * from earlier runs, so a state one file leaves behind would meet other files on a fresh clone
 * than here (issue 34). `TEST_FILE_ORDER_SEED=N npx vitest run --project client` tries another
 * order (vitest's own shuffle flag does not reach a sequencer of the config's): a file that fails
 * only in some orders depends on what another file left behind.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { intBetween, mulberry32 } from '../../src/lib/prng';

export const SHARED_PROCESS_PROJECT = 'client';

export default class PathOrderForSharedProcess extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const shared = sorted
      .filter((file) => file.project.name === SHARED_PROCESS_PROJECT)
      .sort((a, b) => (a.moduleId < b.moduleId ? -1 : a.moduleId > b.moduleId ? 1 : 0));
    const seed = Number(process.env.TEST_FILE_ORDER_SEED);
    if (Number.isInteger(seed)) {
      console.info(`Client-Testdateien in gemischter Reihenfolge (TEST_FILE_ORDER_SEED=${seed})`);
      const rng = mulberry32(seed);
      for (let i = shared.length - 1; i > 0; i -= 1) {
        const j = intBetween(rng, 0, i);
        [shared[i], shared[j]] = [shared[j]!, shared[i]!];
      }
    }
    return [...shared, ...sorted.filter((file) => file.project.name !== SHARED_PROCESS_PROJECT)];
  }
}
