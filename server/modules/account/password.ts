/**
 * Password hashes: scrypt (node:crypto) with a random 16-byte salt per user, stored as
 * `scrypt$N$r$p$salt$hash` (salt and hash base64url) so the cost can be raised later without
 * invalidating stored hashes. Comparison is timing-safe.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// OWASP password storage cheat sheet: scrypt N=2^17, r=8, p=1. 128·N·r = 128 MiB of memory.
const N = 2 ** 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAX_MEM = 256 * 1024 * 1024;

function scrypt(password: string, salt: Buffer, keylen: number, opts: ScryptOptions) {
  return new Promise<Buffer>((resolve, reject) => {
    scryptCb(password.normalize('NFKC'), salt, keylen, opts, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export interface HashCost {
  N: number;
}

/**
 * The cost is stored with the hash, so verification follows it. Only test fixtures pass a lower
 * one (their users sign in hundreds of times); everything the server stores uses the default.
 */
export async function hashPassword(password: string, cost: HashCost = { N }): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, KEY_LENGTH, { N: cost.N, r: R, p: P, maxmem: MAX_MEM });
  return ['scrypt', cost.N, R, P, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** False for a wrong password and for a stored value that is not a hash of this format. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, nText, rText, pText, saltText, hashText] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const n = Number(nText);
  const r = Number(rText);
  const p = Number(pText);
  // Bounds keep a corrupted row from making the server allocate without limit.
  if (
    ![n, r, p].every(Number.isSafeInteger) ||
    n < 2 ||
    n > 2 ** 20 ||
    r < 1 ||
    r > 32 ||
    p < 1 ||
    p > 16
  )
    return false;
  const salt = Buffer.from(saltText, 'base64url');
  const expected = Buffer.from(hashText, 'base64url');
  if (salt.length < 8 || expected.length < 16) return false;
  const actual = await scrypt(password, salt, expected.length, { N: n, r, p, maxmem: MAX_MEM });
  return timingSafeEqual(actual, expected);
}
