import { brotliDecompressSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES, negotiateEncoding, PrecompressedText } from './precompressed';

const big = JSON.stringify({
  Items: Array.from({ length: 40 }, (_, i) => ({ Id: i, Name: 'Heizöl' })),
});

describe('negotiateEncoding', () => {
  it('chooses as @fastify/compress does', () => {
    expect(negotiateEncoding(undefined)).toBe('identity');
    expect(negotiateEncoding('')).toBe('identity');
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('GZIP, Deflate')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0.5, deflate;q=0.9')).toBe('deflate');
    expect(negotiateEncoding('x-gzip')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('gzip');
    expect(negotiateEncoding('compress, sdch')).toBe('identity');
  });

  it('stays bounded under many different forged headers', () => {
    for (let i = 0; i < 10_000; i++) expect(negotiateEncoding(`x-${i}, gzip`)).toBe('gzip');
  });
});

describe('PrecompressedText', () => {
  it('compresses each encoding once and keeps the result', () => {
    const json = new PrecompressedText(big);
    const first = json.body('br');
    expect(first.encoding).toBe('br');
    expect(json.body('br').body).toBe(first.body); // the same Buffer: not compressed again
    expect(brotliDecompressSync(first.body).toString()).toBe(big);
    expect(inflateSync(json.body('deflate').body).toString()).toBe(big);
    expect(json.text).toBe(big);
  });

  it('sends a small answer as it is', () => {
    const small = JSON.stringify({ Success: false, Items: [] });
    expect(Buffer.byteLength(small)).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    const json = new PrecompressedText(small);
    expect(json.body('br')).toEqual({ encoding: 'identity', body: json.bytes });
  });
});
