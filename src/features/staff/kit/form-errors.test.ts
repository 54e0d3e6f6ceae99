import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './form-errors';

describe('field errors', () => {
  it('takes the first message per field from zod or the server', () => {
    expect(
      fieldErrorsOf([
        { path: ['ZipRanges'], message: 'eins' },
        { path: ['ZipRanges'], message: 'zwei' },
        { path: 'body.Items.1', message: 'doppelt' },
      ]),
    ).toEqual({ ZipRanges: 'eins', Items: 'doppelt' });
  });
});
