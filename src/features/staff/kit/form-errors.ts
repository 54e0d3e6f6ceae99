/**
 * Field errors of a form from the shared contract schema (checked before sending) or from the
 * server's 400 issues (path "body.Field…"): the first message per top-level field.
 */
import { ApiError } from '../../../api/client';

export type FieldErrors = Readonly<Record<string, string>>;

interface Issue {
  path: readonly PropertyKey[] | string;
  message: string;
}

function fieldOf(path: Issue['path']): string {
  const parts = typeof path === 'string' ? path.split('.') : path.map(String);
  const rest = parts[0] === 'body' ? parts.slice(1) : parts;
  return rest[0] ?? '';
}

export function fieldErrorsOf(issues: readonly Issue[]): FieldErrors {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = fieldOf(issue.path);
    if (!(field in out)) out[field] = issue.message;
  }
  return out;
}

/** A failed save: the server's message, and its issues by field. */
export function saveErrorOf(
  error: unknown,
  fallback: string,
): { message: string; fields: FieldErrors } {
  if (error instanceof ApiError) {
    return { message: error.message || fallback, fields: fieldErrorsOf(error.issues) };
  }
  return {
    message: error instanceof Error && error.message ? error.message : fallback,
    fields: {},
  };
}
