import { describe, expect, it } from 'vitest';
import { DeclineOrderRequestSchema } from './dealer-area';

describe('the reason of a decline (plain text, decision 026)', () => {
  it.each([
    ['a line break and a tab', 'Zu weit weg.\n\tBitte anderswo bestellen.'],
    ['umlauts and a euro sign', 'Über 500 € Anfahrt'],
  ])('accepts %s', (_, Reason) => {
    expect(DeclineOrderRequestSchema.safeParse({ Reason }).success).toBe(true);
  });

  it.each([
    ['a NUL', 'Kein\u0000Termin'],
    ['a bell', 'Kein\u0007Termin'],
    ['an escape', 'Kein\u001bTermin'],
    ['a DEL', 'Kein\u007fTermin'],
  ])('refuses %s with a German message', (_, Reason) => {
    const result = DeclineOrderRequestSchema.safeParse({ Reason });
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toMatch(/Steuerzeichen|Nullzeichen|unzulässig/);
  });
});
