import { describe, expect, it } from 'vitest';
import { deviationFigures } from './result-figures';

const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');

describe('the result page’s deviation figures', () => {
  it('a thrifty house saves: amounts without a minus, the words say which way', () => {
    const f = deviationFigures({
      DeviationPercent: -21.4,
      DeviationLitresPerYear: -1935,
      DeviationPerYear: -2032,
      Currency: 'EUR',
    });
    expect(f.more).toBe(false);
    expect(f.percent).toBe('−21,4 %');
    expect(nbsp(f.litres)).toBe('1.935 L weniger als erwartet');
    expect(f.costLabel).toBe('Ersparnis gegenüber dem Richtwert');
    expect(nbsp(f.cost)).toBe('2.032 €');
  });

  it('a house above the guide value costs more, in francs in Switzerland', () => {
    const f = deviationFigures({
      DeviationPercent: 12.5,
      DeviationLitresPerYear: 310,
      DeviationPerYear: 402,
      Currency: 'CHF',
    });
    expect(f.more).toBe(true);
    expect(f.percent).toBe('+12,5 %');
    expect(nbsp(f.litres)).toBe('310 L mehr als erwartet');
    expect(f.costLabel).toBe('Mehrkosten gegenüber dem Richtwert');
    expect(nbsp(f.cost)).toMatch(/^(CHF 402|402 CHF)$/);
  });
});
