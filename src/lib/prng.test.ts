import { describe, expect, it } from 'vitest';
import { chance, intBetween, mulberry32, pick, uniform } from './prng';

describe('mulberry32', () => {
  it('produces the same sequence for the same seed', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const seqA = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(seqA);
  });

  it('is pinned: a changed algorithm would silently change all seed data', () => {
    const rng = mulberry32(1);
    expect(Array.from({ length: 3 }, rng).map((x) => x.toFixed(10))).toEqual([
      '0.6270739406',
      '0.0027357212',
      '0.5274470400',
    ]);
  });

  it('differs between seeds and stays in [0, 1)', () => {
    const a = mulberry32(1);
    const b = mulberry32(2);
    expect(a()).not.toBe(b());
    const rng = mulberry32(7);
    const draws = Array.from({ length: 10_000 }, rng);
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(1);
    const sum = draws.reduce((a, b) => a + b, 0);
    // Roughly uniform: the mean of 10,000 draws is close to 0.5.
    expect(sum / 10_000).toBeGreaterThan(0.48);
    expect(sum / 10_000).toBeLessThan(0.52);
  });
});

describe('helpers', () => {
  it('draw inside their bounds', () => {
    const rng = mulberry32(3);
    const ints = new Set<number>();
    const floats: number[] = [];
    const picks = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      floats.push(uniform(rng, 20, 80));
      ints.add(intBetween(rng, 1, 3));
      picks.add(pick(rng, ['a', 'b']));
    }
    expect(Math.min(...floats)).toBeGreaterThanOrEqual(20);
    expect(Math.max(...floats)).toBeLessThan(80);
    expect([...picks].sort()).toEqual(['a', 'b']);
    expect([...ints].sort()).toEqual([1, 2, 3]);
  });

  it('chance() hits about as often as asked', () => {
    const rng = mulberry32(5);
    let hits = 0;
    for (let i = 0; i < 10_000; i++) if (chance(rng, 0.3)) hits++;
    expect(hits).toBeGreaterThan(2800);
    expect(hits).toBeLessThan(3200);
  });

  it('pick() refuses an empty list', () => {
    expect(() => pick(mulberry32(1), [])).toThrow(/empty/);
  });
});
