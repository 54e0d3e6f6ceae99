/**
 * The kit as a user meets it, in a small form of its parts (as checkout and the group forms
 * put them together): German messages of the contract at the fields, the focus on the first,
 * the count above the button, the server's word on a postal code at its field, and a draft that
 * survives a reload.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useSnapshot } from 'valtio';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  AcceptedTermsField,
  OrderAccessNotesField,
  OrderAddressSchema,
  OrderEmailField,
  OrderPhoneField,
} from '../../api/contract/orders';
import { createDraft } from './draft';
import {
  AccessNotesField,
  AddressGrid,
  ContactFields,
  focusField,
  TypedZipField,
  type FieldSetup,
} from './fields';
import { ErrorSummary, OrderForm, SubmitButton, TermsCheck } from './form';
import {
  addressOrder,
  addressRequestOf,
  contactRequestOf,
  emptyHousehold,
  fieldMap,
  requiredFieldsOf,
  validateWith,
  type HouseholdValues,
} from './model';

/** The contract's own rules, put together as a request of this small form. */
const DemoRequestSchema = z.object({
  DeliveryAddress: OrderAddressSchema,
  Email: OrderEmailField,
  Phone: OrderPhoneField,
  AccessNotes: OrderAccessNotesField,
  AcceptedTerms: AcceptedTermsField,
});

interface DemoValues extends HouseholdValues {
  zipCode: string;
}
type Name = keyof DemoValues;

const fields = fieldMap<Name>({ 'DeliveryAddress.ZipCode': 'zipCode' }, [
  ...addressOrder('zipCode'),
  'email',
  'phone',
  'accessNotes',
  'acceptedTerms',
]);
const empty = (): DemoValues => ({ ...emptyHousehold(), zipCode: '' });
const check = (values: DemoValues) =>
  validateWith(
    DemoRequestSchema,
    {
      DeliveryAddress: addressRequestOf(values, values.zipCode.trim()),
      ...contactRequestOf(values),
      AcceptedTerms: values.acceptedTerms,
    },
    fields,
  );
const setup: FieldSetup = { idPrefix: 'demo-', required: requiredFieldsOf(check(empty())) };

const draft = createDraft<DemoValues, Name, never>({
  storageKey: 'ok-demo',
  empty,
  fields,
  carry: (values) => values,
});

/** What the server would answer to this postal code (it knows which ones exist). */
let serverAnswer: { path: string; message: string }[] = [];

function DemoForm() {
  const { values, errors, formError, phase } = useSnapshot(draft.state, { sync: true });
  const change = <K extends Name>(name: K, value: DemoValues[K]) =>
    draft.setField(name, value, check);
  const send = () => {
    const checked = check(draft.state.values);
    const outcome = checked.ok
      ? draft.takeIssues(serverAnswer, 'Die Bestellung ist ungültig.')
      : draft.refuse(checked);
    focusField(setup, outcome.focus);
  };
  return (
    <OrderForm label="Bestellen" prefilled={false} onSubmit={send}>
      <AddressGrid
        setup={setup}
        values={values}
        errors={errors}
        onChange={change}
        zipCell={
          <TypedZipField
            setup={setup}
            value={values.zipCode}
            error={errors.zipCode}
            onChange={(value) => change('zipCode', value)}
          />
        }
      />
      <ContactFields
        setup={setup}
        values={values}
        errors={errors}
        emailHint="Für die Bestätigung."
        onChange={change}
      >
        <AccessNotesField
          setup={setup}
          value={values.accessNotes}
          error={errors.accessNotes}
          onChange={(value) => change('accessNotes', value)}
        />
      </ContactFields>
      <TermsCheck
        setup={setup}
        title="Bedingungen"
        checkboxLabel="Ich bestelle verbindlich."
        checked={values.acceptedTerms}
        error={errors.acceptedTerms}
        onChange={(checked) => change('acceptedTerms', checked)}
      >
        <p>Es gelten die Bedingungen des Händlers.</p>
      </TermsCheck>
      <ErrorSummary errors={errors} formError={formError} />
      <SubmitButton busy={phase === 'submitting'}>Bestellen</SubmitButton>
    </OrderForm>
  );
}

const field = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: RegExp, value: string) =>
  fireEvent.change(field(label), { target: { value } });
const order = () => fireEvent.click(screen.getByRole('button', { name: 'Bestellen' }));

function fillAll() {
  type(/^Vorname/, 'Erika');
  type(/^Nachname/, 'Musterfrau');
  type(/^Straße/, 'Invalidenstraße');
  type(/^Hausnr\./, '117');
  type(/^PLZ/, '99999');
  type(/^Ort/, 'Berlin');
  type(/^E-Mail/, 'erika@example.org');
  type(/^Telefon/, '030 1234567');
  fireEvent.click(screen.getByRole('checkbox', { name: /Ich bestelle verbindlich/ }));
}

beforeEach(() => {
  sessionStorage.clear();
  draft.reset();
  serverAnswer = [];
  act(() => draft.open('demo'));
});

afterEach(() => {
  cleanup();
  draft.reset();
  sessionStorage.clear();
});

describe('order form kit', () => {
  it('marks what the contract requires and names every field as the forms did', () => {
    render(<DemoForm />);
    expect(field(/^Vorname/).getAttribute('aria-required')).toBe('true');
    expect(field(/^PLZ/).id).toBe('demo-zipCode');
    expect(field(/^PLZ/).getAttribute('autocomplete')).toBe('postal-code');
    expect(field(/^Firma \(optional\)/).hasAttribute('aria-required')).toBe(false);
    expect(field(/^Hinweise für den Tankwagen/).hasAttribute('aria-required')).toBe(false);
    expect(screen.getByText('Felder mit * müssen ausgefüllt werden.')).toBeTruthy();
  });

  it('an empty send: German messages at the fields, the count above the button, focus on the first', () => {
    render(<DemoForm />);
    type(/^E-Mail/, 'erika(at)example.org');
    order();
    expect(screen.getByText('Vorname fehlt.')).toBeTruthy();
    expect(screen.getByText('Die E-Mail-Adresse ist ungültig.')).toBeTruthy();
    expect(screen.getByText('Bitte bestätigen Sie die Bedingungen.')).toBeTruthy();
    expect(screen.getAllByRole('alert')[0]?.textContent).toBe(
      'Bitte prüfen Sie 9 Felder: die Hinweise stehen direkt am Feld.',
    );
    expect(document.activeElement).toBe(field(/^Vorname/));
    expect(field(/^Vorname/).getAttribute('aria-invalid')).toBe('true');
    // Correcting a field takes its message away at once.
    type(/^Vorname/, 'Erika');
    expect(screen.queryByText('Vorname fehlt.')).toBeNull();
  });

  it('a wrong postal code: the server’s German message at the field, which takes the focus', () => {
    render(<DemoForm />);
    fillAll();
    serverAnswer = [
      { path: 'body.DeliveryAddress.ZipCode', message: 'Diese Postleitzahl gibt es nicht.' },
    ];
    order();
    const zip = field(/^PLZ/);
    expect(document.activeElement).toBe(zip);
    expect(zip.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(zip.getAttribute('aria-describedby') ?? '');
    expect(message?.textContent).toBe('Diese Postleitzahl gibt es nicht.');
    expect(screen.getAllByRole('alert')[0]?.textContent).toBe(
      'Bitte prüfen Sie ein Feld: die Hinweise stehen direkt am Feld.',
    );
  });

  it('a draft survives a reload', () => {
    const { unmount } = render(<DemoForm />);
    fillAll();
    unmount();
    act(() => {
      draft.reset(); // the page is gone; sessionStorage is what survives a reload
      draft.open('demo');
    });
    render(<DemoForm />);
    expect(field(/^Vorname/).value).toBe('Erika');
    expect(field(/^PLZ/).value).toBe('99999');
    expect(field(/^E-Mail/).value).toBe('erika@example.org');
    expect(screen.getByRole<HTMLInputElement>('checkbox').checked).toBe(true);
  });
});
