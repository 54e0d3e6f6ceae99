/**
 * Server-rendered form pieces of the legacy pages; their frame (page, messagePage) is shared with
 * the other pages the server writes by hand and lives in server/html/frame.ts. Everything dynamic
 * goes through `esc`.
 */
import { esc } from '../html/frame';

export { esc, LEGACY_PREFIX, messagePage, page, STYLESHEET_PATH } from '../html/frame';

export interface FieldDef {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  value?: string;
  error?: string;
  autocomplete: string;
  required?: boolean;
  /** Unique per page: two forms share field names. */
  id: string;
  autofocus?: boolean;
}

export function field(f: FieldDef): string {
  const errorId = `${f.id}-fehler`;
  const value = f.type === 'password' ? '' : (f.value ?? '');
  return `<div class="field">
<label for="${f.id}">${esc(f.label)}</label>
<input id="${f.id}" name="${f.name}" type="${f.type ?? 'text'}" value="${esc(value)}" autocomplete="${f.autocomplete}"${f.required === false ? '' : ' required'}${f.autofocus ? ' autofocus' : ''}${f.type === 'email' ? ' inputmode="email" spellcheck="false" autocapitalize="off"' : ''}${f.error ? ` aria-invalid="true" aria-describedby="${errorId}"` : ''}>
${f.error ? `<p class="error" id="${errorId}">${esc(f.error)}</p>` : ''}
</div>`;
}

export function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${name}" value="${esc(value)}">`;
}

export function alert(message: string | undefined): string {
  return message ? `<p class="alert" role="alert">${esc(message)}</p>` : '';
}

export function notice(message: string | undefined): string {
  return message ? `<p class="notice" role="status">${esc(message)}</p>` : '';
}

/** Appends ReturnUrl to a legacy path when it leads somewhere other than "/". */
export function withReturnUrl(path: string, returnUrl: string): string {
  return returnUrl === '/' ? path : `${path}?ReturnUrl=${encodeURIComponent(returnUrl)}`;
}
