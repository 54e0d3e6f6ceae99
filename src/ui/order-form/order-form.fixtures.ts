/** Test data of the order forms: a household as the checkout and the group forms are filled. */
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
