import { describe, expect, it } from 'vitest';
import { readCookie, serializeCookie } from './cookies';

describe('readCookie', () => {
  const jar = 'theme=dark; locale=at;  token=a%3Db%20c; empty=; padded=x=y';

  it('reads one cookie by name', () => {
    expect(readCookie(jar, 'locale')).toBe('at');
    expect(readCookie(jar, 'theme')).toBe('dark');
  });

  it('decodes the value and keeps "=" inside it', () => {
    expect(readCookie(jar, 'token')).toBe('a=b c');
    expect(readCookie(jar, 'padded')).toBe('x=y');
  });

  it('returns an empty value as empty and a missing cookie as undefined', () => {
    expect(readCookie(jar, 'empty')).toBe('');
    expect(readCookie(jar, 'missing')).toBeUndefined();
    expect(readCookie('', 'locale')).toBeUndefined();
  });

  it('does not match a cookie whose name only starts with the wanted one', () => {
    expect(readCookie('localeX=ch', 'locale')).toBeUndefined();
  });
});

describe('serializeCookie', () => {
  it('writes name, encoded value, Max-Age, Path and SameSite', () => {
    expect(serializeCookie('locale', 'de', 31_536_000, false)).toBe(
      'locale=de; Max-Age=31536000; Path=/; SameSite=Lax',
    );
  });

  it('encodes the value so it round-trips through readCookie', () => {
    const written = serializeCookie('cfg', 'a=b; c ü', 604_800, false);
    expect(written.startsWith('cfg=a%3Db%3B%20c%20%C3%BC;')).toBe(true);
    const pair = written.split('; ')[0] ?? '';
    expect(readCookie(pair, 'cfg')).toBe('a=b; c ü');
  });

  it('adds Secure only when asked', () => {
    expect(serializeCookie('locale', 'ch', 60, true)).toBe(
      'locale=ch; Max-Age=60; Path=/; SameSite=Lax; Secure',
    );
    expect(serializeCookie('locale', 'ch', 60, false)).not.toContain('Secure');
  });
});
