import { describe, expect, it } from 'vitest';
import { REQUIRED_FIELDS } from './form';

describe('checkout fields marked required', () => {
  it('are the ones the order schema refuses empty', () => {
    expect([...REQUIRED_FIELDS].sort()).toEqual(
      [
        'acceptedTerms',
        'email',
        'firstName',
        'houseNumber',
        'lastName',
        'phone',
        'place',
        'street',
      ].sort(),
    );
  });
});
