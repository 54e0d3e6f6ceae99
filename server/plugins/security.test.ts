import { describe, expect, it } from 'vitest';
import { INLINE_SCRIPTS, OPEN_AS_MODAL_SCRIPT } from '../../src/lib/inline-scripts';
import { cspHash, helmetOptions, securityHeaders } from './security';

describe('security headers (computed once at start)', () => {
  it('pins HTTPS and upgrades requests only in production', () => {
    const production = securityHeaders(helmetOptions(true));
    const local = securityHeaders(helmetOptions(false));
    expect(production['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(production['content-security-policy']).toMatch(/;upgrade-insecure-requests$/);
    expect(local['strict-transport-security']).toBeUndefined();
    expect(local['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('allows only our own origin and, of inline scripts, only ours by their exact text', () => {
    const csp = securityHeaders(helmetOptions(true))['content-security-policy'] ?? '';
    const directives = new Map(
      csp.split(';').map((d) => {
        const [name = '', ...values] = d.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    expect(directives.get('default-src')).toBe("'self'");
    expect(directives.get('script-src')).toBe(["'self'", ...INLINE_SCRIPTS.map(cspHash)].join(' '));
    expect(directives.get('script-src')).toContain(cspHash(OPEN_AS_MODAL_SCRIPT));
    expect(directives.get('script-src')).not.toContain('unsafe-inline');
    expect(directives.get('object-src')).toBe("'none'");
    expect(directives.get('frame-ancestors')).toBe("'none'");
    expect(csp).not.toContain('unsafe-eval');
  });
});
