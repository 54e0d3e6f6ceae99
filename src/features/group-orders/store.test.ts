import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectionLost, reportNoAnswer, resetConnection } from '../../api/connection';
import { joinGroup, startGroup } from './api';
import { validateJoin, validateStart, type JoinValues, type StartValues } from './form';
import { config, groupView, json } from './group-orders.fixtures';
import { household } from '../../ui/order-form/order-form.fixtures';
import {
  joinDraft,
  JOIN_STORAGE_KEY,
  resetGroupDrafts,
  START_STORAGE_KEY,
  startDraft,
} from './store';

const personal = { ...household(), zipCode: '10115' };

const checkStart = (values: StartValues) =>
  validateStart(values, { config, idempotencyKey: startDraft.state.idempotencyKey });
const checkJoin = (values: JoinValues) => validateJoin(values, { maxAmount: 27_000 });

function fillStart(extra: Partial<StartValues> = {}) {
  for (const [name, value] of Object.entries({
    ...personal,
    maxUnitPrice: '106',
    acceptedTerms: true,
    ...extra,
  })) {
    startDraft.setField(name as keyof StartValues, value, checkStart);
  }
}

function fillJoin(extra: Partial<JoinValues> = {}) {
  for (const [name, value] of Object.entries({
    ...personal,
    amount: '2000',
    paymentParameterId: '11',
    maxUnitPrice: '106',
    acceptedTerms: true,
    ...extra,
  })) {
    joinDraft.setField(name as keyof JoinValues, value, checkJoin);
  }
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

const sentKeys = () =>
  fetchMock.mock.calls
    .filter(([url]) => url === '/api/sammelbestellungen')
    .map(
      ([, init]) => (JSON.parse(init?.body as string) as { IdempotencyKey: string }).IdempotencyKey,
    );

beforeEach(() => {
  sessionStorage.clear();
  resetGroupDrafts();
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetGroupDrafts();
  sessionStorage.clear();
});

describe('group order drafts', () => {
  it('keep values and idempotency key over a reload; another group keeps only the household', () => {
    startDraft.open('config-a');
    fillStart({ deadlineHours: '168' });
    const key = startDraft.state.idempotencyKey;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);

    startDraft.reset(); // the page is gone; sessionStorage is what survives a reload
    startDraft.open('config-a');
    expect(startDraft.state.values.firstName).toBe('Erika');
    expect(startDraft.state.values.deadlineHours).toBe('168');
    expect(startDraft.state.values.acceptedTerms).toBe(true);
    expect(startDraft.state.idempotencyKey).toBe(key);

    // Another configuration is another group: new key; address kept, terms and price asked again.
    startDraft.open('config-b');
    expect(startDraft.state.idempotencyKey).not.toBe(key);
    expect(startDraft.state.values.street).toBe('Invalidenstraße');
    expect(startDraft.state.values.acceptedTerms).toBe(false);
    expect(startDraft.state.values.maxUnitPrice).toBe('');
    expect(startDraft.state.values.deadlineHours).toBe('72');
  });

  it('refuse an incomplete form with the first field to focus, and send nothing', async () => {
    joinDraft.open('ABCD2345');
    fillJoin({ lastName: '', amount: '300' });
    const outcome = await joinDraft.send(checkJoin, (r) => joinGroup('ABCD2345', r));
    expect(outcome).toEqual({ kind: 'invalid', focus: 'amount' });
    expect(joinDraft.state.errors.lastName).toBe('Nachname fehlt.');
    expect(fetchMock).not.toHaveBeenCalled();
    // Correcting the field takes its message away.
    joinDraft.setField('amount', '800', checkJoin);
    expect(joinDraft.state.errors.amount).toBeUndefined();
  });

  it('keep a send without an answer as queued, across a reload, and resend with the same key', async () => {
    startDraft.open('config-a');
    fillStart();
    const key = startDraft.state.idempotencyKey;
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await startDraft.send(checkStart, startGroup)).toEqual({ kind: 'queued' });
    expect(startDraft.state.phase).toBe('queued');
    expect(JSON.parse(sessionStorage.getItem(START_STORAGE_KEY) ?? '{}')).toMatchObject({
      queued: true,
      idempotencyKey: key,
    });

    startDraft.reset();
    startDraft.open('config-a'); // a reload while offline
    expect(startDraft.state.phase).toBe('queued');
    // Still no connection: nothing goes out.
    expect(connectionLost()).toBe(true);
    expect(await startDraft.send(checkStart, startGroup)).toEqual({ kind: 'queued' });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    resetConnection(); // the health probe answered: the connection is back
    fetchMock.mockResolvedValueOnce(json(groupView(), 201));
    const outcome = await startDraft.send(checkStart, startGroup);
    expect(outcome.kind).toBe('sent');
    expect(sentKeys()).toEqual([key, key]);
    // Sent: the next group starts afresh, the household's address stays.
    expect(startDraft.state.phase).toBe('editing');
    expect(startDraft.state.idempotencyKey).not.toBe(key);
    expect(startDraft.state.values.acceptedTerms).toBe(false);
    expect(startDraft.state.values.street).toBe('Invalidenstraße');
    expect(JSON.parse(sessionStorage.getItem(START_STORAGE_KEY) ?? '{}')).toMatchObject({
      queued: false,
    });
  });

  it('do not even try while the connection is known to be lost', async () => {
    joinDraft.open('ABCD2345');
    fillJoin();
    reportNoAnswer();
    expect(await joinDraft.send(checkJoin, (r) => joinGroup('ABCD2345', r))).toEqual({
      kind: 'queued',
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(JSON.parse(sessionStorage.getItem(JOIN_STORAGE_KEY) ?? '{}')).toMatchObject({
      scope: 'ABCD2345',
      queued: true,
    });
  });

  it('put the server’s issues on their fields (a neighbour too far away)', async () => {
    joinDraft.open('ABCD2345');
    fillJoin({ zipCode: '80331' });
    fetchMock.mockResolvedValueOnce(
      json(
        {
          message: 'Die Teilnahme ist ungültig.',
          issues: [
            {
              path: 'body.DeliveryAddress.ZipCode',
              message: 'Diese Adresse liegt nicht in der Nachbarschaft der Sammelbestellung.',
            },
          ],
        },
        400,
      ),
    );
    const outcome = await joinDraft.send(checkJoin, (r) => joinGroup('ABCD2345', r));
    expect(outcome).toEqual({ kind: 'invalid', focus: 'zipCode' });
    expect(joinDraft.state.errors.zipCode).toBe(
      'Diese Adresse liegt nicht in der Nachbarschaft der Sammelbestellung.',
    );
    expect(joinDraft.state.formError).toBeNull();
    expect(joinDraft.state.phase).toBe('editing');
  });

  it('say a refusal of the group (closed, full, too late) above the button', async () => {
    joinDraft.open('ABCD2345');
    fillJoin();
    fetchMock.mockResolvedValueOnce(
      json({ message: 'Die Sammelbestellung ist bereits abgeschlossen.' }, 409),
    );
    expect(await joinDraft.send(checkJoin, (r) => joinGroup('ABCD2345', r))).toEqual({
      kind: 'refused',
    });
    expect(joinDraft.state.formError).toBe('Die Sammelbestellung ist bereits abgeschlossen.');
    expect(joinDraft.state.phase).toBe('failed');
    // The input is kept.
    expect(joinDraft.state.values.firstName).toBe('Erika');
  });
});
