/**
 * The format worker's API: pure functions over src/lib/format, so the same module runs in the
 * worker, in tests (Node) and as the main-thread fallback.
 */
import { formatAmountInput, formatMany, type FormatRequest } from '../../lib/format';

export const formatApi = {
  formatMany(requests: readonly FormatRequest[]): string[] {
    return formatMany(requests);
  },
  formatAmountInput(text: string): string {
    return formatAmountInput(text);
  },
};

export type FormatApi = typeof formatApi;
