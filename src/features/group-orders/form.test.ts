import { describe, expect, it } from 'vitest';
import {
  emptyJoinValues,
  emptyStartValues,
  errorsOf,
  firstErrorField,
  REQUIRED_FIELDS,
  validateJoin,
  validateStart,
  type HouseholdValues,
} from './form';
import { config } from './group-orders.fixtures';
import { household as orderHousehold } from '../../ui/order-form/order-form.fixtures';

const household: HouseholdValues = {
  ...orderHousehold(),
  zipCode: '10115',
  email: ' erika@example.org ',
  maxUnitPrice: '106',
};

const KEY = '0b6f8a2e-4c1d-4e7a-9f3b-2a5c6d7e8f90';

describe('starting a group', () => {
  it('builds the request from the configuration: its postal code, the deadline and the price', () => {
    const result = validateStart(
      { ...emptyStartValues(), ...household, zipCode: '99999', maxUnitPrice: '105,50' },
      { config, idempotencyKey: KEY },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.request.Configuration.ZipCode).toBe('10115');
    // The organiser's postal code is the configuration's, whatever the field held.
    expect(result.request.DeliveryAddress.ZipCode).toBe('10115');
    expect(result.request.DeadlineHours).toBe(72);
    expect(result.request.MaxUnitPrice).toBe(105.5);
    expect(result.request.Email).toBe('erika@example.org');
    expect(result.request.IdempotencyKey).toBe(KEY);
  });

  it('says in German what is missing, field by field', () => {
    const result = validateStart(
      { ...emptyStartValues(), maxUnitPrice: 'viel', deadlineHours: '' },
      { config, idempotencyKey: KEY },
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toMatchObject({
      firstName: 'Vorname fehlt.',
      street: 'Straße fehlt.',
      email: 'Die E-Mail-Adresse fehlt.',
      maxUnitPrice: 'Bitte geben Sie den Höchstpreis als Zahl an, z. B. 98,50.',
      deadlineHours: 'Bitte wählen Sie eine Frist.',
      acceptedTerms: 'Bitte bestätigen Sie die Bedingungen.',
    });
    expect(firstErrorField(result.errors)).toBe('firstName');
  });

  it('refuses a deadline the rules do not offer and a price above the limit', () => {
    const result = validateStart(
      { ...emptyStartValues(), ...household, deadlineHours: '36', maxUnitPrice: '1200' },
      { config, idempotencyKey: KEY },
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.deadlineHours).toBe(
      'Die Frist muss 24, 48, 72, 120 oder 168 Stunden betragen.',
    );
    expect(result.errors.maxUnitPrice).toBe(
      'Der Höchstpreis darf höchstens 1000 je 100 Liter sein.',
    );
  });
});

describe('joining a group', () => {
  const values = { ...emptyJoinValues(), ...household, amount: '2.000', paymentParameterId: '11' };

  it('builds the request with the neighbour’s own postal code, litres and payment', () => {
    const result = validateJoin({ ...values, zipCode: ' 10117 ' }, { maxAmount: 29_000 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.request.DeliveryAddress.ZipCode).toBe('10117');
    expect(result.request.Amount).toBe(2000);
    expect(result.request.PaymentParameterId).toBe(11);
    expect(result.request.MaxUnitPrice).toBe(106);
  });

  it('says the litres rule in words: at least 500, at most what fits the tanker', () => {
    const check = (amount: string) => {
      const result = validateJoin({ ...values, amount }, { maxAmount: 1500 });
      return result.ok ? undefined : result.errors.amount;
    };
    expect(check('')).toBe('Bitte geben Sie Ihre Menge in Litern an.');
    expect(check('400')).toBe('Jeder Haushalt bestellt mindestens 500 Liter.');
    expect(check('2.000')).toBe('In den Tankwagen passen noch höchstens 1.500 Liter.');
    expect(check('1.500')).toBeUndefined();
  });

  it('asks for a payment method', () => {
    const result = validateJoin({ ...values, paymentParameterId: '' }, { maxAmount: 29_000 });
    expect(result.ok ? undefined : result.errors.paymentParameterId).toBe(
      'Bitte wählen Sie eine Zahlungsart.',
    );
  });
});

describe('issues of the server', () => {
  it('land on their field by path; the rest is said above the button', () => {
    const { errors, other } = errorsOf([
      {
        path: 'body.DeliveryAddress.ZipCode',
        message: 'Diese Adresse liegt zu weit von der Sammelbestellung entfernt.',
      },
      { path: 'body.Amount', message: 'Amount muss mindestens 500 sein.' },
      {
        path: 'body.Configuration.Amount',
        message: 'Bestellt werden können mindestens 500 Liter.',
      },
    ]);
    expect(errors).toEqual({
      zipCode: 'Diese Adresse liegt zu weit von der Sammelbestellung entfernt.',
      amount: 'Amount muss mindestens 500 sein.',
    });
    expect(other).toEqual(['Bestellt werden können mindestens 500 Liter.']);
  });

  it('marks as required what the schemas refuse empty', () => {
    for (const name of ['firstName', 'lastName', 'street', 'houseNumber', 'zipCode', 'place']) {
      expect(REQUIRED_FIELDS.has(name as never)).toBe(true);
    }
    for (const name of ['amount', 'paymentParameterId', 'maxUnitPrice', 'acceptedTerms']) {
      expect(REQUIRED_FIELDS.has(name as never)).toBe(true);
    }
    expect(REQUIRED_FIELDS.has('company')).toBe(false);
    expect(REQUIRED_FIELDS.has('accessNotes')).toBe(false);
    expect(REQUIRED_FIELDS.has('title1')).toBe(false);
  });
});
