/** Test support: one complete, valid set of answers to the consumption guide (a house in Berlin). */
import type { GuideAnswers } from '../../../src/api/contract/leads';

export const TEST_GUIDE_ANSWERS: GuideAnswers = {
  plz: '10115',
  gebaeudeart: 'efh',
  wohnflaeche: '140',
  baujahr: '1949-1978',
  bewohner: '4',
  warmwasser: 'ja',
  heizungsalter: '1990-2004',
  verbrauchsart: 'jahr',
  jahresverbrauch: '3000',
};
