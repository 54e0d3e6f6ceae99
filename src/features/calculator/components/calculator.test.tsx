import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeCalculatorConfig } from '../../../db';
import { consentState, resetConsent } from '../../consent';
import { resetLocale, setLocale } from '../../locale';
import { bodyOf, callsTo, stubServer } from '../calculator.fixtures';
import { calculatorState, defaultConfig, resetCalculator, type CalculatorTarget } from '../store';
import { Calculator } from './calculator';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function setup(target: CalculatorTarget = 'DEFAULT') {
  render(
    <MemoryRouter>
      <Routes>
        <Route path="/" element={<Calculator target={target} />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  const form = screen.getByRole('form');
  return {
    form,
    zip: within(form).getByLabelText<HTMLInputElement>('PLZ'),
    amount: within(form).getByLabelText<HTMLInputElement>('Liter'),
    start: within(form).getByRole('button', { name: /Preise vergleichen/ }),
    settings: within(form).getByRole('button', { name: /Rechner/ }),
  };
}

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

beforeEach(() => {
  resetCalculator();
  resetConsent();
  consentState.status = 'ready';
  consentState.choice = { preferences: false, statistics: false, decidedAt: 0 };
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetCalculator();
  resetConsent();
  resetLocale();
});

describe('Calculator form (SPEC §2, §5)', () => {
  it('has PLZ, Liter (3.000 by default), start and the settings button with the upsell badge', async () => {
    stubServer();
    const { zip, amount, settings } = setup();
    expect(zip.value).toBe('');
    expect(amount.value).toBe('3.000');
    expect(settings.textContent).toContain('Heizöl-Rechner');
    await waitFor(() => expect(settings.textContent).toContain('5'));
    expect(settings.textContent).toContain('5 weitere Optionen');
  });

  it('reads "Diesel-Rechner" and shows no badge for the diesel target', async () => {
    const { fetchMock } = stubServer();
    const { settings } = setup('DIESEL');
    await waitFor(() => expect(callsTo(fetchMock, '/api/kalkulation/init/1/2')).toHaveLength(1));
    await waitFor(() => expect(calculatorState.init).not.toBeNull());
    expect(settings.textContent).toContain('Diesel-Rechner');
    expect(settings.textContent).not.toMatch(/weitere Option/);
  });

  it('keeps digits only in the postal code, up to the country length', () => {
    stubServer();
    const { zip } = setup();
    type(zip, '1a0b1c');
    expect(zip.value).toBe('101');
    type(zip, '101155');
    expect(zip.value).toBe('10115');
  });

  it('clears the postal code on a pointer press, and brings it back when nothing was typed', () => {
    stubServer();
    const { zip, amount } = setup();
    type(zip, '10115');
    fireEvent.blur(zip);
    fireEvent.pointerDown(zip);
    fireEvent.focus(zip);
    expect(zip.value).toBe('');
    fireEvent.blur(zip);
    expect(zip.value).toBe('10115');
    // Typing after the clear keeps the new code.
    fireEvent.pointerDown(zip);
    type(zip, '8');
    fireEvent.blur(zip);
    expect(zip.value).toBe('8');
    expect(calculatorState.config.ZipCode).toBe('8');
    // Keyboard focus does not clear.
    amount.focus();
    zip.focus();
    expect(zip.value).toBe('8');
  });

  it('shows the amount with thousands separators while typing; non-digits go; empty is 0', () => {
    stubServer();
    const { amount } = setup();
    type(amount, '12500');
    expect(amount.value).toBe('12.500');
    expect(calculatorState.config.Amount).toBe(12_500);
    type(amount, '1x2.0005');
    expect(amount.value).toBe('120.005');
    type(amount, '');
    expect(amount.value).toBe('');
    expect(calculatorState.config.Amount).toBe(0);
    fireEvent.blur(amount);
    expect(amount.value).toBe('0');
  });

  it('shows the errors in a popover on submit, marks the fields and disables the buttons', async () => {
    const { fetchMock } = stubServer();
    const { zip, amount, start, settings } = setup();
    type(zip, '1011');
    type(amount, '400');
    fireEvent.click(start);
    const popover = await screen.findByRole('alertdialog', {
      name: 'Bitte prüfen Sie Ihre Eingaben',
    });
    const items = within(popover).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'PLZ: Eine Postleitzahl in Deutschland hat 5 Ziffern. Bitte prüfen Sie Ihre Eingabe.',
      'Liter: Die Mindestmenge beträgt 500 Liter.',
    ]);
    expect(zip.getAttribute('aria-invalid')).toBe('true');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(
      document.getElementById(zip.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toMatch(/5 Ziffern/);
    expect(start.getAttribute('aria-disabled')).toBe('true');
    expect(settings.getAttribute('aria-disabled')).toBe('true');
    expect(callsTo(fetchMock, '/api/location')).toHaveLength(0);

    // "Eingaben korrigieren" closes the popover and puts the cursor into the first wrong field.
    fireEvent.click(within(popover).getByRole('button', { name: 'Eingaben korrigieren' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(zip);

    // Fixed: the buttons are enabled again.
    type(zip, '10115');
    type(amount, '1500');
    expect(start.getAttribute('aria-disabled')).toBeNull();
  });

  it('reports an unknown postal code (server answer false) and 40.000 litres', async () => {
    stubServer();
    const { zip, amount, start } = setup();
    type(zip, '00000');
    type(amount, '40000');
    fireEvent.click(start);
    const popover = await screen.findByRole('alertdialog');
    expect(popover.textContent).toContain('Diese Postleitzahl konnten wir nicht finden');
    expect(popover.textContent).toContain('Die Höchstmenge beträgt 32.000 Liter je Bestellung.');
  });

  it('closes the popover with Escape and goes to the first wrong field', async () => {
    stubServer();
    const { zip, start } = setup();
    fireEvent.click(start);
    const popover = await screen.findByRole('alertdialog');
    expect(popover.textContent).toContain('Bitte geben Sie Ihre Postleitzahl ein.');
    fireEvent(popover, new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(zip);
  });

  it('a press on the disabled settings button explains instead of opening', async () => {
    stubServer();
    const { amount, settings } = setup();
    type(amount, '100');
    fireEvent.blur(amount);
    expect(settings.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(settings);
    expect(await screen.findByRole('alertdialog')).toBeTruthy();
    expect(calculatorState.settingsOpen).toBe(false);
  });

  it('opens the settings when the form is fine', () => {
    stubServer();
    const { settings } = setup();
    fireEvent.click(settings);
    expect(calculatorState.settingsOpen).toBe(true);
  });

  it('goes to the offer list with the exact query', async () => {
    stubServer();
    const { zip, amount, start } = setup();
    type(zip, '10115');
    type(amount, '3000');
    await act(async () => {
      fireEvent.click(start);
      await Promise.resolve();
    });
    expect((await screen.findByTestId('where')).textContent).toBe(
      '/heizoel/angebotsliste?zipCode=10115&amount=3000&stations=1&product=1&options=5,24,-2,11,9&cn=0&ap=0',
    );
  });

  it('uses the locale: 4 digits and country 2 in Austria', async () => {
    const { fetchMock } = stubServer();
    setLocale('at');
    const { zip, start } = setup();
    type(zip, '10105');
    expect(zip.value).toBe('1010');
    fireEvent.click(start);
    expect((await screen.findByTestId('where')).textContent).toMatch(
      /^\/heizoel\/angebotsliste\?zipCode=1010&amount=3000&stations=1&product=6&/,
    );
    const [, init] = callsTo(fetchMock, '/api/location/check-zipcode')[0] ?? [];
    expect(bodyOf(init)).toEqual({ ZipCode: '1010', CountryId: 2 });
  });
});

describe('the saved configuration (SPEC §4) and what the visitor does first', () => {
  const saved = () => ({ ...defaultConfig(1), ZipCode: '80331', Amount: 5000 });

  /** Renders with a saved configuration whose consent is still being read, then allows it. */
  async function arriving(first: (form: ReturnType<typeof setup>) => void) {
    stubServer();
    await writeCalculatorConfig(saved(), Date.now());
    resetConsent();
    const form = setup();
    act(() => first(form));
    act(() => {
      consentState.status = 'ready';
      consentState.choice = { preferences: true, statistics: false, decidedAt: 0 };
    });
  }

  it('fills the form when the visitor first opened the options (a button takes no input)', async () => {
    await arriving(({ settings }) => settings.focus());
    await waitFor(() =>
      expect(calculatorState.config).toMatchObject({ ZipCode: '80331', Amount: 5000 }),
    );
  });

  it('does not replace a field the visitor is in', async () => {
    await arriving(({ zip }) => zip.focus());
    await waitFor(() => expect(calculatorState.initialising).toBe(false));
    // The restore, had it come, follows the calculator data within the same turn.
    await act(() => Promise.resolve());
    expect(calculatorState.config).toMatchObject({ ZipCode: '', Amount: 3000 });
  });
});
