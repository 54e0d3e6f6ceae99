/**
 * Offers worker budget: rank + format 1,000 offers, median ≤ 10 ms. Runs the worker's
 * pure module (src/workers/offers/offers.ts) in Node, which is what the worker thread executes;
 * the orders rotate (price, rating, delivery) and each run starts with empty format caches, as a
 * call in the worker does. The structured clone of input and output (the postMessage copy) is
 * printed for information, outside the budget.
 *
 * Part of `npm run bench`; on its own: `node --import tsx bench/offers-worker.ts` (exit 1 on a miss).
 */
import { fileURLToPath } from 'node:url';
import { generateOffers } from '../src/workers/offers/offers.fixtures';
import { OFFER_SORTS, rankOffers } from '../src/workers/offers/offers';

export const OFFERS_BUDGET = { count: 1000, medianMs: 10 } as const;

export interface OffersWorkerFigures {
  count: number;
  runs: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  /** Median of structuredClone(input) + structuredClone(output): the worker message copies. */
  cloneMedianMs: number;
}

export function measureOffersWorker({
  count = OFFERS_BUDGET.count,
  runs = 50,
  warmup = 10,
} = {}): OffersWorkerFigures {
  const offers = generateOffers({ count, seed: 2024, installment: false });
  const withPlans = generateOffers({ count, seed: 2025, installment: true });
  const times: number[] = [];
  const clones: number[] = [];
  for (let i = 0; i < warmup + runs; i++) {
    const input = i % 2 === 0 ? offers : withPlans;
    const sort = OFFER_SORTS[i % OFFER_SORTS.length] ?? 'price';
    const start = performance.now();
    const views = rankOffers(input, sort);
    const ms = performance.now() - start;
    if (views.length !== count) throw new Error(`expected ${count} offers, got ${views.length}`);
    if (i < warmup) continue;
    times.push(ms);
    const cloneStart = performance.now();
    structuredClone(input);
    structuredClone(views);
    clones.push(performance.now() - cloneStart);
  }
  return {
    count,
    runs,
    medianMs: quantile(times, 0.5),
    p95Ms: quantile(times, 0.95),
    maxMs: Math.max(...times),
    cloneMedianMs: quantile(clones, 0.5),
  };
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

export function ms(value: number): string {
  return `${value.toFixed(2)} ms`;
}

// Run on its own.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const f = measureOffersWorker();
  console.log(
    `Angebote ranken + formatieren (${f.count} Angebote, ${f.runs} Läufe): ` +
      `Median ${ms(f.medianMs)}, p95 ${ms(f.p95Ms)}, max ${ms(f.maxMs)}; ` +
      `Nachrichtenkopie (Median) ${ms(f.cloneMedianMs)}. Budget: Median ≤ ${OFFERS_BUDGET.medianMs} ms.`,
  );
  const ok = f.medianMs <= OFFERS_BUDGET.medianMs;
  console.log(ok ? 'Budget eingehalten.' : 'Budget VERFEHLT.');
  process.exit(ok ? 0 : 1);
}
