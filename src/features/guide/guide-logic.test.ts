import { describe, expect, it } from 'vitest';
import { guideFixture, sentAnswers } from './guide.fixtures';
import {
  answersKey,
  flattenAnswers,
  guideProgress,
  inputError,
  isStepFinished,
  knownValues,
  landingStepId,
  orderedSteps,
  parseAnswerNumber,
  progressPercent,
  type AnswerContext,
  type StepValues,
} from './guide-logic';

const ctx: AnswerContext = {
  zipPattern: /^\d{5}$/,
  zipExists: (zip) => (zip === '10115' ? true : zip === '99999' ? false : undefined),
};
const steps = orderedSteps(guideFixture());
const stepById = (id: number) => steps.find((s) => s.Id === id)!;

const complete: StepValues = {
  1: { plz: '10115', gebaeudeart: 'efh' },
  3: { flaeche: '140' },
  2: { personen: '3' },
  4: { modus: 'jahr', liter: '2400' },
};

describe('ordering (SPEC §4: by OrderWeight)', () => {
  it('orders by OrderWeight, not by Id', () => {
    expect(steps.map((s) => s.Id)).toEqual([1, 3, 2, 4]);
  });

  it('keeps the lower Id first on equal weights', () => {
    const guide = guideFixture();
    guide.Steps[1]!.OrderWeight = 10; // step 2 now weighs as much as step 1
    expect(orderedSteps(guide).map((s) => s.Id)).toEqual([1, 2, 3, 4]);
  });
});

describe('finished rule (SPEC §4: answered inputs = input count)', () => {
  it('is open until every input of the step is answered', () => {
    expect(isStepFinished(stepById(1), { 1: { plz: '10115' } }, ctx)).toBe(false);
    expect(isStepFinished(stepById(1), { 1: { plz: '10115', gebaeudeart: 'efh' } }, ctx)).toBe(
      true,
    );
  });

  it('counts only valid answers: out of bounds, unknown choice, unchecked or unknown zip', () => {
    expect(isStepFinished(stepById(3), { 3: { flaeche: '20' } }, ctx)).toBe(false);
    expect(isStepFinished(stepById(3), { 3: { flaeche: '1001' } }, ctx)).toBe(false);
    expect(isStepFinished(stepById(1), { 1: { plz: '10115', gebaeudeart: 'x' } }, ctx)).toBe(false);
    expect(isStepFinished(stepById(1), { 1: { plz: '12345', gebaeudeart: 'efh' } }, ctx)).toBe(
      false,
    );
    expect(isStepFinished(stepById(1), { 1: { plz: '99999', gebaeudeart: 'efh' } }, ctx)).toBe(
      false,
    );
  });

  it('counts only the inputs that apply (VisibleWhen)', () => {
    const s4 = stepById(4);
    expect(isStepFinished(s4, { 4: { modus: 'jahr', liter: '2400' } }, ctx)).toBe(true);
    expect(isStepFinished(s4, { 4: { modus: 'fuellung', liter: '2400' } }, ctx)).toBe(false);
    expect(
      isStepFinished(s4, { 4: { modus: 'fuellung', fuellmenge: '3000', monate: '14' } }, ctx),
    ).toBe(true);
  });
});

describe('input errors (German messages come from texts.ts)', () => {
  const area = stepById(3).Inputs[0]!;
  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['abc', 'number'],
    ['1.500', 'number'],
    ['12,5', 'whole'],
    ['29', 'min'],
    ['1001', 'max'],
    ['30', null],
    [' 140 ', null],
  ] as const)('%j → %s', (value, expected) => {
    expect(inputError(area, value, ctx)).toBe(expected);
  });

  it('tells the zip states apart', () => {
    const zip = stepById(1).Inputs[0]!;
    expect(inputError(zip, '1011', ctx)).toBe('zipFormat');
    expect(inputError(zip, '12345', ctx)).toBe('zipPending');
    expect(inputError(zip, '99999', ctx)).toBe('zipUnknown');
    expect(inputError(zip, '10115', ctx)).toBeNull();
  });

  it('reads numbers as the contract does (decimal comma or point, no thousands dots)', () => {
    expect(parseAnswerNumber('12,5')).toBe(12.5);
    expect(parseAnswerNumber('12.5')).toBe(12.5);
    expect(parseAnswerNumber('2400')).toBe(2400);
    expect(parseAnswerNumber('-3')).toBeNaN();
    expect(parseAnswerNumber('')).toBeNaN();
  });
});

describe('refusal rule (SPEC §4: earlier steps must be finished)', () => {
  it('lands a deep link to a later step on the first unfinished one', () => {
    // Steps 1 and 3 done, 2 open: asking for 4 lands on 2.
    const values: StepValues = { 1: complete[1]!, 3: complete[3]! };
    expect(landingStepId(steps, 4, values, ctx)).toBe(2);
  });

  it('allows a step when all earlier ones are finished, even if it is open itself', () => {
    const values: StepValues = { 1: complete[1]!, 3: complete[3]! };
    expect(landingStepId(steps, 2, values, ctx)).toBe(2);
  });

  it('always allows going back', () => {
    expect(landingStepId(steps, 1, complete, ctx)).toBe(1);
    expect(landingStepId(steps, 3, complete, ctx)).toBe(3);
  });

  it('refuses the second step while the first is open', () => {
    expect(landingStepId(steps, 3, {}, ctx)).toBe(1);
  });

  it('lands an unknown step on the first unfinished one, or the last when all are done', () => {
    expect(landingStepId(steps, 99, { 1: complete[1]! }, ctx)).toBe(3);
    expect(landingStepId(steps, 99, complete, ctx)).toBe(4);
  });
});

describe('progress (SPEC §4: floor(answered / total × 100), clamped 0–100)', () => {
  it.each([
    [0, 5, 0],
    [1, 3, 33],
    [2, 3, 66],
    [5, 5, 100],
    [6, 5, 100],
    [-1, 5, 0],
    [0, 0, 0],
  ])('%i of %i → %i %%', (answered, total, expected) => {
    expect(progressPercent(answered, total)).toBe(expected);
  });

  it('counts answered inputs over all steps, conditional ones only when they apply', () => {
    // Inputs that apply without a mode: plz, gebaeudeart, flaeche, personen, modus = 5.
    expect(guideProgress(steps, {}, ctx)).toEqual({ answered: 0, total: 5, percent: 0 });
    expect(guideProgress(steps, { 1: complete[1]! }, ctx)).toEqual({
      answered: 2,
      total: 5,
      percent: 40,
    });
    // Mode "jahr" adds one input: 6.
    expect(guideProgress(steps, complete, ctx)).toEqual({ answered: 6, total: 6, percent: 100 });
  });
});

describe('flattened answers (SPEC §7)', () => {
  it('merges the steps, trims, and leaves out answers to inputs that do not apply', () => {
    const values: StepValues = {
      ...complete,
      4: { modus: 'jahr', liter: ' 2400 ', fuellmenge: '3000', monate: '14' },
    };
    expect(flattenAnswers(steps, values, ctx)).toEqual(sentAnswers());
  });

  it('has a key that does not depend on the order', () => {
    expect(answersKey({ a: '1', b: '2' })).toBe(answersKey({ b: '2', a: '1' }));
    expect(answersKey({ a: '1' })).not.toBe(answersKey({ a: '2' }));
  });

  it('restores only steps and keys the guide still has', () => {
    expect(knownValues(guideFixture(), { 1: { plz: '10115', alt: 'x' }, 9: { a: 'b' } })).toEqual({
      1: { plz: '10115' },
    });
  });
});
