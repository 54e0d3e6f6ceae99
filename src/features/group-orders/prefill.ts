import type { CheckoutDefaults } from '../../api/contract/orders';
import type { HouseholdValues } from './form';

/**
 * The customer's account data for a household form: e-mail, phone, and the saved address in
 * the group's postal code (the checkout does the same), else the default address's
 * name only. `anyZip` (joining: a neighbour may live in the next postal code): else the default
 * address as it is; the server judges whether it is near enough.
 */
export function prefillOf(
  defaults: CheckoutDefaults,
  zip: string,
  anyZip = false,
): Partial<HouseholdValues> {
  const fitting = (defaults.Addresses ?? []).find((saved) => saved.ZipCode === zip);
  const address = fitting ?? defaults.DeliveryAddress;
  const whole = address !== null && (anyZip || address.ZipCode === zip);
  const title1 = address?.Title1;
  return {
    email: defaults.Email,
    phone: defaults.Phone,
    ...(address && {
      title1: title1 === 'Frau' || title1 === 'Herr' || title1 === 'Divers' ? title1 : '',
      firstName: address.FirstName,
      lastName: address.LastName,
      company: address.Company,
      ...(whole && {
        street: address.Street,
        houseNumber: address.HouseNumber,
        zipCode: address.ZipCode,
        place: address.Place,
      }),
    }),
  };
}
