/**
 * The checkout form with its store: the delivery day goes out with the order, and a
 * day taken meanwhile (409 SlotTaken) keeps everything typed, shows the next free days and says
 * so at the field, which takes the focus.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answerSlotTaken,
  config,
  ctx,
  freshCheckout,
  json,
  previewOffer,
  slot,
} from '../checkout.fixtures';
import {
  checkoutState,
  openCheckout,
  resetCheckout,
  setDeliverySlots,
  setField,
  submit,
} from '../store';
import { CheckoutForm } from './checkout-form';

const offer = previewOffer();

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchMock = freshCheckout();
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetCheckout();
});

function renderForm() {
  return render(
    <CheckoutForm
      config={config}
      dealerName="Ölversorgung Berlin"
      loginHref={null}
      onSubmit={() => void submit(ctx())}
      onFieldChange={(name, value) => setField(name, value, ctx())}
    />,
  );
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });

describe('CheckoutForm: Liefertermin', () => {
  it('orders the chosen day; a taken day keeps the input and asks for another', async () => {
    openCheckout('offer-a');
    setDeliverySlots([slot('2026-12-01'), slot('2026-12-02'), slot('2026-12-03')]);
    renderForm();

    type('Vorname', 'Erika');
    type('Nachname', 'Musterfrau');
    type('Straße', 'Invalidenstraße');
    type('Hausnr.', '117');
    type('Ort', 'Berlin');
    type('E-Mail', 'erika@example.org');
    type('Telefon', '030 1234567');
    fireEvent.click(screen.getByRole('checkbox'));
    const group = screen.getByRole('group', { name: 'Liefertermin' });
    expect(within(group).getByLabelText<HTMLInputElement>('Di., 01.12.2026').checked).toBe(true);
    fireEvent.click(within(group).getByLabelText('Mi., 02.12.2026'));

    const next = [slot('2026-12-03'), slot('2026-12-04')];
    answerSlotTaken(fetchMock, next, offer);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
      await vi.waitFor(() => expect(checkoutState.slotTaken).toBe(true));
    });

    const [sent] = fetchMock.mock.calls.filter(([url]) => url === '/api/orders');
    expect(JSON.parse(sent?.[1]?.body as string)).toMatchObject({ DeliveryDate: '2026-12-02' });

    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(
      'Dieser Termin ist gerade vergeben. Bitte wählen Sie einen anderen Termin.',
    );
    expect(document.activeElement).toBe(alert);
    const radios = within(
      screen.getByRole('group', { name: 'Liefertermin' }),
    ).getAllByRole<HTMLInputElement>('radio');
    expect(radios.map((r) => [r.value, r.checked])).toEqual([
      ['2026-12-03', false],
      ['2026-12-04', false],
    ]);
    // Everything typed is still there.
    expect(screen.getByLabelText<HTMLInputElement>(/^Vorname/).value).toBe('Erika');
    expect(screen.getByLabelText<HTMLInputElement>(/^Straße/).value).toBe('Invalidenstraße');
    expect(screen.getByLabelText<HTMLInputElement>(/^E-Mail/).value).toBe('erika@example.org');
    expect(screen.getByRole<HTMLInputElement>('checkbox').checked).toBe(true);

    // Choosing another day: the notice goes; the order goes out with it.
    fireEvent.click(screen.getByLabelText('Fr., 04.12.2026'));
    expect(screen.queryByRole('alert')).toBeNull();
    fetchMock.mockImplementation(() => Promise.resolve(json({ message: 'egal' }, 503)));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
      await vi.waitFor(() => expect(checkoutState.phase).toBe('serverError'));
    });
    const bodies = fetchMock.mock.calls
      .filter(([url]) => url === '/api/orders')
      .map(([, init]) => JSON.parse(init?.body as string) as { DeliveryDate?: string });
    expect(bodies.map((b) => b.DeliveryDate)).toEqual(['2026-12-02', '2026-12-04']);
  });
});
