/**
 * Compression settings of every answer, and answers kept for many requests with their
 * compressed forms made once.
 *
 * A browser asks for berechnen with `Accept-Encoding: gzip, deflate, br, zstd`, and
 * @fastify/compress compressed the same cached JSON again on every request (brotli on ~10 kB:
 * about 300 µs of server CPU per request against 60 µs for the rest of the answer, measured with
 * scratch runs of bench/api-load's bodies). A cached answer now keeps its bytes and, made on
 * first demand, its brotli, gzip and deflate forms; @fastify/compress leaves an answer that
 * already has a Content-Encoding alone.
 */
import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Answers smaller than this are sent as they are (compressing them saves nothing). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Brotli quality of answers compressed on every request (@fastify/compress's recommendation). */
const BROTLI_QUALITY = 4;

/** @fastify/compress's recommended brotli settings, for the plugin and for kept answers alike. */
export const BROTLI_OPTIONS = {
  params: {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
  },
} as const;

export type Encoding = 'br' | 'gzip' | 'deflate' | 'identity';

/** The encodings in @fastify/compress's order of preference (zstd aside: Node 20 has none). */
const ENCODINGS: Encoding[] = ['br', 'gzip', 'deflate', 'identity'];

const COMPRESS: Record<
  Exclude<Encoding, 'identity'>,
  (bytes: Buffer, brotliQuality: number) => Buffer
> = {
  br: (bytes, brotliQuality) =>
    brotliCompressSync(bytes, {
      params: { ...BROTLI_OPTIONS.params, [constants.BROTLI_PARAM_QUALITY]: brotliQuality },
    }),
  gzip: (bytes) => gzipSync(bytes),
  deflate: (bytes) => deflateSync(bytes),
};

/**
 * The negotiated encodings of the Accept-Encoding values seen, bounded: the header is the
 * client's to choose, so an unbounded map would grow with every forged value.
 */
class BoundedStore {
  private readonly map = new Map<string, string>();
  constructor(private readonly max: number) {}
  has(key: string): boolean {
    return this.map.has(key);
  }
  get(key: string): string | undefined {
    return this.map.get(key);
  }
  set(key: string, value: string): this {
    if (this.map.size >= this.max) this.map.clear();
    this.map.set(key, value);
    return this;
  }
}

const negotiator = new Negotiator<Encoding>({
  supportedValues: ENCODINGS,
  cache: new BoundedStore(64),
});

/** The encoding to answer with, as @fastify/compress chooses it (`*` and x-gzip mean gzip). */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const header = acceptEncoding.toLowerCase().replace(/\*|x-gzip/gu, 'gzip');
  return negotiator.negotiate(header) ?? 'identity';
}

/**
 * An answer sent many times (a JSON answer, a rendered page): its UTF-8 bytes, and each
 * compressed form once it was asked for.
 */
export class PrecompressedText {
  readonly bytes: Buffer;
  private readonly encoded = new Map<Encoding, Buffer>();

  /**
   * `brotliQuality`: higher than the answers compressed on every request (4) for what is kept
   * long and sent often, e.g. 6 for a rendered page: 9 % fewer bytes for ~1 ms more, once.
   */
  constructor(
    text: string,
    private readonly brotliQuality: number = BROTLI_QUALITY,
  ) {
    this.bytes = Buffer.from(text, 'utf8');
  }

  get text(): string {
    return this.bytes.toString('utf8');
  }

  /** The bytes held: the text and the compressed forms made so far. */
  get size(): number {
    let size = this.bytes.length;
    for (const body of this.encoded.values()) size += body.length;
    return size;
  }

  /** The body for the encoding: the bytes themselves below the threshold or for identity. */
  body(encoding: Encoding): { encoding: Encoding; body: Buffer } {
    if (encoding === 'identity' || this.bytes.length < COMPRESS_THRESHOLD_BYTES) {
      return { encoding: 'identity', body: this.bytes };
    }
    let body = this.encoded.get(encoding);
    if (!body) {
      body = COMPRESS[encoding](this.bytes, this.brotliQuality);
      this.encoded.set(encoding, body);
    }
    return { encoding, body };
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Sends the kept answer in the encoding the request accepts (JSON unless `type` says else). */
export function sendPrecompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  json: PrecompressedText,
  type: string = JSON_TYPE,
): FastifyReply {
  const { encoding, body } = json.body(negotiateEncoding(request.headers['accept-encoding']));
  if (json.bytes.length >= COMPRESS_THRESHOLD_BYTES) reply.header('vary', 'accept-encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.type(type).send(body);
}
