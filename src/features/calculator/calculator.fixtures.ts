/**
 * Test data: the calculator data the server sends for Germany, heating oil (the seed catalogue
 * of server/db/seed/catalogue.ts in the contract's shape), and a fetch stub that answers the
 * calculator's calls. For tests only.
 */
import { vi } from 'vitest';
import type {
  CalculatorInitResponse,
  CalculatorParameter,
  UpsellingItem,
} from '../../api/contract/calculation';

const param = (
  Id: number,
  Name: string,
  extra: Partial<CalculatorParameter> = {},
): CalculatorParameter => ({
  Id,
  Name,
  Description: `${Name} – Beschreibung`,
  Selected: false,
  Modifier: 0,
  HasSubItems: false,
  UseIcon: false,
  Upselling: false,
  ...extra,
});

/** Product ids of the seed catalogue: [standard, premium] per country and product group. */
const PRODUCT_IDS: Record<string, [number, number]> = {
  '1-1': [1, 2],
  '1-2': [3, 4],
  '2-1': [6, 7],
  '2-2': [8, 9],
  '3-1': [12, 13],
  '3-2': [14, 15],
};

export function initFixture(countryId = 1, productGroupId = 1): CalculatorInitResponse {
  const [standard, premium] = PRODUCT_IDS[`${countryId}-${productGroupId}`] ?? [1, 2];
  return {
    Groups: [
      {
        Key: 1,
        Id: 1,
        Name: 'Lieferzeit',
        Parameters: [
          param(4, 'Flexibel (bis 6 Wochen)'),
          param(5, 'Standard (bis 3 Wochen)', { Selected: true }),
          param(6, 'Express (bis 5 Werktage)', { Upselling: true }),
        ],
      },
      {
        Key: 2,
        Id: 2,
        Name: 'Zahlungsart',
        Parameters: [
          param(24, 'Rechnung', { Selected: true }),
          param(25, 'Lastschrift'),
          param(23, 'Ratenzahlung (12 Monatsraten)', {
            Modifier: 12,
            HasSubItems: true,
            Upselling: true,
          }),
        ],
      },
      {
        Key: 3,
        Id: 3,
        Name: 'Schlauchlänge',
        Parameters: [param(-2, 'bis 40 m', { Selected: true }), param(-3, 'bis 60 m')],
      },
      {
        Key: 4,
        Id: 4,
        Name: 'Tankwagen',
        Parameters: [
          param(11, 'Standard-Tankwagen', { Selected: true }),
          param(14, 'Ohne Anhänger'),
        ],
      },
      {
        Key: 5,
        Id: 5,
        Name: 'Lieferzeitfenster',
        Parameters: [param(9, 'ganztags', { Selected: true }), param(8, 'vormittags')],
      },
    ],
    Products: [
      {
        Id: standard,
        Name: productGroupId === 2 ? 'Diesel' : 'Heizöl EL schwefelarm',
        Description: 'Standardware nach DIN-Norm.',
        IsDefault: true,
        IsUpselling: false,
        BaseProductId: null,
      },
      {
        Id: premium,
        Name: productGroupId === 2 ? 'Premium-Diesel' : 'Premium-Heizöl',
        Description: 'Mit Additiven für stabile Lagerung und saubere Verbrennung.',
        IsDefault: false,
        IsUpselling: true,
        BaseProductId: standard,
      },
    ],
    ClimateNeutralList: [
      { Id: 0, Name: 'Standard', Description: '', Selected: true, IsUpselling: false },
      {
        Id: 1,
        Name: 'Klimaneutral',
        Description: 'Der CO₂-Ausstoß wird über Klimaschutzprojekte ausgeglichen.',
        Selected: false,
        IsUpselling: true,
      },
    ],
    StationsList: Array.from({ length: 9 }, (_, i) => ({
      Id: i + 1,
      Name: i === 0 ? '1 Abladestelle' : `${i + 1} Abladestellen`,
      Description: '',
      Selected: i === 0,
      IsUpselling: false,
    })),
    AppointmentPlus: {
      Id: 1,
      Name: 'Termin-Plus',
      Description: 'Wunschtermin mit Zeitfenster von 2 Stunden.',
      Selected: false,
      IsUpselling: true,
    },
    ProductId: standard,
  };
}

/** The address of a fetch call, whatever form it was given in. */
export function urlOf(input: RequestInfo | URL): URL {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return new URL(href, 'http://localhost');
}

/** The JSON body of a fetch call. */
export function bodyOf(init: RequestInit | undefined): unknown {
  return typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export interface ServerStub {
  /** Postal codes that exist; others answer false. */
  zips: Set<string>;
  /** Default: initFixture() for the country and group of the path. */
  init?: CalculatorInitResponse | 'fail';
  upselling: Partial<Record<number, UpsellingItem[] | 'fail'>>;
  /** Holds check-zipcode answers until released (for timing tests). */
  holdZipChecks: boolean;
  /** Answers the local-page check (SPEC §7 pages/check-zipcode); 404 when unset. */
  localCheck?: (url: URL) => unknown;
  /** check-zipcode fails (500) while set. */
  zipCheckFails?: boolean;
  released: (() => void)[];
}

/** A fetch stub for the calculator's calls; returns the mock and its settings. */
export function stubServer(overrides: Partial<ServerStub> = {}) {
  const server: ServerStub = {
    zips: new Set(['10115', '80331', '1010']),
    upselling: {},
    holdZipChecks: false,
    released: [],
    ...overrides,
  };
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = urlOf(input);
    if (url.pathname === '/api/location/check-zipcode') {
      const body = bodyOf(init) as { ZipCode: string };
      if (server.holdZipChecks) await new Promise<void>((r) => server.released.push(r));
      if (server.zipCheckFails) return json({ message: 'Interner Fehler' }, 500);
      return json(server.zips.has(body.ZipCode));
    }
    if (/^\/api\/site\/\d\/pages\/check-zipcode\//.test(url.pathname) && server.localCheck) {
      return json(await server.localCheck(url));
    }
    const initPath = /^\/api\/kalkulation\/init\/(\d)\/(\d)$/.exec(url.pathname);
    if (initPath) {
      if (server.init === 'fail') return json({ message: 'Fehler' }, 500);
      return json(server.init ?? initFixture(Number(initPath[1]), Number(initPath[2])));
    }
    if (url.pathname === '/api/kalkulation/upselling') {
      const answer = server.upselling[Number(url.searchParams.get('upsellingKey'))];
      return answer === undefined || answer === 'fail'
        ? json({ message: 'Fehler' }, 500)
        : json(answer);
    }
    return json({ message: 'Nicht gefunden' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, server };
}

/** The calls made to a path. */
export function callsTo(fetchMock: ReturnType<typeof vi.fn<typeof fetch>>, path: string) {
  return fetchMock.mock.calls.filter(([input]) => urlOf(input).pathname.startsWith(path));
}
