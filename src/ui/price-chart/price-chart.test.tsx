import { fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { niceTicks, PriceChart, type PricePoint } from './price-chart';

const points: PricePoint[] = [
  { date: '2026-11-20', price: 98.4 },
  { date: '2026-11-21', price: 101.25 },
  { date: '2026-11-22', price: 95.1 },
  { date: '2026-11-23', price: 96.0 },
  { date: '2026-11-24', price: 97.35 },
];

describe('PriceChart', () => {
  it('says the latest, highest and lowest price without being seen', () => {
    render(<PriceChart points={points} currency="EUR" label="Heizölpreis Deutschland" />);
    const figure = screen.getByRole('figure', { name: 'Heizölpreis Deutschland' });
    const description = document.getElementById(figure.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent?.replace(/\s/g, ' ')).toBe(
      'Aktuell 97,35 € (24.11.2026). Höchster Preis im Zeitraum 101,25 € am 21.11.2026, ' +
        'niedrigster 95,10 € am 22.11.2026. Preise je 100 Liter.',
    );
  });

  it('reads one day after another with the keyboard, from the latest day', () => {
    render(<PriceChart points={points} currency="CHF" label="Heizölpreis Schweiz" />);
    const plot = screen.getByRole('slider', { name: 'Heizölpreis Schweiz: Tag wählen' });
    expect(plot.getAttribute('aria-valuetext')?.replace(/\s/g, ' ')).toBe(
      '24.11.2026: 97,35 CHF je 100 Liter',
    );
    fireEvent.keyDown(plot, { key: 'ArrowLeft' });
    fireEvent.keyDown(plot, { key: 'ArrowLeft' });
    expect(plot.getAttribute('aria-valuetext')?.replace(/\s/g, ' ')).toBe(
      '22.11.2026: 95,10 CHF je 100 Liter',
    );
    fireEvent.keyDown(plot, { key: 'Home' });
    expect(plot.getAttribute('aria-valuenow')).toBe('0');
    fireEvent.keyDown(plot, { key: 'ArrowLeft' }); // stays on the first day
    expect(plot.getAttribute('aria-valuenow')).toBe('0');
    fireEvent.keyDown(plot, { key: 'End' });
    expect(plot.getAttribute('aria-valuenow')).toBe('4');
  });

  it('has every value in a table, newest first, made when it is opened', () => {
    const { container } = render(
      <PriceChart points={points} currency="EUR" label="Heizölpreis Deutschland" />,
    );
    expect(screen.queryByRole('table', { hidden: true })).toBeNull();
    const details = container.querySelector('details')!;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    const table = screen.getByRole('table', { name: 'Heizölpreis Deutschland', hidden: true });
    const rows = [...table.querySelectorAll('tbody tr')].map((r) =>
      r.textContent?.replace(/\s/g, ' '),
    );
    expect(rows).toEqual([
      '24.11.202697,35 €',
      '23.11.202696,00 €',
      '22.11.202695,10 €',
      '21.11.2026101,25 €',
      '20.11.202698,40 €',
    ]);
  });

  it('renders the same markup on the server, with the line in the HTML', () => {
    const html = renderToString(<PriceChart points={points} currency="EUR" label="Preis" />);
    expect(html).toContain('<path');
    expect(html).toContain('97,35');
  });

  it('says so when a range has no prices yet', () => {
    render(<PriceChart points={[]} currency="EUR" label="Heizölpreis Tirol" />);
    expect(screen.getByText('Für diesen Zeitraum liegen noch keine Preise vor.')).toBeTruthy();
  });
});

describe('niceTicks', () => {
  it('covers the range with round steps', () => {
    expect(niceTicks(95.1, 101.25)).toEqual([96, 98, 100]);
    expect(niceTicks(62, 131)).toEqual([80, 100, 120]);
    expect(niceTicks(97, 97)).toEqual([97]);
  });
});
