import { describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../../../src/api/contract/common';
import { useTestApp } from '../../../tests/support/test-app';

const CHECK_URL = '/api/location/check-zipcode';

const t = useTestApp();

function check(body: unknown) {
  return t.app.inject({ method: 'POST', url: CHECK_URL, payload: body as object });
}

/** A 400 with the ApiError shape and a German message; returns the parsed body. */
async function expectBadRequest(response: Awaited<ReturnType<typeof check>>) {
  expect(response.statusCode).toBe(400);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = ApiErrorSchema.parse(response.json());
  expect(body.message).toMatch(/Anfrage|JSON/);
  expect(body.message).not.toMatch(/body|must|Unexpected|Body/);
  return body;
}

describe('POST /api/location/check-zipcode (SPEC §5, §7)', () => {
  it.each([
    ['10115', 1, 'Berlin-Mitte'],
    ['01067', 1, 'Dresden, leading zero'],
    ['87491', 1, 'Jungholz'],
    ['1010', 2, 'Wien'],
    ['8001', 3, 'Zürich'],
  ])('accepts %s in country %i (%s)', async (ZipCode, CountryId) => {
    const response = await check({ ZipCode, CountryId });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBe(true);
  });

  it.each([
    ['1011', 1, 'German code with 4 digits'],
    ['10100', 2, 'Austrian code with 5 digits'],
    ['80010', 3, 'Swiss code with 5 digits'],
    ['00000', 1, 'well-formed but not assigned'],
    ['99999', 1, 'well-formed but not assigned'],
    ['1009', 2, 'well-formed but not assigned in Austria'],
    ['8001', 1, 'Swiss code asked for Germany'],
    ['10115', 3, 'German code asked for Switzerland'],
    ['1o115', 1, 'a letter'],
    ['abcde', 1, 'letters only'],
    ['101150', 1, 'six digits'],
    ['10 115', 1, 'inner blank'],
  ])('rejects %s in country %i (%s)', async (ZipCode, CountryId) => {
    const response = await check({ ZipCode, CountryId });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBe(false);
  });

  it('ignores blanks around the code', async () => {
    const response = await check({ ZipCode: ' 10115 ', CountryId: 1 });
    expect(response.json()).toBe(true);
  });

  it('answers a request without a body with 400', async () => {
    const response = await t.app.inject({ method: 'POST', url: CHECK_URL });
    const body = await expectBadRequest(response);
    expect(body.message).toBe('Die Anfrage ist ungültig.');
  });

  it('answers an empty JSON body with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: CHECK_URL,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    const body = await expectBadRequest(response);
    expect(body.message).toBe('Der Inhalt der Anfrage ist kein gültiges JSON.');
  });

  it('answers broken JSON with 400 and a German message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: CHECK_URL,
      headers: { 'content-type': 'application/json' },
      payload: '{"ZipCode": "10115", ',
    });
    const body = await expectBadRequest(response);
    expect(body.message).toBe('Der Inhalt der Anfrage ist kein gültiges JSON.');
  });

  it('answers a plain-text body with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: CHECK_URL,
      headers: { 'content-type': 'text/plain' },
      payload: 'ZipCode=10115&CountryId=1',
    });
    await expectBadRequest(response);
  });

  it('answers an unsupported content type with 415 in German, not 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: CHECK_URL,
      headers: { 'content-type': 'application/xml' },
      payload: '<ZipCode>10115</ZipCode>',
    });
    expect(response.statusCode).toBe(415);
    expect(ApiErrorSchema.parse(response.json()).message).toBe(
      'Dieser Inhaltstyp wird nicht unterstützt. Bitte JSON senden.',
    );
  });

  it('answers ZipCode as a number with 400 naming the field', async () => {
    const body = await expectBadRequest(await check({ ZipCode: 10115, CountryId: 1 }));
    expect(body.issues).toContainEqual({
      path: 'body.ZipCode',
      message: 'ZipCode muss als Text angegeben werden.',
    });
  });

  it.each([[4], [0], ['x'], ['1'], [1.5], [null]])(
    'answers CountryId %j with 400',
    async (CountryId) => {
      const body = await expectBadRequest(await check({ ZipCode: '10115', CountryId }));
      expect(body.issues?.map((i) => i.path)).toEqual(['body.CountryId']);
      expect(body.issues?.[0]?.message).toMatch(/^CountryId muss/);
    },
  );

  it('answers missing fields with one issue per field', async () => {
    const body = await expectBadRequest(await check({}));
    expect(body.issues?.map((i) => i.path).sort()).toEqual(['body.CountryId', 'body.ZipCode']);
  });

  it('answers an empty or overlong ZipCode with 400', async () => {
    await expectBadRequest(await check({ ZipCode: '', CountryId: 1 }));
    await expectBadRequest(await check({ ZipCode: '1'.repeat(11), CountryId: 1 }));
  });

  it('answers a JSON array instead of an object with 400', async () => {
    await expectBadRequest(await check([{ ZipCode: '10115', CountryId: 1 }]));
  });

  it('answers GET with a German 404 JSON, since only POST exists', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${CHECK_URL}?ZipCode=10115&CountryId=1`,
    });
    expect(response.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(response.json()).message).toBe('Diese Adresse gibt es nicht.');
  });
});
