import { describe, expect, it } from 'vitest';
import { activeInputs, type GuideAnswers } from '../../../src/api/contract/leads';
import { CONSUMPTION_GUIDE } from './seed';
import { validateAnswers } from './validate';
import { TEST_GUIDE_ANSWERS } from './test-answers';

/** The postal codes this unit test treats as existing (the routes test uses the real index). */
const EXISTING = new Set(['1|10115', '2|1010']);
const zipExists = (countryId: number, zip: string) => EXISTING.has(`${countryId}|${zip}`);

const VALID = TEST_GUIDE_ANSWERS;

function without(answers: GuideAnswers, key: string): GuideAnswers {
  return Object.fromEntries(Object.entries(answers).filter(([k]) => k !== key));
}

function refusal(answers: GuideAnswers, countryId = 1) {
  const outcome = validateAnswers(CONSUMPTION_GUIDE, answers, countryId, zipExists);
  if (outcome.ok) throw new Error('expected a refusal');
  return outcome.error;
}

describe('validateAnswers against the seeded guide', () => {
  it('accepts a complete set and trims values', () => {
    const outcome = validateAnswers(
      CONSUMPTION_GUIDE,
      { ...VALID, wohnflaeche: ' 140 ' },
      1,
      zipExists,
    );
    expect(outcome).toEqual({ ok: true, value: VALID });
  });

  it('accepts the fill variant and drops answers of the variant not chosen', () => {
    const outcome = validateAnswers(
      CONSUMPTION_GUIDE,
      { ...VALID, verbrauchsart: 'fuellung', fuellmenge: '2500', fuellmonate: '14' },
      1,
      zipExists,
    );
    expect(outcome.ok && outcome.value).toEqual({
      ...VALID,
      verbrauchsart: 'fuellung',
      fuellmenge: '2500',
      fuellmonate: '14',
      jahresverbrauch: undefined,
    });
    expect(outcome.ok && 'jahresverbrauch' in outcome.value).toBe(false);
  });

  it.each([
    [
      'a missing required answer',
      without(VALID, 'bewohner'),
      'body.bewohner',
      /Bitte beantworten Sie die Frage „Personen im Haushalt“ \(Schritt 3/,
    ],
    ['an empty answer', { ...VALID, baujahr: '' }, 'body.baujahr', /„Baujahr bzw. Dämmstand“/],
    [
      'a missing fill period in the fill variant',
      { ...VALID, verbrauchsart: 'fuellung', fuellmenge: '2000' },
      'body.fuellmonate',
      /„So viele Monate hat die Füllung gereicht“/,
    ],
    ['an unknown key', { ...VALID, pool: 'ja' }, 'body.pool', /„pool“ gehört zu keiner Frage/],
    [
      'an area below the minimum',
      { ...VALID, wohnflaeche: '29' },
      'body.wohnflaeche',
      /„Beheizte Wohnfläche“ muss zwischen 30 und 1\.000 m² liegen/,
    ],
    [
      'an area above the maximum',
      { ...VALID, wohnflaeche: '1001' },
      'body.wohnflaeche',
      /zwischen 30 und 1\.000 m²/,
    ],
    ['13 residents', { ...VALID, bewohner: '13' }, 'body.bewohner', /zwischen 1 und 12 Personen/],
    ['a fraction of a person', { ...VALID, bewohner: '2,5' }, 'body.bewohner', /ganze Zahl/],
    [
      'a thousands separator',
      { ...VALID, jahresverbrauch: '3.000' },
      'body.jahresverbrauch',
      /ohne Tausenderpunkt/,
    ],
    [
      'text instead of a number',
      { ...VALID, wohnflaeche: 'groß' },
      'body.wohnflaeche',
      /eine Zahl ohne Tausenderpunkt/,
    ],
    [
      'a negative number',
      { ...VALID, jahresverbrauch: '-3000' },
      'body.jahresverbrauch',
      /eine Zahl/,
    ],
    [
      'a fill period of 2 months',
      { ...VALID, verbrauchsart: 'fuellung', fuellmenge: '2000', fuellmonate: '2' },
      'body.fuellmonate',
      /zwischen 3 und 36 Monate/,
    ],
    [
      'an unknown option',
      { ...VALID, gebaeudeart: 'villa' },
      'body.gebaeudeart',
      /„villa“ ist bei „Gebäudeart“ keine der möglichen Antworten/,
    ],
    [
      'an unknown consumption variant',
      { ...VALID, verbrauchsart: 'schaetzung' },
      'body.verbrauchsart',
      /keine der möglichen Antworten/,
    ],
    [
      'a postal code with 4 digits in Germany',
      { ...VALID, plz: '1011' },
      'body.plz',
      /werden 5 Ziffern erwartet/,
    ],
    [
      'a postal code that does not exist',
      { ...VALID, plz: '99999' },
      'body.plz',
      /Die Postleitzahl 99999 .* ist nicht bekannt/,
    ],
  ])('refuses %s', (_, answers, path, message) => {
    const error = refusal(answers);
    expect(error.message).toMatch(message);
    expect(error.issues).toEqual([{ path, message: error.message }]);
  });

  it('checks the postal code against the country of the comparison', () => {
    expect(refusal(VALID, 2).message).toMatch(/werden 4 Ziffern erwartet/);
    expect(validateAnswers(CONSUMPTION_GUIDE, { ...VALID, plz: '1010' }, 2, zipExists).ok).toBe(
      true,
    );
  });

  it('refuses in step order: the first unanswered question is named', () => {
    expect(refusal({}).issues?.[0]?.path).toBe('body.plz');
  });
});

describe('activeInputs (the contract helper client and server share)', () => {
  const step = CONSUMPTION_GUIDE.Steps.find((s) => s.Id === 5)!;
  it('shows litres per year or fill and months, never both', () => {
    const keys = (a: GuideAnswers) => activeInputs(step, a).map((i) => i.Key);
    expect(keys({})).toEqual(['verbrauchsart']);
    expect(keys({ verbrauchsart: 'jahr' })).toEqual(['verbrauchsart', 'jahresverbrauch']);
    expect(keys({ verbrauchsart: 'fuellung' })).toEqual([
      'verbrauchsart',
      'fuellmenge',
      'fuellmonate',
    ]);
  });
});
