/**
 * The questionnaire's rules as pure functions (SPEC §4 Guide), so they are tested without a
 * store, a router or timers:
 * - steps are shown in ascending OrderWeight;
 * - a step is finished when its answered inputs equal its input count (only the inputs that
 *   apply to the current answers, see `activeInputs` in the contract);
 * - going to a step is refused unless every earlier step is finished: the visitor lands on the
 *   first unfinished one;
 * - progress = answered ÷ total inputs × 100, floored, clamped to 0–100.
 * An answer counts once it is valid (a number within its bounds, a known choice, a postal code
 * that matches the pattern and exists), so a half-typed value never finishes a step.
 */
import type {
  Guide,
  GuideAnswers,
  GuideInput,
  GuideNumberInput,
  GuideStep,
} from '../../api/contract/leads';
import { activeInputs } from '../../api/contract/leads-rules';

/** SPEC §3 Guide state stepValues: step id → input key → value (as typed). */
export type StepValues = Record<number, Record<string, string>>;

/** Why an answer does not count yet (texts.ts turns these into German messages). */
export type InputError =
  | 'required'
  | 'number'
  | 'min'
  | 'max'
  | 'whole'
  | 'choice'
  | 'zipFormat'
  | 'zipPending'
  | 'zipUnknown';

export interface AnswerContext {
  /** SPEC §5: the locale's postal code pattern. */
  zipPattern: RegExp;
  /** The server's existence check per postal code: true, false, or absent while pending. */
  zipExists: (zip: string) => boolean | undefined;
}

/** SPEC §5 blank check: empty or whitespace-only text is empty. */
export function isBlank(value: string | undefined): boolean {
  return value === undefined || value.trim() === '';
}

/**
 * A number answer as the contract reads it: digits with an optional decimal comma or point, no
 * thousands separators ("1500", "12,5"); NaN for anything else, so the field says so instead of
 * the server reading "1.500" as 1.5.
 */
export function parseAnswerNumber(text: string): number {
  const trimmed = text.trim();
  if (!/^\d+([.,]\d+)?$/.test(trimmed)) return Number.NaN;
  return Number(trimmed.replace(',', '.'));
}

function numberError(input: GuideNumberInput, value: string): InputError | null {
  const n = parseAnswerNumber(value);
  // "1.500" in a whole-number field is a thousands dot, not 1.5: say so instead of "whole".
  if (Number.isNaN(n) || (input.Step >= 1 && /^\d{1,3}\.\d{3}$/.test(value.trim())))
    return 'number';
  if (input.Step >= 1 && !Number.isInteger(n)) return 'whole';
  if (n < input.Min) return 'min';
  if (n > input.Max) return 'max';
  return null;
}

/** The reason an answer does not count, or null when it does. */
export function inputError(
  input: GuideInput,
  value: string | undefined,
  ctx: AnswerContext,
): InputError | null {
  if (value === undefined || isBlank(value)) return 'required';
  switch (input.Type) {
    case 'choice':
      return input.Options.some((o) => o.Value === value) ? null : 'choice';
    case 'number':
      return numberError(input, value);
    case 'zip': {
      const zip = value.trim();
      if (!ctx.zipPattern.test(zip)) return 'zipFormat';
      const exists = ctx.zipExists(zip);
      if (exists === undefined) return 'zipPending';
      return exists ? null : 'zipUnknown';
    }
  }
}

/** Steps in ascending OrderWeight (SPEC §4); equal weights keep the lower Id first. */
export function orderedSteps(guide: Pick<Guide, 'Steps'>): GuideStep[] {
  return [...guide.Steps].sort((a, b) => a.OrderWeight - b.OrderWeight || a.Id - b.Id);
}

/** Every value of every step in one record (the contract's keys are unique per guide). */
export function allValues(stepValues: StepValues): GuideAnswers {
  const merged: GuideAnswers = {};
  for (const values of Object.values(stepValues)) Object.assign(merged, values);
  return merged;
}

/** The inputs of a step that apply now, and how many of them are answered. */
export function stepCounts(
  step: GuideStep,
  stepValues: StepValues,
  ctx: AnswerContext,
): { answered: number; total: number } {
  const values = allValues(stepValues);
  const inputs = activeInputs(step, values);
  const own = stepValues[step.Id] ?? {};
  const answered = inputs.filter((i) => inputError(i, own[i.Key], ctx) === null).length;
  return { answered, total: inputs.length };
}

/** SPEC §4: finished when the answered inputs equal the step's input count. */
export function isStepFinished(step: GuideStep, stepValues: StepValues, ctx: AnswerContext) {
  const { answered, total } = stepCounts(step, stepValues, ctx);
  return answered === total;
}

/** The first step (in order) that is not finished, or undefined when all are. */
export function firstUnfinishedStep(
  steps: readonly GuideStep[],
  stepValues: StepValues,
  ctx: AnswerContext,
): GuideStep | undefined {
  return steps.find((s) => !isStepFinished(s, stepValues, ctx));
}

/**
 * SPEC §4: where a request to show `targetId` lands. Allowed when every earlier step is
 * finished; otherwise the first unfinished step. An unknown id lands on the first unfinished
 * step (or the last step when all are finished).
 */
export function landingStepId(
  steps: readonly GuideStep[],
  targetId: number,
  stepValues: StepValues,
  ctx: AnswerContext,
): number | undefined {
  const index = steps.findIndex((s) => s.Id === targetId);
  const firstOpen = firstUnfinishedStep(steps, stepValues, ctx);
  if (index === -1) return (firstOpen ?? steps.at(-1))?.Id;
  const openBefore = steps.slice(0, index).find((s) => !isStepFinished(s, stepValues, ctx));
  return openBefore ? openBefore.Id : targetId;
}

/** The step after `stepId` in order, or undefined after the last one. */
export function nextStep(steps: readonly GuideStep[], stepId: number): GuideStep | undefined {
  const index = steps.findIndex((s) => s.Id === stepId);
  return index === -1 ? undefined : steps[index + 1];
}

export function previousStep(steps: readonly GuideStep[], stepId: number): GuideStep | undefined {
  const index = steps.findIndex((s) => s.Id === stepId);
  return index <= 0 ? undefined : steps[index - 1];
}

/** SPEC §4: answered ÷ total inputs × 100, floored, clamped to 0–100 (0 without inputs). */
export function progressPercent(answered: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((answered / total) * 100)));
}

/** Progress over the whole guide (SPEC §4). */
export function guideProgress(
  steps: readonly GuideStep[],
  stepValues: StepValues,
  ctx: AnswerContext,
): { answered: number; total: number; percent: number } {
  let answered = 0;
  let total = 0;
  for (const step of steps) {
    const counts = stepCounts(step, stepValues, ctx);
    answered += counts.answered;
    total += counts.total;
  }
  return { answered, total, percent: progressPercent(answered, total) };
}

/**
 * SPEC §7 "flattened answers as key/value pairs": the valid answers of the inputs that apply,
 * trimmed. Answers to inputs that no longer apply stay saved (nothing typed is lost) but are
 * not sent.
 */
export function flattenAnswers(
  steps: readonly GuideStep[],
  stepValues: StepValues,
  ctx: AnswerContext,
): GuideAnswers {
  const values = allValues(stepValues);
  const answers: GuideAnswers = {};
  for (const step of steps) {
    const own = stepValues[step.Id] ?? {};
    for (const input of activeInputs(step, values)) {
      const value = own[input.Key];
      if (value !== undefined && inputError(input, value, ctx) === null) {
        answers[input.Key] = value.trim();
      }
    }
  }
  return answers;
}

/** A stable text of the answers, to tell whether a saved compare result still fits them. */
export function answersKey(answers: GuideAnswers): string {
  return JSON.stringify(
    Object.keys(answers)
      .sort()
      .map((k) => [k, answers[k]]),
  );
}

/**
 * Only what the guide still asks: steps and keys it knows, text values. Used when restoring
 * saved answers after the guide changed on the server.
 */
export function knownValues(guide: Pick<Guide, 'Steps'>, saved: StepValues): StepValues {
  const result: StepValues = {};
  for (const step of guide.Steps) {
    const own = saved[step.Id];
    if (!own) continue;
    const keys = new Set(step.Inputs.map((i) => i.Key));
    const kept = Object.fromEntries(
      Object.entries(own).filter(([k, v]) => keys.has(k) && typeof v === 'string'),
    );
    if (Object.keys(kept).length > 0) result[step.Id] = kept;
  }
  return result;
}
