import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCALES, type Locale } from '../../../lib/locale';
import { resetFormatWorker } from '../../../workers/format';
import { ZipCheckForm } from './zip-check-form';

const fetchMock = vi.fn<typeof fetch>();

function answer(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function setup(locale: Locale = LOCALES.de) {
  render(<ZipCheckForm locale={locale} />);
  const form = screen.getByRole('form', { name: 'Liefergebiet prüfen' });
  const zip = within(form).getByLabelText('PLZ');
  const amount = within(form).getByLabelText('Liter');
  const submit = within(form).getByRole('button', { name: 'Prüfen' });
  return {
    form,
    zip: zip as HTMLInputElement,
    amount: amount as HTMLInputElement,
    type: (input: HTMLElement, value: string) => {
      fireEvent.change(input, { target: { value } });
    },
    submit: () => {
      fireEvent.click(submit);
    },
  };
}

function checkedBodies(): unknown[] {
  return fetchMock.mock.calls.map(([, init]) => JSON.parse(init?.body as string) as unknown);
}

beforeEach(() => {
  // happy-dom has no Worker; make the main-thread fallback explicit, whatever the environment.
  vi.stubGlobal('Worker', undefined);
  resetFormatWorker();
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(answer(true));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetFormatWorker();
});

describe('ZipCheckForm (SPEC §5)', () => {
  it('starts with the default amount of 3.000 litres', () => {
    const { amount, zip } = setup();
    expect(amount.value).toBe('3.000');
    expect(zip.value).toBe('');
  });

  it('asks for a postal code when it is empty, without asking the server', async () => {
    const { submit, zip } = setup();
    submit();
    expect(await screen.findByText('Bitte geben Sie Ihre Postleitzahl ein.')).toBeTruthy();
    expect(zip.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('wants 5 digits in Germany', async () => {
    const { submit, type, zip } = setup();
    type(zip, '1234');
    submit();
    expect(await screen.findByText('Die Postleitzahl muss aus 5 Ziffern bestehen.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps digits only in the postal code field, up to the locale length', () => {
    const { type, zip } = setup();
    type(zip, '1a0b1c');
    expect(zip.value).toBe('101');
    type(zip, '101155');
    expect(zip.value).toBe('10115');
  });

  it('says the postal code is unknown when the server answers false', async () => {
    fetchMock.mockResolvedValue(answer(false));
    const { submit, type, zip } = setup();
    type(zip, '99999');
    submit();
    expect(
      await screen.findByText('Diese Postleitzahl kennen wir nicht. Bitte prüfen Sie die Eingabe.'),
    ).toBeTruthy();
    expect(checkedBodies()).toEqual([{ ZipCode: '99999', CountryId: 1 }]);
    expect(screen.queryByText(/ist in Deutschland bekannt/)).toBeNull();
  });

  it.each([
    ['the network fails', () => fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))],
    [
      'the server fails',
      () => fetchMock.mockResolvedValue(answer({ message: 'Interner Fehler' }, 500)),
    ],
  ])('counts the postal code as unknown when %s (SPEC §8)', async (_label, arrange) => {
    arrange();
    const { submit, type, zip } = setup();
    type(zip, '10115');
    submit();
    expect(
      await screen.findByText('Diese Postleitzahl kennen wir nicht. Bitte prüfen Sie die Eingabe.'),
    ).toBeTruthy();
  });

  it('confirms a known postal code with the formatted amount', async () => {
    const { submit, type, zip } = setup();
    type(zip, '10115');
    submit();
    const message = await screen.findByText(/Die Postleitzahl 10115 ist in Deutschland bekannt/);
    expect(message.textContent).toContain('3.000 Liter');
    expect(checkedBodies()).toEqual([{ ZipCode: '10115', CountryId: 1 }]);
    expect(zip.getAttribute('aria-invalid')).toBe('false');
  });

  it('rejects an amount below the minimum of 500 litres', async () => {
    const { amount, submit, type, zip } = setup();
    type(zip, '10115');
    type(amount, '400');
    submit();
    expect(await screen.findByText('Die Mindestmenge beträgt 500 Liter.')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(/bekannt/)).toBeNull();
  });

  it('rejects an amount above the maximum of 32.000 litres', async () => {
    const { amount, submit, type, zip } = setup();
    type(zip, '10115');
    type(amount, '40000');
    submit();
    expect(await screen.findByText('Die Höchstmenge beträgt 32.000 Liter.')).toBeTruthy();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(/bekannt/)).toBeNull();
  });

  it('asks for an amount when the field is empty', async () => {
    const { amount, submit, type, zip } = setup();
    type(zip, '10115');
    type(amount, '');
    submit();
    expect(
      await screen.findByText('Bitte geben Sie die gewünschte Menge in Litern ein.'),
    ).toBeTruthy();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  });

  it('strips non-digits from the amount and shows thousands separators on blur', async () => {
    const { amount, type } = setup();
    type(amount, '12x000');
    expect(amount.value).toBe('12000');
    fireEvent.blur(amount);
    await waitFor(() => expect(amount.value).toBe('12.000'));
  });

  it('accepts 4 digits in Austria and checks them against country 2', async () => {
    const { submit, type, zip } = setup(LOCALES.at);
    type(zip, '10105');
    expect(zip.value).toBe('1010');
    submit();
    expect(await screen.findByText(/Die Postleitzahl 1010 ist in Österreich bekannt/)).toBeTruthy();
    expect(checkedBodies()).toEqual([{ ZipCode: '1010', CountryId: 2 }]);
  });

  it('wants 4 digits in Switzerland', async () => {
    const { submit, type, zip } = setup(LOCALES.ch);
    type(zip, '123');
    submit();
    expect(await screen.findByText('Die Postleitzahl muss aus 4 Ziffern bestehen.')).toBeTruthy();
  });

  it('does not ask the server while offline and says so', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const { submit, type, zip } = setup();
      type(zip, '10115');
      submit();
      expect(
        await screen.findByText(
          'Sie sind offline. Die Prüfung der Postleitzahl braucht eine Verbindung.',
        ),
      ).toBeTruthy();
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      onLine.mockRestore();
    }
  });
});
