/**
 * Test data of the order forms: a household as the checkout and the group forms are filled, and
 * the server's JSON answers.
 */
import type { CalculatorConfig } from '../../api/contract/calculation';
import type { HouseholdValues } from './model';

/** Erika Musterfrau in Berlin, every required field filled, the terms accepted. */
export const household = (): HouseholdValues => ({
  title1: 'Frau',
  firstName: 'Erika',
  lastName: 'Musterfrau',
  company: '',
  street: 'Invalidenstraße',
  houseNumber: '117',
  place: 'Berlin',
  email: 'erika@example.org',
  phone: '030 1234567',
  accessNotes: '',
  acceptedTerms: true,
});

/** The same household as the server sends it back (GET /api/orders/checkout-defaults). */
export const checkoutDefaults = () => ({
  Email: 'erika@example.org',
  Phone: '030 1234567',
  DeliveryAddress: {
    Title1: 'Frau',
    FirstName: 'Erika',
    LastName: 'Musterfrau',
    Company: '',
    Street: 'Invalidenstraße',
    HouseNumber: '117',
    ZipCode: '10115',
    Place: 'Berlin',
  },
});

/** 3000 L to 10115 with the seed's default options, as the offer list priced it (its query). */
export const offerListConfig: CalculatorConfig = {
  ZipCode: '10115',
  Amount: 3000,
  Stations: 1,
  Product: { Id: 1, ClimateNeutral: false },
  Parameters: [{ Id: 5 }, { Id: 24 }, { Id: -2 }, { Id: 11 }, { Id: 9 }],
  AppointmentPlus: false,
  CountryId: 1,
  ProductGroupId: 1,
};

/** A JSON answer as the server gives it. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
