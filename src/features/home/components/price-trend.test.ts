import { describe, expect, it } from 'vitest';
import { sparklinePoints, trendPercent } from './price-trend';

describe('the home page’s price trend', () => {
  it('is the change from the first to the last day, one decimal', () => {
    expect(trendPercent([100, 101, 98.5])).toBe(-1.5);
    expect(trendPercent([100, 102.04])).toBe(2);
    expect(trendPercent([100])).toBeNull();
    expect(trendPercent([])).toBeNull();
  });

  it('draws the line into its box, the highest price at the top, flat when nothing moved', () => {
    expect(sparklinePoints([100, 110, 105])).toBe('0.0,30.0 60.0,2.0 120.0,16.0');
    expect(sparklinePoints([100, 100])).toBe('0.0,30.0 120.0,30.0');
    expect(sparklinePoints([100])).toBe('');
  });
});
