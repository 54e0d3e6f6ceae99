/**
 * The group price: the engine's own price for the group's configuration (total
 * amount, one unloading point per household), split into shares that add up to it to the cent.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CalculatorConfig } from '../../../src/api/contract/calculation';
import { testCalculatorConfig } from '../../../tests/support/calculator';
import { useTestApp } from '../../../tests/support/test-app';
import { calculate, toCents } from '../calculation';
import {
  configurationFor,
  groupPaymentOptions,
  isNeighbour,
  priceGroup,
  splitCents,
} from './pricing';

const t = useTestApp();

const template: CalculatorConfig = testCalculatorConfig();

describe('splitCents', () => {
  it('adds up to the total exactly, each part within a cent of its exact share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.array(fc.integer({ min: 1, max: 32_000 }), { minLength: 1, maxLength: 9 }),
        (total, weights) => {
          const parts = splitCents(total, weights);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          const sum = weights.reduce((a, b) => a + b, 0);
          parts.forEach((p, i) => {
            expect(Math.abs(p - (total * (weights[i] ?? 0)) / sum)).toBeLessThan(1);
          });
        },
      ),
    );
  });
});

describe('priceGroup', () => {
  it("equals the engine's best price for the total amount and stations; the shares add up to it", () => {
    const deps = t.app.calculation;
    const payments = groupPaymentOptions(deps);
    const payment = payments[0]?.Id ?? 0;
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 500, max: 3500 }), { minLength: 1, maxLength: 9 }),
        (amounts) => {
          const households = amounts.map((amount) => ({ amount, paymentParameterId: payment }));
          const total = amounts.reduce((a, b) => a + b, 0);
          const pricing = priceGroup(deps, template, households);
          const engine = calculate(
            deps,
            configurationFor(deps, template, total, amounts.length, payment),
          );
          expect(engine.ok).toBe(true);
          const best = engine.ok ? engine.value.Items[0] : undefined;
          // No dealer for this configuration (e.g. a dealer's minimum per unloading point): none
          // for the group either.
          if (!best) {
            expect(pricing).toBeUndefined();
            return;
          }
          expect(pricing?.dealerId).toBe(best.Id);
          expect(toCents(pricing?.totalPrice ?? 0)).toBe(toCents(best.TotalPrice));
          expect(pricing?.stations).toBe(amounts.length);
          const shareCents = (pricing?.shares ?? []).map(toCents);
          expect(shareCents.reduce((a, b) => a + b, 0)).toBe(toCents(best.TotalPrice));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('has no installments among the payments (one unloading point only)', () => {
    expect(groupPaymentOptions(t.app.calculation).map((p) => p.Id)).not.toContain(23);
  });
});

describe('isNeighbour', () => {
  it('is the same postal code, or one whose centre is at most 3 km away', () => {
    const deps = t.app.calculation;
    expect(isNeighbour(deps, 1, '10115', '10115')).toBe(true);
    expect(isNeighbour(deps, 1, '10115', '10117')).toBe(true);
    expect(isNeighbour(deps, 1, '10115', '80331')).toBe(false);
    expect(isNeighbour(deps, 1, '10115', '00000')).toBe(false);
  });
});
