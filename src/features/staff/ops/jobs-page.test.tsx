import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { JobInfo, JobList } from '../../../api/contract/support';
import { JobsPage } from './jobs-page';

function job(overrides: Partial<JobInfo> & Pick<JobInfo, 'Id' | 'Name'>): JobInfo {
  return {
    Key: '2026-11-26',
    State: 'done',
    Attempts: 1,
    MaxAttempts: 5,
    RunAt: '2026-11-26T04:00:00.000Z',
    LockedUntil: null,
    LockedBy: null,
    LastError: null,
    CreatedAt: '2026-11-26T04:00:00.000Z',
    FinishedAt: null,
    LateSeconds: null,
    Stuck: false,
    Late: false,
    ...overrides,
  };
}

const LONG_ERROR = `Zeitüberschreitung beim Abruf der Preisliste: ${'x'.repeat(300)} Ende`;

const base: JobList = {
  Jobs: [
    job({
      Id: 1,
      Name: 'price-snapshot',
      State: 'done',
      LockedBy: 'web-1:4711:abc',
      FinishedAt: '2026-11-26T04:00:42.000Z',
      LateSeconds: 42,
    }),
    job({
      Id: 2,
      Name: 'telemetry-retention',
      Key: '2026-11-25',
      State: 'failed',
      Attempts: 5,
      LastError: 'relation "web_vitals" does not exist',
      FinishedAt: '2026-11-26T05:00:00.000Z',
      LateSeconds: 3600,
    }),
    job({
      Id: 3,
      Name: 'price-alarm-check',
      Key: '2026-11-26T08Z',
      State: 'running',
      Attempts: 2,
      LockedBy: 'web-2:99:def',
      LockedUntil: '2026-11-26T08:10:00.000Z',
      LateSeconds: 1500,
      Stuck: true,
      LastError: LONG_ERROR,
    }),
    job({
      Id: 4,
      Name: 'price-alarm-check',
      Key: '2026-11-26T09Z',
      State: 'pending',
      Attempts: 0,
      RunAt: '2026-11-26T09:00:00.000Z',
      LateSeconds: 300,
      Late: true,
    }),
    job({
      Id: 5,
      Name: 'price-snapshot',
      Key: '2026-11-27',
      State: 'pending',
      Attempts: 0,
      RunAt: '2026-11-27T00:00:00.000Z',
    }),
  ],
  Counts: { Pending: 2, Running: 1, Done: 120, Failed: 1, Stuck: 1, Late: 1 },
  Now: '2026-11-26T09:05:00.000Z',
};

let answer: () => Response;
let retryAnswer: (job: JobInfo) => Response;
let calls: string[];

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

beforeEach(() => {
  calls = [];
  answer = () => json(base);
  retryAnswer = (job) => json(job);
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://localhost').pathname;
      calls.push(`${init?.method ?? 'GET'} ${path}`.replace(/^GET /, ''));
      if (path === '/api/support/jobs') return Promise.resolve(answer());
      if (path === '/api/support/jobs/2/retry' && init?.method === 'POST') {
        const failed = base.Jobs[1]!;
        return Promise.resolve(retryAnswer({ ...failed, State: 'pending', MaxAttempts: 8 }));
      }
      return Promise.resolve(json({ message: 'Nicht gefunden' }, 404));
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/support/jobs']}>
      <JobsPage />
    </MemoryRouter>,
  );
}

const rowOf = (table: HTMLElement, key: string) => within(table).getByText(key).closest('tr')!;

describe('JobsPage', () => {
  it('lists the jobs with German headers, states, attempts, lateness and who ran them', async () => {
    renderPage();
    expect(screen.getByRole('status').textContent).toBe('Aufträge werden geladen …');
    const table = await screen.findByRole('table', { name: 'Aufträge der Warteschlange' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/[▲▼↕]/g, '')),
    ).toEqual([
      'Auftrag',
      'Schlüssel',
      'Status',
      'Versuche',
      'Fällig',
      'Verspätung',
      'Letzter Fehler',
      'Ausgeführt von',
    ]);

    const done = rowOf(table, '2026-11-26');
    expect(within(done).getByText('erledigt')).toBeTruthy();
    expect(within(done).getByText('1 von 5')).toBeTruthy();
    expect(within(done).getByText('42 s')).toBeTruthy();
    expect(within(done).getByText('web-1:4711:abc')).toBeTruthy();
    // Berlin time, as elsewhere in the staff area.
    expect(within(done).getByText('26.11.2026, 05:00')).toBeTruthy();

    const failed = rowOf(table, 'telemetry-retention');
    expect(within(failed).getByText('fehlgeschlagen')).toBeTruthy();
    expect(within(failed).getByText('5 von 5')).toBeTruthy();
    expect(within(failed).getByText('relation "web_vitals" does not exist')).toBeTruthy();
    expect(within(failed).getByText('1 h')).toBeTruthy();
  });

  it('marks a stuck job as "hängt" and a late pending job as "verspätet"', async () => {
    renderPage();
    const table = await screen.findByRole('table');
    const stuck = rowOf(table, '2026-11-26T08Z');
    expect(within(stuck).getByText('hängt')).toBeTruthy();
    expect(within(stuck).queryByText('läuft')).toBeNull();
    expect(within(stuck).getByText('25 min')).toBeTruthy();
    expect(within(stuck).getByText('web-2:99:def')).toBeTruthy();

    const late = rowOf(table, '2026-11-26T09Z');
    expect(within(late).getByText('wartet')).toBeTruthy();
    expect(within(late).getByText('verspätet')).toBeTruthy();
    expect(within(late).getByText('5 min')).toBeTruthy();

    const notDue = rowOf(table, '2026-11-27');
    expect(within(notDue).getByText('wartet')).toBeTruthy();
    expect(within(notDue).queryByText('verspätet')).toBeNull();
    expect(within(notDue).getByText('noch nicht fällig')).toBeTruthy();
  });

  it('runs a failed job again on request and says so; other jobs have no button', async () => {
    renderPage();
    const table = await screen.findByRole('table');
    expect(within(rowOf(table, '2026-11-26T08Z')).queryByRole('button')).toBeNull();
    const button = within(rowOf(table, 'telemetry-retention')).getByRole('button', {
      name: 'telemetry-retention (2026-11-25) erneut ausführen',
    });
    fireEvent.click(button);
    expect(
      await screen.findByText(
        'telemetry-retention (2026-11-25) ist wieder fällig und wird gleich ausgeführt.',
      ),
    ).toBeTruthy();
    expect(calls).toContain('POST /api/support/jobs/2/retry');
    // The list is read again.
    expect(calls.filter((c) => c === '/api/support/jobs').length).toBeGreaterThanOrEqual(2);
  });

  it('says in German when a job could not be run again', async () => {
    retryAnswer = () =>
      json({ message: 'Nur ein fehlgeschlagener Auftrag kann erneut ausgeführt werden.' }, 409);
    renderPage();
    const table = await screen.findByRole('table');
    fireEvent.click(within(rowOf(table, 'telemetry-retention')).getByRole('button'));
    expect(
      await screen.findByText('Nur ein fehlgeschlagener Auftrag kann erneut ausgeführt werden.'),
    ).toBeTruthy();
  });

  it('shows a long error shortened, the whole text on request', async () => {
    renderPage();
    const table = await screen.findByRole('table');
    const stuck = rowOf(table, '2026-11-26T08Z');
    expect(within(stuck).getByText(/^Zeitüberschreitung beim Abruf .*…$/)).toBeTruthy();
    const whole = within(stuck).getByText('Ganzer Fehlertext').closest('details')!;
    expect(whole.textContent).toContain(LONG_ERROR);
  });

  it('counts every state, the stuck and the late ones', async () => {
    renderPage();
    const summary = await screen.findByRole('region', { name: 'Übersicht' });
    const figure = (label: string) =>
      within(summary).getByText(label).closest('div')!.querySelector('dd')!.textContent;
    expect(figure('Wartend')).toBe('2');
    expect(figure('Verspätet')).toBe('1');
    expect(figure('Laufend')).toBe('1');
    expect(figure('Hängend')).toBe('1');
    expect(figure('Erledigt')).toBe('120');
    expect(figure('Fehlgeschlagen')).toBe('1');
    expect(within(summary).getByText('Die neuesten 5 von 124 Aufträgen.')).toBeTruthy();
    expect(screen.getByText('Stand: 10:05:00')).toBeTruthy();
  });

  it('filters by name, state or error', async () => {
    renderPage();
    await screen.findByRole('table');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Aufträge filtern' }), {
      target: { value: 'hängt' },
    });
    expect(screen.getByText('1 von 5 Einträgen')).toBeTruthy();
    expect(screen.getByText('2026-11-26T08Z')).toBeTruthy();
  });

  it('says so when the queue is empty', async () => {
    answer = () =>
      json({
        ...base,
        Jobs: [],
        Counts: { Pending: 0, Running: 0, Done: 0, Failed: 0, Stuck: 0, Late: 0 },
      });
    renderPage();
    expect(
      await screen.findByText('Die Warteschlange ist leer: Es wurde noch kein Auftrag angelegt.'),
    ).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('Noch keine Aufträge.')).toBeTruthy();
  });

  it('shows the error and loads again on "Erneut versuchen"', async () => {
    answer = () => json({ message: 'Bitte melden Sie sich an.' }, 401);
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe('Bitte melden Sie sich an.');
    answer = () => json(base);
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    await screen.findByRole('table');
    expect(calls.filter((p) => p === '/api/support/jobs')).toHaveLength(2);
  });

  it('loads again on "Aktualisieren"', async () => {
    renderPage();
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Aktualisieren' }));
    await screen.findByRole('table');
    await vi.waitFor(() => expect(calls.filter((p) => p === '/api/support/jobs')).toHaveLength(2));
  });
});
