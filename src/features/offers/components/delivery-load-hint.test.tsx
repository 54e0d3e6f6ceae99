import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DeliveryLoadHint } from './delivery-load-hint';

describe('DeliveryLoadHint', () => {
  it('names the level; elevated and high say what it means', () => {
    const { rerender } = render(<DeliveryLoadHint load="normal" />);
    expect(screen.getByTestId('delivery-load').textContent).toBe(
      'Lieferzeiten in Ihrer Region: normal',
    );
    rerender(<DeliveryLoadHint load="elevated" />);
    expect(screen.getByTestId('delivery-load').textContent).toBe(
      'Lieferzeiten in Ihrer Region: erhöht – Viele Händler sind gut ausgelastet, frühe Liefertage werden knapper.',
    );
    rerender(<DeliveryLoadHint load="high" />);
    expect(screen.getByTestId('delivery-load').textContent).toContain(
      'Lieferzeiten in Ihrer Region: hoch',
    );
  });
});
