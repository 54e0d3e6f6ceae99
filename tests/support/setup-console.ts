/**
 * A console.error or console.warn during a test fails that test (CONVENTIONS, Tests; the shape of
 * epic-stack's tests/setup/setup-test-env.ts). Such output is nearly always a real problem that
 * would otherwise scroll by unnoticed: a React act() warning, an unhandled rejection logged by a
 * library, a missing key. A test that provokes one on purpose says so with `expectConsole('error')`,
 * which silences the output and hands back the spy for its own assertions.
 *
 * Loaded by the client project (happy-dom) and the server projects (node), so it touches nothing
 * but `console` and vitest.
 */
import { afterEach, beforeEach, expect, vi, type MockInstance } from 'vitest';

type Level = 'error' | 'warn';
type ConsoleSpy = MockInstance<(...args: unknown[]) => void>;

const spies = new Map<Level, ConsoleSpy>();
const allowed = new Set<Level>();

/**
 * Declares that the current test expects console[level] output: it is swallowed instead of
 * printed, and the returned spy lets the test check what was logged.
 */
export function expectConsole(level: Level): ConsoleSpy {
  const spy = spies.get(level);
  if (!spy)
    throw new Error('expectConsole() only works inside a test (setup-console.ts not loaded?)');
  allowed.add(level);
  spy.mockImplementation(() => undefined);
  return spy;
}

beforeEach(() => {
  allowed.clear();
  for (const level of ['error', 'warn'] as const) {
    // Calls through, so the output stays visible next to the failure it causes.
    spies.set(level, vi.spyOn(console, level) as ConsoleSpy);
  }
});

afterEach(() => {
  const problems: string[] = [];
  for (const [level, spy] of spies) {
    if (!allowed.has(level) && spy.mock.calls.length > 0) {
      const first = spy.mock.calls[0]?.map(describe).join(' ') ?? '';
      problems.push(
        `console.${level} was called ${spy.mock.calls.length}× (first: ${first.slice(0, 500)}). ` +
          `If the test expects it, call expectConsole('${level}') in the test.`,
      );
    }
    // Only our own spies: a test's other mocks are its own business.
    spy.mockRestore();
  }
  spies.clear();
  allowed.clear();
  expect(problems, problems.join('\n')).toEqual([]);
});

function describe(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
