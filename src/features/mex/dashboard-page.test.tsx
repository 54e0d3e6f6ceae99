import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectConsole } from '../../../tests/support/setup-console';
import type { MexDashboard, MexTankDetail } from '../../api/contract/mex';
import { db } from '../../db';
import { resetSession, sessionState, userFromToken } from '../session';
import { MexDashboardPage } from './dashboard-page';
import { resetMexSnapshot } from './snapshot';

// uPlot draws on a canvas happy-dom does not have; the chart's frame and table are what counts.
vi.mock('./components/uplot-chart', () => ({
  default: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const base64url = (text: string) =>
  btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const token = (claims: Record<string, unknown>) =>
  `${base64url('{"alg":"HS256"}')}.${base64url(JSON.stringify(claims))}.c2ln`;

const tank = (Value: number, Name: string, extra: Partial<MexTankDetail> = {}): MexTankDetail => ({
  Value,
  Selected: Value === 7,
  Name,
  Litres: 1260,
  Percent: 42,
  UsableL: 3000,
  FreeL: 1740,
  CountryId: 1,
  ZipCode: '10115',
  ProductGroupId: 1,
  MeasuredAt: new Date().toISOString(),
  DaysLeft: 84,
  CapacityL: 3200,
  Serial: 'MX-1A2B-3C4D',
  BatteryPct: 80,
  TemperatureC: 11.5,
  BatteryLow: false,
  Silent: false,
  Forecast: {
    Avg7Days: 14.2,
    AvgSeason: 12.8,
    PerDay: 14.2,
    DaysLeft: 84,
    EmptyOn: '2027-02-12',
    LeadDays: 5,
    OrderBy: '2027-02-03',
    PricePer100L: 98.5,
    Currency: 'EUR',
    PriceChangePercent: 3.2,
    PriceTrend: 'steigend',
    Advice: 'Die Preise steigen: bald bestellen.',
  },
  ...extra,
});

const dashboard = (tanks: MexTankDetail[]): MexDashboard => ({
  Tanks: tanks,
  GeneratedAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function serve(answer: (url: string) => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => Promise.resolve(answer(url))),
  );
}

const readings = (url: string) => {
  const sensor = Number(/sensors\/(\d+)/.exec(url)?.[1]);
  return json({
    SensorId: sensor,
    Range: 'tage',
    Points: [
      { At: '2026-11-18T06:00:00Z', Litres: 1300 },
      { At: '2026-11-19T06:00:00Z', Litres: 1280 },
    ],
  });
};

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/mein-mex']}>
      <MexDashboardPage />
    </MemoryRouter>,
  );
}

beforeEach(async () => {
  resetSession();
  resetMexSnapshot();
  await db.settings.clear();
  sessionState.User = userFromToken(
    token({
      sub: '42',
      id: 42,
      exp: 4_000_000_000,
      role: 'Role_Customer',
      firstName: 'Erika',
      hasMexEnabled: 'true',
    }),
  );
  sessionState.LoggedIn = true;
});
afterEach(() => {
  resetMexSnapshot();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('MexDashboardPage', () => {
  it('shows each tank with its level, forecast, prefilled comparison, chart and table', async () => {
    serve((url) =>
      url.startsWith('/api/site/mex/dashboard')
        ? json(dashboard([tank(7, 'Keller'), tank(9, 'Ferienhaus', { ProductGroupId: 2 })]))
        : url.startsWith('/api/site/mex/sensors/')
          ? readings(url)
          : json({ AvailableTanks: [] }),
    );
    renderPage();
    const keller = await screen.findByRole('region', { name: 'Keller' });
    expect(
      within(keller).getByRole('meter', { name: 'Füllstand' }).getAttribute('aria-valuenow'),
    ).toBe('42');
    expect(keller.textContent).toContain('1.260 L von 3.000 L nutzbar');
    expect(keller.textContent).toContain('reicht bis 12.02.2027');
    expect(keller.textContent).toContain('Bestellen bis 03.02.2027');
    expect(keller.textContent).toContain('Heute: 98,50\u00a0€ je 100 L');
    expect(keller.textContent).toContain('Preise steigend (+3,2 % in 14 Tagen)');
    expect(within(keller).getByRole('link', { name: 'Jetzt Preise vergleichen' })).toHaveProperty(
      'pathname',
      '/heizoel/angebotsliste',
    );
    const ferien = screen.getByRole('region', { name: 'Ferienhaus' });
    expect(
      within(ferien).getByRole('link', { name: 'Jetzt Preise vergleichen' }).getAttribute('href'),
    ).toBe('/diesel/angebotsliste?zipCode=10115&amount=1740');
    await within(keller).findByRole('img', { name: 'Diagramm: Füllstand Keller in Litern' });
    const table = within(keller).getByRole('table', { hidden: true });
    const rows = within(table).getAllByRole('row', { hidden: true });
    // Header, then newest first.
    expect(rows[1]?.textContent).toContain('1.280 L');
    expect(rows[2]?.textContent).toContain('1.300 L');
  });

  it('warns about a low battery and a silent sensor', async () => {
    serve((url) =>
      url.startsWith('/api/site/mex/dashboard')
        ? json(dashboard([tank(7, 'Keller', { BatteryLow: true, BatteryPct: 12, Silent: true })]))
        : url.startsWith('/api/site/mex/sensors/')
          ? readings(url)
          : json({ AvailableTanks: [] }),
    );
    renderPage();
    const keller = await screen.findByRole('region', { name: 'Keller' });
    expect(keller.textContent).toContain('Batterie schwach (12 %): unter 20 %');
    expect(keller.textContent).toContain('seit über 48 Stunden nicht');
  });

  it('says what to do when no sensor is connected', async () => {
    serve((url) =>
      url.startsWith('/api/site/mex/dashboard')
        ? json(dashboard([]))
        : json({ AvailableTanks: [] }),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Noch kein Sensor verbunden' })).toBeTruthy();
  });

  it('offers "Erneut versuchen" when loading fails and nothing is kept', async () => {
    serve(() => json({ message: 'Fehler' }, 500));
    // The banner's snapshot fails too: only logged (SPEC §7).
    expectConsole('warn');
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Ihre Tankdaten konnten nicht geladen werden.');
    expect(within(alert).getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  });

  it('offline, shows the owner’s last copy with its age', async () => {
    serve((url) =>
      url.startsWith('/api/site/mex/dashboard')
        ? json(dashboard([tank(7, 'Keller')]))
        : url.startsWith('/api/site/mex/sensors/')
          ? readings(url)
          : json({ AvailableTanks: [] }),
    );
    const first = renderPage();
    await screen.findByRole('region', { name: 'Keller' });
    await waitFor(async () => expect(await db.settings.count()).toBeGreaterThanOrEqual(2));
    first.unmount();

    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expectConsole('warn');
    renderPage();
    const notice = await screen.findByText(/Offline-Kopie: Sie sehen die zuletzt geladenen Werte/);
    expect(notice.textContent).toContain('Stand: vor 3 Stunden');
    const keller = screen.getByRole('region', { name: 'Keller' });
    await within(keller).findByText(/Offline-Kopie, Stand:/);
    expect(within(keller).getByRole('table', { hidden: true })).toBeTruthy();
  });
});
