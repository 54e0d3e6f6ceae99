import { describe, expect, it } from 'vitest';
import { groupedOptions } from './dealer-page';

describe("a dealer's options on its page", () => {
  it('names a group once with its values, keeps single options as they are', () => {
    expect(
      groupedOptions([
        'Schlauchlänge: bis 40 m',
        'Schlauchlänge: bis 60 m',
        'Tankwagen: Ohne Anhänger',
        'Klimaneutrale Lieferung',
      ]),
    ).toEqual([
      'Schlauchlänge: bis 40 m, bis 60 m',
      'Tankwagen: Ohne Anhänger',
      'Klimaneutrale Lieferung',
    ]);
  });
});
