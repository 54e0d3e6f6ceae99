/**
 * Test data of the order forms: a household as the checkout and the group forms are filled, and
 * the server's JSON answers.
 */
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

/** A JSON answer as the server gives it. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
