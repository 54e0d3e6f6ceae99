import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { DeliverySlot } from '../../../api/contract/delivery';
import { addDays } from '../../../lib/dates';
import { DeliveryDateField } from './delivery-date-field';

/** `n` days from Tuesday 1 December 2026 on, in the morning window. */
const days = (n: number, window: DeliverySlot['Window'] = 'vormittags'): DeliverySlot[] =>
  Array.from({ length: n }, (_, i) => ({ Date: addDays('2026-12-01', i), Window: window }));

function Field({
  slots,
  initial = slots[0]?.Date ?? '',
  slotTaken = false,
  error,
}: {
  slots: DeliverySlot[];
  initial?: string;
  slotTaken?: boolean;
  error?: string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <form>
      <DeliveryDateField
        slots={slots}
        value={value}
        error={error}
        slotTaken={slotTaken}
        onChange={setValue}
      />
    </form>
  );
}

describe('DeliveryDateField', () => {
  it('offers the free days as radio buttons in a group, the first chosen, the window said once', () => {
    render(<Field slots={days(3)} />);
    const group = screen.getByRole('group', { name: 'Liefertermin' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual([
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
    ]);
    const first = within(group).getByLabelText('Di., 01.12.2026');
    expect((first as HTMLInputElement).checked).toBe(true);
    expect(first.id).toBe('checkout-deliveryDate');
    expect(within(group).getAllByText('Zeitfenster: vormittags (7–12 Uhr)')).toHaveLength(1);

    fireEvent.click(within(group).getByLabelText('Mi., 02.12.2026'));
    expect(within(group).getByLabelText<HTMLInputElement>('Mi., 02.12.2026').checked).toBe(true);
    expect(within(group).getByLabelText<HTMLInputElement>('Di., 01.12.2026').checked).toBe(false);
  });

  it('shows ten days and the rest behind "Weitere Termine", the focus on the first of them', () => {
    render(<Field slots={days(14, 'nachmittags')} />);
    expect(screen.getAllByRole('radio')).toHaveLength(10);
    expect(screen.getByText('Zeitfenster: nachmittags (12–17 Uhr)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Weitere Termine (4)' }));
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(14);
    expect(document.activeElement).toBe(radios[10]);
    expect(screen.queryByRole('button', { name: /Weitere Termine/ })).toBeNull();
  });

  it('shows every day when the chosen one is among the later ones (kept over a reload)', () => {
    render(<Field slots={days(14)} initial="2026-12-13" />);
    expect(screen.getAllByRole('radio')).toHaveLength(14);
    expect(screen.getByLabelText<HTMLInputElement>('So., 13.12.2026').checked).toBe(true);
  });

  it('says a taken day in an alert that takes the focus, with none chosen', () => {
    render(<Field slots={days(2)} initial="" slotTaken />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(
      'Dieser Termin ist gerade vergeben. Bitte wählen Sie einen anderen Termin.',
    );
    expect(document.activeElement).toBe(alert);
    expect(screen.getAllByRole<HTMLInputElement>('radio').some((r) => r.checked)).toBe(false);
  });

  it('shows the field’s error, described on the group', () => {
    render(<Field slots={days(2)} initial="" error="Bitte wählen Sie einen Liefertermin." />);
    const group = screen.getByRole('group', { name: 'Liefertermin' });
    const message = screen.getByText('Bitte wählen Sie einen Liefertermin.');
    expect(group.getAttribute('aria-describedby')).toContain(message.id);
    expect(screen.getAllByRole('radio')[0]?.getAttribute('aria-invalid')).toBe('true');
  });

  it('without free days: a sentence and no field', () => {
    render(<Field slots={[]} />);
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Liefertermin' })).toBeTruthy();
    expect(screen.getByText(/Wir buchen den frühesten freien Liefertag/)).toBeTruthy();
  });
});
