/**
 * Checks flattened answers (src/api/contract/leads.ts) against a stored guide: every key known,
 * every required question that applies answered, numbers within bounds and step, choices among
 * the options, postal codes valid for the country. Pure; the postal code lookup is passed in.
 * Every refusal is a German message naming the question.
 */
import type { ApiError } from '../../../src/api/contract/common';
import {
  activeInputs,
  type GuideAnswers,
  type GuideDefinition,
  type GuideInput,
} from '../../../src/api/contract/leads';
import { localeByCountryId, zipPatternFor } from '../../../src/lib/locale';

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ApiError };

export function invalid(path: string, message: string): { ok: false; error: ApiError } {
  return { ok: false, error: { message, issues: [{ path, message }] } };
}

/** Digits with an optional decimal comma or point; no sign, no thousands separators. */
const NUMBER_TEXT = /^\d+(?:[.,]\d+)?$/;

/** "3.000" would read as 3: German thousands grouping is refused, not misread. */
const THOUSANDS = /^\d{1,3}(?:\.\d{3})+$/;

const fmt = (n: number) => n.toLocaleString('de-DE');

function checkNumber(
  input: Extract<GuideInput, { Type: 'number' }>,
  value: string,
  path: string,
): { ok: false; error: ApiError } | undefined {
  const q = `„${input.Label}“`;
  if (!NUMBER_TEXT.test(value) || THOUSANDS.test(value)) {
    return invalid(path, `Bitte geben Sie bei ${q} eine Zahl ohne Tausenderpunkt an.`);
  }
  const n = Number(value.replace(',', '.'));
  if (n < input.Min || n > input.Max) {
    return invalid(
      path,
      `${q} muss zwischen ${fmt(input.Min)} und ${fmt(input.Max)} ${input.Unit} liegen.`,
    );
  }
  // Whole multiples of Step from Min (Step 1: whole numbers); a small epsilon for decimals.
  const steps = (n - input.Min) / input.Step;
  if (Math.abs(steps - Math.round(steps)) > 1e-9) {
    return invalid(
      path,
      input.Step === 1
        ? `Bitte geben Sie bei ${q} eine ganze Zahl an.`
        : `${q} muss in Schritten von ${fmt(input.Step)} ${input.Unit} angegeben werden.`,
    );
  }
  return undefined;
}

/**
 * The answers that apply, trimmed; or the first refusal in step order. Answers to inputs that do
 * not apply (VisibleWhen) are dropped, unknown keys refused.
 */
export function validateAnswers(
  guide: GuideDefinition,
  answers: GuideAnswers,
  countryId: number,
  zipExists: (countryId: number, zip: string) => boolean,
  pathPrefix = 'body',
): Outcome<GuideAnswers> {
  const known = new Set(guide.Steps.flatMap((s) => s.Inputs.map((i) => i.Key)));
  for (const key of Object.keys(answers)) {
    if (!known.has(key)) {
      return invalid(
        `${pathPrefix}.${key}`,
        `Die Antwort „${key}“ gehört zu keiner Frage dieses Fragebogens.`,
      );
    }
  }

  const trimmed: GuideAnswers = {};
  for (const [key, value] of Object.entries(answers)) trimmed[key] = value.trim();

  const result: GuideAnswers = {};
  const steps = [...guide.Steps].sort((a, b) => a.OrderWeight - b.OrderWeight);
  for (const [index, step] of steps.entries()) {
    for (const input of activeInputs(step, trimmed)) {
      const path = `${pathPrefix}.${input.Key}`;
      const value = trimmed[input.Key];
      const q = `„${input.Label}“`;
      if (value === undefined || value === '') {
        if (!input.Required) continue;
        return invalid(
          path,
          `Bitte beantworten Sie die Frage ${q} (Schritt ${index + 1}: ${step.Title}).`,
        );
      }
      if (input.Type === 'choice') {
        if (!input.Options.some((o) => o.Value === value)) {
          return invalid(path, `„${value}“ ist bei ${q} keine der möglichen Antworten.`);
        }
      } else if (input.Type === 'number') {
        const error = checkNumber(input, value, path);
        if (error) return error;
      } else {
        if (!zipPatternFor(countryId).test(value)) {
          const digits = localeByCountryId(countryId)?.zipLength ?? 5;
          return invalid(path, `Bei ${q} werden ${digits} Ziffern erwartet.`);
        }
        if (!zipExists(countryId, value)) {
          return invalid(path, `Die Postleitzahl ${value} (${q}) ist nicht bekannt.`);
        }
      }
      result[input.Key] = value;
    }
  }
  return { ok: true, value: result };
}
