/**
 * Images for the CMS: uploaded by an editor as the raw request body, stored under
 * `${DATA_DIR}/media/{sha256, first 16 hex}.{ext}` and served at /media/{file}.
 *
 * Only PNG, JPEG and WebP, recognised by their first bytes and matching the declared type: no
 * SVG (it can carry script), no HTML posing as an image. The same picture uploaded twice is one
 * file. Files are named by their content, so they never change and can be cached for a year.
 */
import { createHash, randomBytes } from 'node:crypto';
import { access, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CMS_IMAGE_MAX_BYTES,
  CMS_IMAGE_TYPES,
  MEDIA_FILE,
  MEDIA_PREFIX,
  type CmsImageType,
} from '../../../src/api/contract/cms';

const EXTENSIONS: Readonly<Record<CmsImageType, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

const TYPES_BY_EXTENSION: Readonly<Record<string, CmsImageType>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

export const IMAGE_MESSAGES = {
  type: 'Nur Bilder im Format PNG, JPEG oder WebP können hochgeladen werden (kein SVG).',
  tooLarge: `Das Bild ist zu groß: höchstens ${CMS_IMAGE_MAX_BYTES / 1024 / 1024} MB.`,
  empty: 'Es wurde kein Bild gesendet.',
  content: 'Die Datei ist kein gültiges Bild des angegebenen Formats.',
} as const;

/** The declared type without parameters, if it is one we take. */
export function declaredImageType(contentType: string | undefined): CmsImageType | null {
  const type = (contentType ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return (CMS_IMAGE_TYPES as readonly string[]).includes(type) ? (type as CmsImageType) : null;
}

/** The type the first bytes show: PNG signature, JPEG SOI + marker, RIFF….WEBP. */
export function sniffImageType(bytes: Uint8Array): CmsImageType | null {
  const starts = (sig: readonly number[], at = 0) =>
    bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

export type ImageCheck =
  { ok: true; type: CmsImageType } | { ok: false; status: 400 | 413; message: string };

/** Checks an upload's declared type and bytes. */
export function checkImage(contentType: string | undefined, body: unknown): ImageCheck {
  const declared = declaredImageType(contentType);
  if (!declared) return { ok: false, status: 400, message: IMAGE_MESSAGES.type };
  if (!Buffer.isBuffer(body) || body.length === 0) {
    return { ok: false, status: 400, message: IMAGE_MESSAGES.empty };
  }
  if (body.length > CMS_IMAGE_MAX_BYTES) {
    return { ok: false, status: 413, message: IMAGE_MESSAGES.tooLarge };
  }
  if (sniffImageType(body) !== declared) {
    return { ok: false, status: 400, message: IMAGE_MESSAGES.content };
  }
  return { ok: true, type: declared };
}

export function mediaFileName(bytes: Uint8Array, type: CmsImageType): string {
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  return `${hash}.${EXTENSIONS[type]}`;
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/** Stores the image (once per content) and returns its public path. */
export async function storeImage(
  mediaDir: string,
  bytes: Buffer,
  type: CmsImageType,
): Promise<{ path: string; file: string; created: boolean }> {
  const file = mediaFileName(bytes, type);
  const target = join(mediaDir, file);
  if (await exists(target)) return { path: MEDIA_PREFIX + file, file, created: false };
  await mkdir(mediaDir, { recursive: true });
  // Written beside it and renamed: a reader never sees half a file.
  const temp = join(mediaDir, `.${file}.${randomBytes(4).toString('hex')}.tmp`);
  await writeFile(temp, bytes);
  await rename(temp, target);
  return { path: MEDIA_PREFIX + file, file, created: true };
}

/** A stored image by its file name, or null (unknown name or no such file). */
export async function readImage(
  mediaDir: string,
  file: string,
): Promise<{ bytes: Buffer; type: CmsImageType } | null> {
  if (!MEDIA_FILE.test(file)) return null;
  const type = TYPES_BY_EXTENSION[file.slice(file.lastIndexOf('.') + 1)];
  if (!type) return null;
  try {
    return { bytes: await readFile(join(mediaDir, file)), type };
  } catch {
    return null;
  }
}
