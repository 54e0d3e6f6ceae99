/**
 * The order form draft: no lost input. What a user typed survives a reload, an offline send is
 * still queued after one, the account fills only what is empty, and another scope keeps only
 * what the form carries over.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDraft } from './draft';
import { emptyHousehold, fieldMap, type HouseholdValues } from './model';

type Name = keyof HouseholdValues;

const fields = fieldMap<Name>({}, ['firstName', 'lastName', 'email', 'acceptedTerms']);
const KEY = 'ok-test-draft';

const draft = createDraft<HouseholdValues, Name, 'failed', { note: string | null }>({
  storageKey: KEY,
  empty: emptyHousehold,
  fields,
  // Another scope: the address stays, the terms are asked again.
  carry: (values) => ({ ...values, acceptedTerms: false }),
  extra: () => ({ note: null }),
});

const stored = () => JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Record<string, unknown>;
const noCheck = () => ({ ok: true as const, request: null });

beforeEach(() => {
  sessionStorage.clear();
  draft.reset();
});

afterEach(() => {
  draft.reset();
  sessionStorage.clear();
});

describe('order form draft', () => {
  it('survives a reload: same scope, same values, same idempotency key', () => {
    draft.open('offer-a');
    draft.setField('firstName', 'Erika', noCheck);
    draft.setField('acceptedTerms', true, noCheck);
    const key = draft.state.idempotencyKey;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);

    draft.reset(); // the page is gone; sessionStorage is what survives a reload
    draft.open('offer-a');
    expect(draft.state.values.firstName).toBe('Erika');
    expect(draft.state.values.acceptedTerms).toBe(true);
    expect(draft.state.idempotencyKey).toBe(key);

    // Another scope is another order: new key, what the form carries over.
    draft.open('offer-b');
    expect(draft.state.idempotencyKey).not.toBe(key);
    expect(draft.state.values.firstName).toBe('Erika');
    expect(draft.state.values.acceptedTerms).toBe(false);
  });

  it('reads a checkout draft stored before the forms shared it (scope then named selectionKey)', () => {
    sessionStorage.setItem(
      KEY,
      JSON.stringify({
        selectionKey: 'offer-a',
        values: { firstName: 'Erika' },
        idempotencyKey: '0b6f8a2e-4c1d-4e7a-9f3b-2a5c6d7e8f90',
        prefilled: false,
      }),
    );
    draft.open('offer-a');
    expect(draft.state.values.firstName).toBe('Erika');
    expect(draft.state.idempotencyKey).toBe('0b6f8a2e-4c1d-4e7a-9f3b-2a5c6d7e8f90');
  });

  it('starts empty from garbage in storage', () => {
    sessionStorage.setItem(KEY, '{not json');
    draft.open('offer-a');
    expect(draft.state.values).toEqual(emptyHousehold());
  });

  it('keeps a queued send queued over a reload', () => {
    draft.open('group-a');
    draft.state.phase = 'queued';
    draft.persist();
    expect(stored()).toMatchObject({ queued: true, scope: 'group-a' });
    draft.reset();
    draft.open('group-a');
    expect(draft.state.phase).toBe('queued');
    // Not for another scope.
    draft.open('group-b');
    expect(draft.state.phase).toBe('editing');
  });

  it('fills only empty fields from the account, and says so only for account data', () => {
    draft.open('offer-a');
    draft.setField('email', 'eigene@example.org', noCheck);
    draft.prefill({ accessNotes: 'Hof' }, false);
    expect(draft.state.prefilled).toBe(false);
    draft.prefill({ email: 'konto@example.org', firstName: 'Max', phone: '030 2' });
    expect(draft.state.values.email).toBe('eigene@example.org');
    expect(draft.state.values.firstName).toBe('Max');
    expect(draft.state.values.accessNotes).toBe('Hof');
    expect(draft.state.prefilled).toBe(true);
  });

  it('puts messages at their fields and names the first in page order to focus', () => {
    draft.open('offer-a');
    expect(
      draft.refuse({
        errors: { email: 'Die E-Mail-Adresse fehlt.', lastName: 'Nachname fehlt.' },
        other: [],
      }),
    ).toEqual({ kind: 'invalid', focus: 'lastName' });
    // Correcting a field checks it again: its message goes.
    draft.setField('lastName', 'Musterfrau', () => ({
      ok: false,
      errors: { email: 'Die E-Mail-Adresse fehlt.' },
      other: [],
    }));
    expect(draft.state.errors).toEqual({ email: 'Die E-Mail-Adresse fehlt.' });
  });

  it('takes the server’s issues: on their field, or above the button when no field owns them', () => {
    draft.open('offer-a');
    expect(
      draft.takeIssues(
        [{ path: 'body.DeliveryAddress.FirstName', message: 'Vorname fehlt.' }],
        'Ungültig.',
      ),
    ).toEqual({ kind: 'invalid', focus: 'firstName' });
    expect(draft.state.formError).toBeNull();
    draft.takeIssues(
      [{ path: 'body.DealerId', message: 'Den Händler gibt es nicht.' }],
      'Ungültig.',
    );
    expect(draft.state.errors).toEqual({});
    expect(draft.state.formError).toBe('Den Händler gibt es nicht.');
  });

  it('after a send starts the next form with what carries over and a new key', () => {
    draft.open('offer-a');
    draft.setField('street', 'Invalidenstraße', noCheck);
    draft.setField('acceptedTerms', true, noCheck);
    draft.state.note = 'kept';
    const key = draft.state.idempotencyKey;
    draft.finish();
    expect(draft.state.idempotencyKey).not.toBe(key);
    expect(draft.state.values.street).toBe('Invalidenstraße');
    expect(draft.state.values.acceptedTerms).toBe(false);
    // The form's own state is the form's.
    expect(draft.state.note).toBe('kept');
    expect(stored()).toMatchObject({ values: { acceptedTerms: false, street: 'Invalidenstraße' } });
  });
});
