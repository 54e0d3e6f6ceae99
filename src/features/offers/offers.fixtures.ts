/**
 * Test data for the offers feature: calculator data (Germany, heating oil; the seed catalogue's
 * ids) and a fetch stub that answers /api/kalkulation/init and /berechnen. For tests only.
 */
import { vi } from 'vitest';
import type {
  CalculationResult,
  CalculatorConfig,
  CalculatorInitResponse,
  CalculatorParameter,
  Offer,
} from '../../api/contract/calculation';
import { generateOffers } from '../../workers/offers/offers.fixtures';
import { resetOffersWorker } from '../../workers/offers';
import { resetCalculator } from '../calculator';
import { consentState, resetConsent } from '../consent';
import { forgetLastKnownOffers, resetOfferList } from './store';
import { resetOfferSync } from './sync';

const param = (Id: number, Name: string, extra: Partial<CalculatorParameter> = {}) => ({
  Id,
  Name,
  Description: '',
  Selected: false,
  Modifier: 0,
  HasSubItems: false,
  UseIcon: false,
  Upselling: false,
  ...extra,
});

export function initFixture(countryId = 1, productGroupId = 1): CalculatorInitResponse {
  const standard = countryId === 1 ? (productGroupId === 2 ? 3 : 1) : countryId === 2 ? 6 : 12;
  const group = (Id: number, Name: string, Parameters: CalculatorParameter[]) => ({
    Key: Id,
    Id,
    Name,
    Parameters,
  });
  return {
    Groups: [
      group(1, 'Lieferzeit', [
        param(5, 'Standard (bis 3 Wochen)', { Selected: true }),
        param(6, 'Express (bis 5 Werktage)'),
      ]),
      group(2, 'Zahlungsart', [
        param(24, 'Rechnung', { Selected: true }),
        param(23, 'Ratenzahlung (12 Monatsraten)', { Modifier: 12 }),
      ]),
      group(3, 'Schlauchlänge', [param(-2, 'bis 40 m', { Selected: true })]),
      group(4, 'Tankwagen', [param(11, 'Standard-Tankwagen', { Selected: true })]),
      group(5, 'Lieferzeitfenster', [param(9, 'ganztags', { Selected: true })]),
    ],
    Products: [
      {
        Id: standard,
        Name: 'Heizöl EL schwefelarm',
        Description: '',
        IsDefault: true,
        IsUpselling: false,
        BaseProductId: null,
      },
    ],
    ClimateNeutralList: [],
    StationsList: [],
    AppointmentPlus: {
      Id: 1,
      Name: 'Termin-Plus',
      Description: '',
      Selected: false,
      IsUpselling: false,
    },
    ProductId: standard,
  };
}

export function resultFixture(config: CalculatorConfig, items: Offer[]): CalculationResult {
  return {
    Success: items.length > 0,
    Items: items,
    Amount: config.Amount,
    ZipCode: config.ZipCode,
    CountryId: config.CountryId,
    Currency: config.CountryId === 3 ? 'CHF' : 'EUR',
    CalculatedAt: '2025-01-15T10:00:00.000Z',
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export type Calculate = (config: CalculatorConfig) => Response | Promise<Response>;

/**
 * Stubs fetch: init answers from initFixture, berechnen from `calculate` (default: five offers),
 * everything else 404. Returns the mock and the configurations berechnen received.
 */
export function stubServer(calculate?: Calculate) {
  const bodies: CalculatorConfig[] = [];
  const fetchMock = vi.fn(async (input: string | URL, init?: RequestInit) => {
    const url = input.toString();
    const init_ = /\/api\/kalkulation\/init\/(\d)\/(\d)/.exec(url);
    if (init_) return json(initFixture(Number(init_[1]), Number(init_[2])));
    if (url.startsWith('/api/kalkulation/berechnen')) {
      const config = JSON.parse(
        typeof init?.body === 'string' ? init.body : '{}',
      ) as CalculatorConfig;
      bodies.push(config);
      if (calculate) return calculate(config);
      return json(resultFixture(config, generateOffers({ count: 5, seed: config.Amount })));
    }
    return json({ message: 'Nicht gefunden' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, bodies };
}

/**
 * The offer list's stores as on a fresh visit by someone who has answered the consent question
 * (no preferences: saved configurations need consent).
 */
export async function freshOfferListStores(): Promise<void> {
  await forgetLastKnownOffers();
  resetCalculator();
  resetOfferList();
  resetOfferSync();
  resetOffersWorker();
  resetConsent();
  consentState.status = 'ready';
  consentState.choice = { preferences: false, statistics: false, decidedAt: 0 };
}

export { json };
