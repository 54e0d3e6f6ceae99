/**
 * Field messages for the account forms, from the same contract schemas the server validates
 * with, so the browser and the server never disagree about what is valid. Existence of a postal
 * code is the server's to decide (reference data); its answer arrives as issues with paths like
 * "body.ZipCode" and is mapped onto the same fields.
 */
import type { z } from 'zod/mini';
import { AddressInputSchema, type AddressInput } from '../../api/contract/customer';
import { localeByCountryId, zipPatternFor } from '../../lib/locale';

export type FieldErrors = Partial<Record<string, string>>;

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/** The first message per top-level field. */
export function errorsOfIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
) {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

export function check<S extends z.ZodMiniType>(schema: S, input: unknown): Checked<z.infer<S>> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, errors: errorsOfIssues(parsed.error.issues) };
}

/** Server issues ({ path: "body.ZipCode", message }) as field messages. */
export function errorsOfServerIssues(
  issues: readonly { path: string; message: string }[],
): FieldErrors {
  return errorsOfIssues(
    issues.map((i) => ({ path: i.path.replace(/^body\.?/, '').split('.'), message: i.message })),
  );
}

/** The address schema plus the country's postal-code pattern (SPEC §5). */
export function checkAddress(input: unknown): Checked<AddressInput> {
  const result = check(AddressInputSchema, input);
  if (!result.ok) return result;
  const { ZipCode, CountryId } = result.value;
  if (!zipPatternFor(CountryId).test(ZipCode)) {
    const locale = localeByCountryId(CountryId);
    return {
      ok: false,
      errors: {
        ZipCode: `Die Postleitzahl muss in ${locale?.countryName ?? ''} aus ${locale?.zipLength ?? 5} Ziffern bestehen.`,
      },
    };
  }
  return result;
}
