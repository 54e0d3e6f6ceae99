import { describe, expect, it } from 'vitest';
import { findTtlRoute } from './ttl-routes';

describe('service worker cache lifetimes (SPEC §9)', () => {
  it('keeps prices 120 s, and only the price answers', () => {
    for (const path of [
      '/api/site/1/prices/average',
      '/api/site/3/prices/history',
      '/api/site/2/price-faq',
      '/api/site/price-factors',
      '/api/site/1/prices/current',
      '/api/site/1/prices/range-local',
      '/api/site/prices/local',
    ]) {
      expect(findTtlRoute(path)?.maxAgeSeconds, path).toBe(120);
    }
    // Offers and best prices per postal code are not kept by the worker.
    expect(findTtlRoute('/api/kalkulation/berechnen')).toBeUndefined();
    expect(findTtlRoute('/api/site/1/prices/best')).toBeUndefined();
  });

  it('keeps reference data and the guide an hour, banners 120 s', () => {
    expect(findTtlRoute('/api/site/1/country-states')?.maxAgeSeconds).toBe(3600);
    expect(findTtlRoute('/api/leads/guide/1')?.maxAgeSeconds).toBe(3600);
    expect(findTtlRoute('/api/site/1/pages/local/redirect')?.maxAgeSeconds).toBe(3600);
    expect(findTtlRoute('/api/waermepartner/lead-banner')?.maxAgeSeconds).toBe(120);
  });
});
