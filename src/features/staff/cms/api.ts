/** The editor's calls (src/api/contract/cms.ts; editor guard + CSRF on the server). */
import { drainBody } from '../../../api/drain';
import { ApiError, apiFetch, NetworkError, VERIFICATION_HEADER } from '../../../api/client';
import { AUTH_COOKIES, CSRF_RENEWED_HEADER } from '../../../api/contract/account-constants';
import {
  CmsEntryListSchema,
  CmsEntrySchema,
  CmsImageUploadSchema,
  CmsPreviewSchema,
  CmsVersionListSchema,
  CmsVersionSchema,
  type CmsEntry,
  type CmsEntryCreate,
  type CmsEntryListItem,
  type CmsEntrySave,
  type CmsKind,
  type CmsPreview,
  type CmsVersion,
  type CmsVersionItem,
} from '../../../api/contract/cms';
import { z } from 'zod/mini';
import { ensureCsrfCookie } from '../../session';
import { texts } from './texts';

const BASE = '/api/cms';

export const entryUrl = (id: number) => `${BASE}/entries/${id}`;
export const historyUrl = (id: number) => `${entryUrl(id)}/history`;

export function fetchEntries(signal?: AbortSignal): Promise<CmsEntryListItem[]> {
  return apiFetch(`${BASE}/entries`, { schema: CmsEntryListSchema, signal });
}

export function fetchEntry(id: number, signal?: AbortSignal): Promise<CmsEntry> {
  return apiFetch(entryUrl(id), { schema: CmsEntrySchema, signal });
}

export function createEntry(input: CmsEntryCreate): Promise<CmsEntry> {
  return apiFetch(`${BASE}/entries`, { method: 'POST', body: input, schema: CmsEntrySchema });
}

export function saveEntry(id: number, input: CmsEntrySave): Promise<CmsEntry> {
  return apiFetch(entryUrl(id), { method: 'PUT', body: input, schema: CmsEntrySchema });
}

export function publishEntry(id: number): Promise<CmsEntry> {
  return apiFetch(`${entryUrl(id)}/publish`, { method: 'POST', body: {}, schema: CmsEntrySchema });
}

export function unpublishEntry(id: number): Promise<CmsEntry> {
  return apiFetch(`${entryUrl(id)}/unpublish`, {
    method: 'POST',
    body: {},
    schema: CmsEntrySchema,
  });
}

export async function deleteEntry(id: number): Promise<void> {
  await apiFetch(entryUrl(id), { method: 'DELETE', schema: z.unknown() });
}

export function fetchVersions(id: number, signal?: AbortSignal): Promise<CmsVersionItem[]> {
  return apiFetch(`${entryUrl(id)}/versions`, { schema: CmsVersionListSchema, signal });
}

export function fetchVersion(
  id: number,
  version: number,
  signal?: AbortSignal,
): Promise<CmsVersion> {
  return apiFetch(`${entryUrl(id)}/versions/${version}`, { schema: CmsVersionSchema, signal });
}

export function restoreVersion(id: number, version: number): Promise<CmsEntry> {
  return apiFetch(`${entryUrl(id)}/versions/${version}/restore`, {
    method: 'POST',
    body: {},
    schema: CmsEntrySchema,
  });
}

export function fetchPreview(
  kind: CmsKind,
  slug: string,
  bodyMarkdown: string,
  signal?: AbortSignal,
): Promise<CmsPreview> {
  return apiFetch(`${BASE}/preview`, {
    method: 'POST',
    body: { Kind: kind, Slug: slug, BodyMarkdown: bodyMarkdown },
    schema: CmsPreviewSchema,
    signal,
    silent: true,
  });
}

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      return decodeURIComponent(part.slice(at + 1).trim());
    }
  }
  return undefined;
}

/**
 * POST /api/cms/images with the file itself as the body (apiFetch sends JSON only). The session
 * cookie authenticates; the CSRF cookie is echoed in the verification header, as apiFetch does.
 */
export async function uploadImage(file: Blob): Promise<string> {
  await ensureCsrfCookie();
  const send = () =>
    fetch(`${BASE}/images`, {
      method: 'POST',
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        'Content-Type': file.type || 'application/octet-stream',
        [VERIFICATION_HEADER]: readCookie(AUTH_COOKIES.csrf) ?? '',
      },
      body: file,
    });
  let response: Response;
  try {
    response = await send();
    if (response.status === 403 && response.headers.get(CSRF_RENEWED_HEADER) === '1') {
      await drainBody(response); // the refusal read, so its connection is free again
      response = await send();
    }
  } catch (error) {
    throw new NetworkError(error);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message =
      typeof payload === 'object' && payload !== null && 'message' in payload
        ? String(payload.message)
        : texts.uploadFailed;
    throw new ApiError(response.status, message);
  }
  const parsed = CmsImageUploadSchema.safeParse(payload);
  if (!parsed.success) throw new ApiError(500, texts.uploadFailed);
  return parsed.data.Path;
}
