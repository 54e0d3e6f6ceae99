/** Test support: the request bodies that start and join a Sammelbestellung in the API tests. */
import { randomUUID } from 'node:crypto';
import type {
  JoinGroupRequestInput,
  StartGroupRequestInput,
} from '../../../src/api/contract/group-orders';
import { testCalculatorConfig } from '../../../tests/support/calculator';

/** A delivery address in Berlin (Frau Erika …, Invalidenstraße 117). */
export const groupAddress = (lastName: string, zip = '10115') => ({
  Title1: 'Frau' as const,
  FirstName: 'Erika',
  LastName: lastName,
  Street: 'Invalidenstraße',
  HouseNumber: '117',
  ZipCode: zip,
  Place: 'Berlin',
});

/** An organiser in 10115 starts a group for the test calculator configuration; `overrides` on top. */
export function startGroupBody(
  overrides: Partial<StartGroupRequestInput> = {},
): StartGroupRequestInput {
  return {
    Configuration: testCalculatorConfig(),
    DeliveryAddress: groupAddress('Organisatorin'),
    Email: 'orga@example.org',
    Phone: '030 1234567',
    AccessNotes: '',
    MaxUnitPrice: 500,
    DeadlineHours: 72,
    AcceptedTerms: true,
    IdempotencyKey: randomUUID(),
    ...overrides,
  };
}

/** A neighbour in 10115 joins with 2,000 L, paying with `paymentId`; `overrides` on top. */
export function joinGroupBody(
  paymentId: number,
  overrides: Partial<JoinGroupRequestInput> = {},
): JoinGroupRequestInput {
  return {
    DeliveryAddress: groupAddress(`Nachbar${Math.random().toString(36).slice(2, 7)}`),
    Amount: 2000,
    Email: `nachbar-${randomUUID().slice(0, 8)}@example.org`,
    Phone: '030 7654321',
    AccessNotes: '',
    PaymentParameterId: paymentId,
    MaxUnitPrice: 500,
    AcceptedTerms: true,
    ...overrides,
  };
}
