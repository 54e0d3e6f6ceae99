import { describe, expect, it } from 'vitest';
import { dotsPath } from './delivery-map';

describe('dotsPath (the delivery map in one path)', () => {
  it('draws each place as a full circle of the given radius around it', () => {
    expect(dotsPath([[10, 20]], 2.5)).toBe('M7.5 20a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0 -5 0');
  });

  it('has one circle per place and keeps the numbers short', () => {
    const points = Array.from({ length: 300 }, (_, i) => [(i * 1.2345) % 400, (i * 7.891) % 388]);
    const path = dotsPath(points, 388.4 / 160);
    expect(path.match(/M/g)).toHaveLength(300);
    expect(path).not.toMatch(/\d\.\d{2}/);
    expect(dotsPath([], 2.5)).toBe('');
  });
});
