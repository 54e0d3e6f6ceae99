import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('password hashes', () => {
  it('stores scrypt$N$r$p$salt$hash with a salt of its own and verifies', async () => {
    const [a, b] = await Promise.all([
      hashPassword('Sommer-Heizöl-2026'),
      hashPassword('Sommer-Heizöl-2026'),
    ]);
    expect(a).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('Sommer-Heizöl-2026', a)).toBe(true);
    expect(await verifyPassword('Sommer-Heizöl-2027', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
  });

  it('treats Unicode forms alike (NFKC): the same password typed on another keyboard', async () => {
    const composed = 'Grüße-aus-Köln';
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    expect(await verifyPassword(decomposed, await hashPassword(composed))).toBe(true);
  });

  it('refuses stored values that are not its format or ask for absurd costs', async () => {
    const good = await hashPassword('ein-Kennwort-123');
    const parts = good.split('$');
    for (const stored of [
      '',
      'plain-text-password',
      `bcrypt$${parts.slice(1).join('$')}`,
      ['scrypt', 2 ** 30, 8, 1, parts[4], parts[5]].join('$'),
      ['scrypt', 'x', 8, 1, parts[4], parts[5]].join('$'),
      ['scrypt', parts[1], parts[2], parts[3], '', parts[5]].join('$'),
    ]) {
      expect(await verifyPassword('ein-Kennwort-123', stored)).toBe(false);
    }
  });
});
