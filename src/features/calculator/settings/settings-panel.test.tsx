import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../db';
import { consentState, resetConsent } from '../../consent';
import { bodyOf, callsTo, stubServer, urlOf } from '../calculator.fixtures';
import {
  calculatorState,
  checkZip,
  initCalculator,
  inputZipCode,
  openSettings,
  resetCalculator,
} from '../store';
import { SettingsHost } from './settings-host';

async function openPanel() {
  render(<SettingsHost />);
  act(() => openSettings());
  // The panel is a lazy chunk: the first import takes a while in a cold test run.
  return screen.findByRole('dialog', { name: 'Heizöl-Rechner: Optionen' }, { timeout: 5000 });
}

beforeEach(async () => {
  await db.calculatorConfig.clear();
  await db.settings.where('key').startsWith('calculator-init:').delete();
  resetCalculator();
  resetConsent();
  consentState.status = 'ready';
  consentState.choice = { preferences: true, statistics: false, decidedAt: 0 };
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetCalculator();
  resetConsent();
});

describe('SettingsPanel (SPEC §2, §4)', () => {
  it('has one group per parameter group with exactly one item selected', async () => {
    stubServer();
    await initCalculator({ countryId: 1, target: 'DEFAULT' });
    const panel = await openPanel();
    for (const [legend, checked] of [
      ['Lieferzeit', 'Standard (bis 3 Wochen)'],
      ['Zahlungsart', 'Rechnung'],
      ['Schlauchlänge', 'bis 40 m'],
      ['Tankwagen', 'Standard-Tankwagen'],
      ['Lieferzeitfenster', 'ganztags'],
    ] as const) {
      const group = within(panel).getByRole('group', { name: legend });
      const radios = within(group).getAllByRole<HTMLInputElement>('radio');
      expect(radios.filter((r) => r.checked)).toHaveLength(1);
      const selected = within(group).getByRole('radio', {
        name: (name) => name.startsWith(checked),
      });
      expect(selected).toHaveProperty('checked', true);
    }
    const express = within(panel).getByRole('radio', { name: /Express/ });
    fireEvent.click(express);
    expect(calculatorState.config.Parameters[0]).toEqual({ Id: 6 });
    fireEvent.click(within(panel).getByRole('radio', { name: /Ratenzahlung/ }));
    expect(calculatorState.config.Parameters[1]).toEqual({ Id: 23, Modifier: 12 });
  });

  it('toggles premium and climate neutral between normal and upsell variant; stations; appointment plus', async () => {
    stubServer();
    await initCalculator({ countryId: 1, target: 'DEFAULT' });
    const panel = await openPanel();
    const premium = within(panel).getByRole('switch', { name: /Premium-Qualität/ });
    fireEvent.click(premium);
    expect(calculatorState.config.Product.Id).toBe(2);
    fireEvent.click(premium);
    expect(calculatorState.config.Product.Id).toBe(1);
    fireEvent.click(within(panel).getByRole('switch', { name: /Klimaneutral/ }));
    expect(calculatorState.config.Product.ClimateNeutral).toBe(true);
    const three = within(panel).getByRole('radio', { name: '3 Abladestellen' });
    fireEvent.click(three);
    expect(calculatorState.config.Stations).toBe(3);
    fireEvent.click(within(panel).getByRole('switch', { name: /Termin-Plus/ }));
    expect(calculatorState.config.AppointmentPlus).toBe(true);
    // Premium (switched back), express and installment are left.
    expect(calculatorState.config.UpsellCount).toBe(3);
  });

  it('while installment is chosen, one station only: the choice is disabled and says why', async () => {
    stubServer();
    await initCalculator({ countryId: 1, target: 'DEFAULT' });
    const panel = await openPanel();
    fireEvent.click(within(panel).getByRole('radio', { name: '3 Abladestellen' }));
    expect(calculatorState.config.Stations).toBe(3);
    fireEvent.click(within(panel).getByRole('radio', { name: /Ratenzahlung/ }));
    expect(calculatorState.config.Stations).toBe(1);

    const stations = within(panel).getByRole('group', { name: 'Abladestellen' });
    const hint = 'Bei Ratenzahlung ist nur eine Abladestelle möglich.';
    expect(stations.textContent).toContain(hint);
    const one = within(stations).getByRole('radio', { name: '1 Abladestelle' });
    expect(one).toHaveProperty('checked', true);
    for (const radio of within(stations).getAllByRole('radio')) {
      expect(radio).toHaveProperty('disabled', true);
    }
    expect(
      within(stations).getByRole('radio', {
        name: '3 Abladestellen',
        description: (text) => text.includes(hint),
      }),
    ).toBeTruthy();

    fireEvent.click(within(panel).getByRole('radio', { name: /Rechnung/ }));
    expect(stations.textContent).not.toContain(hint);
    const three = within(stations).getByRole('radio', { name: '3 Abladestellen' });
    expect(three).toHaveProperty('disabled', false);
    fireEvent.click(three);
    expect(calculatorState.config.Stations).toBe(3);
  });

  it('shows the smallest upsell price difference once the postal code is confirmed', async () => {
    const { fetchMock } = stubServer({
      upselling: {
        9999: [
          { ForgeinId: 1, PriceDifference: 18.9, UnitPriceDifference: 0.63 },
          { ForgeinId: 2, PriceDifference: 12.4, UnitPriceDifference: 0.41 },
        ],
        10001: 'fail',
      },
    });
    await initCalculator({ countryId: 1, target: 'DEFAULT' });
    const panel = await openPanel();
    expect(callsTo(fetchMock, '/api/kalkulation/upselling')).toHaveLength(0);
    inputZipCode('10115');
    await act(() => checkZip());
    const climate = within(panel).getByRole('switch', { name: /Klimaneutral/ });
    await waitFor(() =>
      expect(climate.closest('label')?.textContent?.replace(/\s/g, ' ')).toContain('ab +12,40 €'),
    );
    // The premium hint failed: no hint, no error.
    expect(
      within(panel)
        .getByRole('switch', { name: /Premium/ })
        .closest('label')?.textContent,
    ).not.toMatch(/ab \+/);
    const calls = callsTo(fetchMock, '/api/kalkulation/upselling');
    expect(calls.map(([input]) => urlOf(input).search).sort()).toEqual([
      '?upsellingKey=10001',
      '?upsellingKey=9999',
    ]);
    expect(bodyOf(calls[0]?.[1])).toMatchObject({
      ZipCode: '10115',
      Amount: 3000,
      CountryId: 1,
    });
  });

  it('closes with "Fertig"', async () => {
    stubServer();
    await initCalculator({ countryId: 1, target: 'DEFAULT' });
    const panel = await openPanel();
    fireEvent.click(within(panel).getByRole('button', { name: 'Fertig' }));
    expect(calculatorState.settingsOpen).toBe(false);
  });

  it('offers a retry when the calculator data could not be loaded', async () => {
    const { server } = stubServer({ init: 'fail' });
    await initCalculator({ countryId: 1, target: 'DEFAULT' });
    const panel = await openPanel();
    expect(within(panel).getByRole('alert').textContent).toContain(
      'Die Optionen konnten nicht geladen werden.',
    );
    server.init = undefined;
    fireEvent.click(within(panel).getByRole('button', { name: 'Erneut versuchen' }));
    expect(await within(panel).findByRole('group', { name: 'Lieferzeit' })).toBeTruthy();
  });
});
