import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Campaign } from '../../../api/contract/iam';
import { staffPaths } from '../../../lib/staff-routes';
import { CampaignEditPage } from './campaign-edit-page';
import { DrawShares, sharesOf, type ShareRow } from './draw-shares';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const saved: Campaign = {
  Id: 42,
  Name: 'Dresden',
  CampaignTypeId: 1,
  Weight: 10,
  StartsAt: '2026-11-01',
  EndsAt: null,
  CountryIds: [1],
  ZipRanges: '01067-01099',
  Active: true,
  Status: 'active',
  UpdatedAt: '2026-11-01T10:00:00.000Z',
  Usage: [],
};

let requests: { method: string; path: string; body: unknown }[];

beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      requests.push({
        method,
        path: url.pathname,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      if (url.pathname === '/api/iam/admin/campaigns' && method === 'POST') {
        return Promise.resolve(json(saved, 201));
      }
      if (url.pathname === '/api/iam/admin/campaigns/42') return Promise.resolve(json(saved));
      if (url.pathname === '/api/iam/admin/campaigns/42/history') return Promise.resolve(json([]));
      return Promise.resolve(json({ message: 'Nicht gefunden.' }, 404));
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderCreate() {
  return render(
    <MemoryRouter initialEntries={[staffPaths.supportCampaignCreate]}>
      <Routes>
        <Route path={staffPaths.supportCampaignCreate} element={<CampaignEditPage />} />
        <Route path={staffPaths.supportCampaign} element={<CampaignEditPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the campaign form', () => {
  it('checks the postal filter with the shared schema before sending', async () => {
    renderCreate();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Dresden' } });
    const zip = screen.getByLabelText('PLZ-Filter (optional)');
    fireEvent.change(zip, { target: { value: '01099-01067' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
      await Promise.resolve();
    });
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    expect(zip.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/liegt der Anfang hinter dem Ende/)).toBeTruthy();
    // The input stays as typed.
    expect((zip as HTMLTextAreaElement).value).toBe('01099-01067');
  });

  it('sends the text, then shows the saved campaign at its own address', async () => {
    renderCreate();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Dresden' } });
    fireEvent.change(screen.getByLabelText('PLZ-Filter (optional)'), {
      target: { value: '01067-01099' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
      await Promise.resolve();
    });
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.body).toMatchObject({
      Name: 'Dresden',
      CampaignTypeId: 1,
      Weight: 10,
      CountryIds: [1],
      ZipRanges: '01067-01099',
      EndsAt: null,
    });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Kampagne: Dresden',
    );
    expect(screen.getByRole('status').textContent).toBe('Angelegt.');
  });
});

describe('the draw shares', () => {
  const rows: ShareRow[] = [
    { key: 1, label: 'A', CampaignTypeId: 1, Weight: 30 },
    { key: 2, label: 'B', CampaignTypeId: 1, Weight: 10 },
    { key: 3, label: 'C', CampaignTypeId: 1, Weight: 50, outReason: 'pausiert' },
    { key: 4, label: 'Haus', CampaignTypeId: 2, Weight: 1 },
  ];

  it('gives paid items their weight share; paused ones and the house item none', () => {
    expect(sharesOf(rows)).toEqual([0.75, 0.25, 0, 0]);
  });

  it('lets the first running house item stand in when no paid item runs', () => {
    const house = rows.map((r) => (r.CampaignTypeId === 1 ? { ...r, outReason: 'abgelaufen' } : r));
    expect(sharesOf(house)).toEqual([0, 0, 0, 1]);
  });

  it('shows the percentages and why an item is out', () => {
    render(<DrawShares rows={rows} caption="Anteile" empty="leer" />);
    const list = screen.getByRole('list', { name: 'Anteile' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]?.textContent).toMatch(/(^|\D)75\s%\sder Aufrufe/);
    expect(items[1]?.textContent).toMatch(/(^|\D)25\s%\sder Aufrufe/);
    expect(items[2]?.textContent).toContain('nicht in der Ziehung (pausiert)');
    expect(items[3]?.textContent).toMatch(/(^|\D)0\s%\sder Aufrufe/);
  });
});
