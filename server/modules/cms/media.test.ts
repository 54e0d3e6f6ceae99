/**
 * Image upload and /media serving: only real PNG, JPEG and WebP up to 2 MB, stored by
 * content hash and served with a year's cache and nosniff.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { AuditHistorySchema } from '../../../src/api/contract/audit';
import { CMS_IMAGE_MAX_BYTES, CmsImageUploadSchema } from '../../../src/api/contract/cms';
import { auditHistory } from '../audit';
import { authHeaders, createTestUser, staffRole, type TestUser } from '../../../tests/support/auth';
import { useTestApp } from '../../../tests/support/test-app';
import { sniffImageType } from './media';

const t = useTestApp();
let editor: TestUser;
let customer: TestUser;

beforeAll(async () => {
  editor = await createTestUser(t.database, { roles: [staffRole('Editor')] });
  customer = await createTestUser(t.database, { roles: ['Role_Customer'] });
}, 60_000);

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(40, 2),
]);

function upload(body: Buffer | string, contentType: string, user: TestUser = editor) {
  return t.app.inject({
    method: 'POST',
    url: '/api/cms/images',
    headers: { ...authHeaders(user), 'content-type': contentType },
    payload: body,
  });
}

describe('upload', () => {
  it('stores a PNG under /media by its content hash, once', async () => {
    const res = await upload(PNG, 'image/png');
    expect(res.statusCode, res.body).toBe(201);
    const { Path } = CmsImageUploadSchema.parse(res.json());
    expect(Path).toMatch(/^\/media\/[0-9a-f]{16}\.png$/);
    const again = CmsImageUploadSchema.parse((await upload(PNG, 'image/png')).json());
    expect(again.Path).toBe(Path);
    const file = Path.slice('/media/'.length);
    const log = AuditHistorySchema.parse(await auditHistory(t.database.db, 'media', file));
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ Action: 'create', ActorEmail: editor.email });
  });

  it('takes JPEG and WebP', async () => {
    expect(CmsImageUploadSchema.parse((await upload(JPEG, 'image/jpeg')).json()).Path).toMatch(
      /\.jpg$/,
    );
    expect(CmsImageUploadSchema.parse((await upload(WEBP, 'image/webp')).json()).Path).toMatch(
      /\.webp$/,
    );
  });

  it.each([
    ['a text posing as PNG', Buffer.from('<html><script>alert(1)</script></html>'), 'image/png'],
    ['a JPEG declared as PNG', JPEG, 'image/png'],
    ['a PNG declared as WebP', PNG, 'image/webp'],
    ['an empty body', Buffer.alloc(0), 'image/png'],
  ])('refuses %s (400, German)', async (_name, body, type) => {
    const res = await upload(body, type);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/Bild/);
  });

  it.each([
    ['image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
    ['text/html', '<p>x</p>'],
    ['application/json', '{}'],
    ['application/octet-stream', PNG],
  ])('refuses the type %s (400, German)', async (type, body) => {
    const res = await upload(body, type);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/PNG, JPEG oder WebP/);
  });

  it('refuses an image over 2 MB (413, German)', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(CMS_IMAGE_MAX_BYTES)]);
    const res = await upload(big, 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toMatch(/zu groß.*2 MB/);
  });

  it('needs the editor guard and CSRF', async () => {
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/cms/images',
          headers: { 'content-type': 'image/png' },
          payload: PNG,
        })
      ).statusCode,
    ).toBe(401);
    expect((await upload(PNG, 'image/png', customer)).statusCode).toBe(403);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/cms/images',
      headers: {
        authorization: authHeaders(editor).authorization ?? '',
        'content-type': 'image/png',
      },
      payload: PNG,
    });
    expect(noCsrf.statusCode).toBe(403);
  });
});

describe('/media', () => {
  it('serves a stored image to anyone, cached for a year, with nosniff', async () => {
    const { Path } = CmsImageUploadSchema.parse((await upload(PNG, 'image/png')).json());
    const res = await t.app.inject({ url: Path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(PNG)).toBe(true);
    const head = await t.app.inject({ method: 'HEAD', url: Path });
    expect(head.statusCode).toBe(200);
  });

  it.each([
    ['/media/ffffffffffffffff.png'],
    ['/media/FFFFFFFFFFFFFFFF.png'],
    ['/media/..%2f..%2fsecret'],
    ['/media/0123456789abcdef.svg'],
    ['/media/0123456789abcdef.png.html'],
    ['/media/x'],
  ])('answers %s with 404', async (url) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).not.toMatch(/immutable/);
  });

  it('recognises the formats by their first bytes', () => {
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(JPEG)).toBe('image/jpeg');
    expect(sniffImageType(WEBP)).toBe('image/webp');
    expect(sniffImageType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImageType(Buffer.from('RIFF....AVI '))).toBeNull();
  });
});
