/**
 * What the soak's visitors do, through the real HTTP API as the browser app does it: public pages,
 * calculations, checkouts (guests and customers, with retries of one IdempotencyKey after a lost
 * answer), bursts of password resets on the legacy form, and group orders (a customer starts one,
 * neighbours in the same postal code join, the organiser closes it early).
 *
 * Every outcome the client learned goes into the ledger, which the checks compare with the
 * database: an order number the client was given, a key whose answers were all lost, a household
 * that joined.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CalculationResult, Offer } from '../../src/api/contract/calculation-result';
import { LOCALE_LIST } from '../../src/lib/locale';
import { jsonOf, type Answer, type Net, Visitor } from './http';

// ---------------------------------------------------------------------------------------------
// The ledger: what the clients were told

export interface OrderAttempt {
  server: string;
  status: number;
  /** The answer never arrived (no answer, timeout, 5xx): the order may or may not exist. */
  lost: boolean;
  orderNumber?: string;
  reason?: string;
  at: number;
  replay: boolean;
}

export interface OrderRecord {
  key: string;
  /** The customer's id from the token; undefined for a guest. */
  userId?: number;
  email: string;
  attempts: OrderAttempt[];
}

export interface GroupMemberRecord {
  email: string;
  userId?: number;
  organiser: boolean;
  /** Status of the start or join call (0: never sent or lost). */
  status: number;
  /** The household's own order as the group page told it after the closing. */
  orderNumber?: string;
  /** A maximum far below any price: the closing must leave the household out. */
  lowMax: boolean;
}

export interface GroupRecord {
  code: string;
  zip: string;
  members: GroupMemberRecord[];
  closeStatus: number;
  /** The state the organiser's page showed last. */
  finalState: string;
}

export class Ledger {
  readonly orders = new Map<string, OrderRecord>();
  readonly groups: GroupRecord[] = [];
  readonly resets: { email: string; known: boolean; status: number }[] = [];
  /** Flows that ended early, by reason (a refused step, a lost answer that was not retried). */
  readonly flowStops = new Map<string, number>();

  stop(reason: string): void {
    this.flowStops.set(reason, (this.flowStops.get(reason) ?? 0) + 1);
  }
}

// ---------------------------------------------------------------------------------------------
// Reference data

export interface Place {
  zip: string;
  place: string;
  countryId: number;
}

/** Real postal codes of all three countries (data/postal-codes), one place each. */
export function loadPlaces(root: string): Place[] {
  const places: Place[] = [];
  for (const locale of LOCALE_LIST) {
    const tsv = readFileSync(join(root, 'data', 'postal-codes', `${locale.code}.tsv`), 'utf8');
    const seen = new Set<string>();
    for (const line of tsv.split('\n').slice(1)) {
      const [zip, place] = line.split('\t');
      if (!zip || !place || seen.has(zip)) continue;
      seen.add(zip);
      places.push({ zip, place, countryId: locale.countryId });
    }
  }
  return places;
}

/**
 * Orders go to a few neighbouring Berlin postal codes (the same dealers deliver to all of them):
 * the same dealers and days fill up, so the capacity rule is tested where bookings meet, not
 * spread thin over 500 dealers.
 */
export const ORDER_ZIPS = ['10115', '10117', '10119', '10178'] as const;
export const GROUP_ZIPS = ['10115', '20095', '80331', '50667', '60311'] as const;

export function pick<T>(list: readonly T[]): T {
  const item = list[randomInt(list.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// Context

export interface Customer {
  visitor: Visitor;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** Password-reset mails asked for (the form allows 3 per address and hour). */
  resets: number;
  busy: boolean;
}

export interface FlowContext {
  net: Net;
  ledger: Ledger;
  pages: readonly string[];
  places: readonly Place[];
  placeOf: ReadonlyMap<string, string>;
  customers: Customer[];
  /** Customers for logged-in checkouts (groups register their own). */
  maxCustomers: number;
}

/** Letters only (the registration accepts letters in names): a number written as a–j. */
function letters(n: number): string {
  return String(n).replace(/\d/g, (d) => String.fromCharCode(97 + Number(d)));
}

let serial = 0;

/**
 * The legacy page's registration or login form, then the app's token: the customer signed in,
 * or undefined after stopping the run with `step` and what went wrong.
 */
async function signIn(
  ctx: FlowContext,
  customer: Customer,
  form: 'register' | 'login',
  step: string,
  fields: Record<string, string>,
): Promise<Customer | undefined> {
  const answer = await customer.visitor.legacyForm(form, '/konto/anmelden-registrieren', {
    Form: form,
    ...fields,
    ReturnUrl: '/',
  });
  if (answer?.status !== 302) {
    ctx.ledger.stop(`${step}: ${answer?.status ?? 'Seite fehlt'}`);
    return undefined;
  }
  if (!(await customer.visitor.tokenLogin())) {
    ctx.ledger.stop(`${step}: kein Token`);
    return undefined;
  }
  return customer;
}

/** A new customer through the legacy registration, signed in to the app (token). */
export async function registerCustomer(ctx: FlowContext): Promise<Customer | undefined> {
  serial += 1;
  const visitor = new Visitor(ctx.net);
  const customer: Customer = {
    visitor,
    email: `soak-${Date.now().toString(36)}-${serial}@example.org`,
    password: 'Soak-Kennwort-2026',
    firstName: 'Erika',
    lastName: `Soak${letters(serial)}`,
    resets: 0,
    busy: false,
  };
  return signIn(ctx, customer, 'register', 'Registrierung', {
    Title1: 'Frau',
    FirstName: customer.firstName,
    LastName: customer.lastName,
    Email: customer.email,
    Password: customer.password,
    PasswordRepeat: customer.password,
  });
}

/** The demo customer, through the legacy login form. */
export async function loginDemoCustomer(ctx: FlowContext): Promise<Customer | undefined> {
  const visitor = new Visitor(ctx.net);
  const customer: Customer = {
    visitor,
    email: 'kunde@demo.oelkompass.example',
    password: 'Demo-Passwort-2026',
    firstName: 'Erika',
    lastName: 'Musterfrau',
    // Its reset mails would be real ones to a shared demo address: none.
    resets: 3,
    busy: false,
  };
  return signIn(ctx, customer, 'login', 'Anmeldung', {
    Email: customer.email,
    Password: customer.password,
  });
}

async function borrowCustomer(ctx: FlowContext): Promise<Customer | undefined> {
  const free = ctx.customers.filter((c) => !c.busy);
  if (free.length > 0 && (ctx.customers.length >= ctx.maxCustomers || Math.random() < 0.7)) {
    const customer = pick(free);
    customer.busy = true;
    return customer;
  }
  const made = await registerCustomer(ctx);
  if (made) {
    made.busy = true;
    ctx.customers.push(made);
  }
  return made;
}

// ---------------------------------------------------------------------------------------------
// Pages and calculations

export async function visitPage(ctx: FlowContext): Promise<void> {
  const visitor = new Visitor(ctx.net);
  await visitor.call('page', 'GET', pick(ctx.pages), { accept: 'text/html', anonymous: true });
}

function configFor(zip: string, countryId: number, amount: number, parameters: number[] = []) {
  return {
    ZipCode: zip,
    Amount: amount,
    Stations: 1,
    Product: {
      Id: LOCALE_LIST.find((l) => l.countryId === countryId)?.defaultProductId ?? 1,
      ClimateNeutral: false,
    },
    Parameters: parameters.map((Id) => ({ Id })),
    AppointmentPlus: false,
    CountryId: countryId,
    ProductGroupId: 1,
  };
}

export async function calculate(ctx: FlowContext): Promise<void> {
  const place = pick(ctx.places);
  const visitor = new Visitor(ctx.net);
  const amount = 1000 + randomInt(91) * 100;
  await visitor.call('calc', 'POST', '/api/kalkulation/berechnen', {
    json: configFor(place.zip, place.countryId, amount),
  });
}

// ---------------------------------------------------------------------------------------------
// Checkout

/** "Lieferzeitfenster": whole day (the default), morning or afternoon. */
const WINDOW_PARAMETERS = [[], [], [8], [10]] as const;

function retryDelay(answer: Answer): number {
  const header = Number(answer.headers?.get('retry-after'));
  return Number.isFinite(header) && header > 0
    ? Math.min(header, 10) * 1000
    : 1000 + randomInt(1500);
}

function isLost(answer: Answer): boolean {
  return answer.status === 0 || answer.status >= 500;
}

/**
 * One checkout from the calculation to the placed order, as the app does it; a guest when
 * `customer` is undefined.
 */
export async function checkout(ctx: FlowContext, loggedIn: boolean): Promise<void> {
  const customer = loggedIn ? await borrowCustomer(ctx) : undefined;
  if (loggedIn && !customer) return;
  try {
    await checkoutAs(ctx, customer, false);
  } finally {
    if (customer) customer.busy = false;
  }
}

/**
 * A rush: `size` guests at once order from the cheapest dealer for its earliest day, in the same
 * postal code and window, through both processes: the bookings meet on one day row, whose
 * conditional UPDATE must let exactly as many through as the contingent holds.
 */
export async function checkoutRush(ctx: FlowContext, size: number): Promise<void> {
  const zip = pick(ORDER_ZIPS);
  const window = [...pick(WINDOW_PARAMETERS)];
  await Promise.all(
    Array.from({ length: size }, () =>
      checkoutAs(ctx, undefined, true, { zip, window }).catch((error: unknown) =>
        ctx.ledger.stop(
          `Ausnahme (Ansturm): ${error instanceof Error ? error.message : String(error)}`,
        ),
      ),
    ),
  );
}

async function checkoutAs(
  ctx: FlowContext,
  customer: Customer | undefined,
  rush: boolean,
  fixed?: { zip: string; window: number[] },
): Promise<void> {
  const visitor = customer?.visitor ?? new Visitor(ctx.net);
  const zip = fixed?.zip ?? pick(ORDER_ZIPS);
  // Big amounts: a truck's 22,000 L fill with a few orders, so days run full within minutes.
  const amount = 3000 + randomInt(19) * 500;
  const config = configFor(zip, 1, amount, fixed?.window ?? [...pick(WINDOW_PARAMETERS)]);
  const calc = await visitor.call('order-calc', 'POST', '/api/kalkulation/berechnen', {
    json: config,
  });
  const offers = jsonOf<CalculationResult>(calc)?.Items ?? [];
  if (calc.status !== 200 || offers.length === 0) {
    ctx.ledger.stop(`Kasse: Berechnung ${calc.status}, ${offers.length} Angebote`);
    return;
  }
  // Most take the cheapest offer, as people do; a rush all of them.
  const chosen = (rush || Math.random() < 0.75 ? offers[0] : pick(offers.slice(0, 3))) as Offer;
  const preview = await visitor.call('order-preview', 'POST', '/api/orders/preview', {
    json: { Configuration: config, DealerId: chosen.Id },
  });
  const previewed = jsonOf<{ Offer: Offer; DeliverySlots?: { Date: string }[] }>(preview);
  if (preview.status !== 200 || !previewed) {
    ctx.ledger.stop(`Kasse: Vorschau ${preview.status}`);
    return;
  }
  const slots = previewed.DeliverySlots ?? [];
  // Most take the earliest day, as people do: the first days fill up and bookings collide.
  const slot =
    rush || Math.random() < 0.8
      ? slots[0]
      : slots[randomInt(Math.max(1, Math.min(4, slots.length)))];

  let email = `gast-${randomUUID().slice(0, 8)}@example.org`;
  let firstName = 'Erika';
  let lastName = 'Gast';
  if (customer) {
    const defaults = await visitor.authed(
      'checkout-defaults',
      'GET',
      '/api/orders/checkout-defaults',
    );
    const body = jsonOf<{ Email: string }>(defaults);
    email = defaults.status === 200 && body ? body.Email : customer.email;
    firstName = customer.firstName;
    lastName = customer.lastName;
  }
  const body = {
    Configuration: config,
    DealerId: chosen.Id,
    DeliveryAddress: {
      Title1: 'Frau',
      FirstName: firstName,
      LastName: lastName,
      Street: 'Teststraße',
      HouseNumber: String(1 + randomInt(120)),
      ZipCode: zip,
      Place: ctx.placeOf.get(zip) ?? 'Berlin',
    },
    Email: email,
    Phone: '030 1234567',
    AccessNotes: 'Tank im Keller',
    AcceptedTerms: true,
    TotalPrice: previewed.Offer.TotalPrice,
    IdempotencyKey: randomUUID(),
    DeliveryDate: slot?.Date,
  };
  const record: OrderRecord = {
    key: body.IdempotencyKey,
    userId: customer ? visitor.userId : undefined,
    email,
    attempts: [],
  };
  ctx.ledger.orders.set(record.key, record);
  await placeOrder(ctx, visitor, body, record);
}

/** POST /api/orders: a customer's with the token (authed), a guest's with the CSRF pair only. */
function send(
  visitor: Visitor,
  kind: string,
  body: OrderBody,
  opts: { server?: string; timeoutMs?: number },
): Promise<Answer> {
  const options = { json: body, ...opts };
  return visitor.token
    ? visitor.authed(kind, 'POST', '/api/orders', options)
    : visitor.api(kind, 'POST', '/api/orders', options);
}

type OrderBody = {
  TotalPrice: number;
  DeliveryDate?: string;
  IdempotencyKey: string;
} & Record<string, unknown>;

async function placeOrder(
  ctx: FlowContext,
  visitor: Visitor,
  body: OrderBody,
  record: OrderRecord,
): Promise<void> {
  let server: string | undefined;
  for (let attempt = 0; attempt < 8; attempt++) {
    // Now and then the client gives up before the answer comes (a train entering a tunnel): the
    // order may be placed or not, and the retry with the same key must find out which.
    const dropped = attempt === 0 && Math.random() < 0.08;
    const answer = await send(visitor, 'order', body, {
      server,
      timeoutMs: dropped ? 20 + randomInt(300) : undefined,
    });
    const placed = jsonOf<{
      OrderNumber?: string;
      Reason?: string;
      Offer?: Offer;
      Slots?: { Date: string }[];
    }>(answer);
    const entry: OrderAttempt = {
      server: answer.server,
      status: answer.status,
      lost: isLost(answer),
      at: Date.now(),
      replay: false,
    };
    record.attempts.push(entry);
    if ((answer.status === 200 || answer.status === 201) && placed?.OrderNumber) {
      entry.orderNumber = placed.OrderNumber;
      if (Math.random() < 0.2) await replay(visitor, body, record);
      return;
    }
    if (entry.lost) {
      // Like the app after a dropped connection: wait, then the same request elsewhere.
      server = visitor.net.other(answer.server).spec.name;
      await sleep(retryDelay(answer));
      continue;
    }
    server = undefined;
    if (answer.status === 409 && placed?.Reason === 'PriceChanged' && placed.Offer) {
      // The customer confirms the new price; the key stays (it is the same checkout).
      entry.reason = 'PriceChanged';
      body.TotalPrice = placed.Offer.TotalPrice;
      continue;
    }
    if (answer.status === 409 && placed?.Reason === 'SlotTaken') {
      entry.reason = 'SlotTaken';
      const next = placed.Slots?.[0]?.Date;
      if (!next) {
        ctx.ledger.stop('Kasse: kein freier Tag mehr');
        return;
      }
      body.DeliveryDate = next;
      continue;
    }
    entry.reason = `refused ${answer.status}`;
    ctx.ledger.stop(`Kasse: Bestellung ${answer.status}`);
    return;
  }
  ctx.ledger.stop('Kasse: nach 8 Versuchen aufgegeben');
}

/** The same request once more (a proxy's retry, a second tab): must answer the same order. */
async function replay(visitor: Visitor, body: OrderBody, record: OrderRecord): Promise<void> {
  const answer = await send(visitor, 'order-replay', body, {});
  const placed = jsonOf<{ OrderNumber?: string }>(answer);
  record.attempts.push({
    server: answer.server,
    status: answer.status,
    lost: isLost(answer),
    orderNumber: answer.status < 300 ? placed?.OrderNumber : undefined,
    at: Date.now(),
    replay: true,
  });
}

// ---------------------------------------------------------------------------------------------
// Password resets

/**
 * A burst of "Kennwort vergessen" forms at once: customers (each at most 3 an hour, the form's
 * limit per e-mail) and unknown addresses (no mail, same answer), each from its own address.
 */
export async function resetBurst(ctx: FlowContext, size = 8): Promise<void> {
  const known = ctx.customers.filter((c) => c.resets < 3).slice(0, Math.max(1, size - 2));
  const targets = [
    ...known.map((c): { email: string; customer: Customer | undefined } => ({
      email: c.email,
      customer: c,
    })),
    ...Array.from({ length: size - known.length }, () => ({
      email: `unbekannt-${randomUUID().slice(0, 8)}@example.org`,
      customer: undefined as Customer | undefined,
    })),
  ];
  await Promise.all(
    targets.map(async ({ email, customer }) => {
      if (customer) customer.resets += 1;
      const answer = await new Visitor(ctx.net).legacyForm('reset', '/konto/passwort-vergessen', {
        Email: email,
      });
      ctx.ledger.resets.push({ email, known: customer !== undefined, status: answer?.status ?? 0 });
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Group orders

interface GroupView {
  Code: string;
  State: string;
  PaymentOptions: { Id: number }[];
  You: { OrderNumber: string | null; State: string } | null;
}

function address(customer: Customer, zip: string, place: string) {
  return {
    Title1: 'Frau',
    FirstName: customer.firstName,
    LastName: customer.lastName,
    Street: 'Nachbarweg',
    HouseNumber: String(1 + randomInt(99)),
    ZipCode: zip,
    Place: place,
  };
}

/**
 * One group: an organiser starts it, 1–4 neighbours join at once (now and then one more while the
 * organiser closes), the organiser closes early, and every household reads its own order number.
 */
export async function groupRound(ctx: FlowContext): Promise<void> {
  const zip = pick(GROUP_ZIPS);
  const place = ctx.placeOf.get(zip) ?? 'Berlin';
  const organiser = await registerCustomer(ctx);
  if (!organiser) return;
  const amount = 2000 + randomInt(5) * 500;
  const config = configFor(zip, 1, amount);
  const calc = await organiser.visitor.call('group-calc', 'POST', '/api/kalkulation/berechnen', {
    json: config,
  });
  const best = jsonOf<CalculationResult>(calc)?.Items?.[0];
  if (!best) {
    ctx.ledger.stop(`Gruppe: Berechnung ${calc.status}`);
    return;
  }
  // Generous: the group price is below a single order's; only the low-max household is left out.
  const maxUnitPrice = Math.min(999, Math.ceil(best.UnitPrice * 1.5));
  const startBody = {
    Configuration: config,
    DeliveryAddress: address(organiser, zip, place),
    Email: organiser.email,
    Phone: '030 7654321',
    AccessNotes: '',
    MaxUnitPrice: maxUnitPrice,
    DeadlineHours: 24,
    AcceptedTerms: true,
    IdempotencyKey: randomUUID(),
  };
  const record: GroupRecord = { code: '', zip, members: [], closeStatus: 0, finalState: '' };
  let started = await organiser.visitor.authed('group-start', 'POST', '/api/sammelbestellungen', {
    json: startBody,
  });
  if (isLost(started)) {
    await sleep(retryDelay(started));
    started = await organiser.visitor.authed('group-start', 'POST', '/api/sammelbestellungen', {
      json: startBody,
    });
  }
  const view = jsonOf<GroupView>(started);
  if ((started.status !== 201 && started.status !== 200) || !view?.Code) {
    ctx.ledger.stop(`Gruppe: Start ${started.status}`);
    return;
  }
  record.code = view.Code;
  record.members.push({
    email: organiser.email,
    userId: organiser.visitor.userId,
    organiser: true,
    status: started.status,
    lowMax: false,
  });
  ctx.ledger.groups.push(record);
  const path = `/api/sammelbestellungen/${view.Code}`;

  const neighbours = (
    await Promise.all(Array.from({ length: 1 + randomInt(4) }, () => registerCustomer(ctx)))
  ).filter((n): n is Customer => n !== undefined);
  const lowMaxIndex = Math.random() < 0.3 ? 0 : -1;
  const join = async (neighbour: Customer, lowMax: boolean) => {
    const seen = await neighbour.visitor.authed('group-view', 'GET', path);
    const payment = jsonOf<GroupView>(seen)?.PaymentOptions?.[0]?.Id;
    const member: GroupMemberRecord = {
      email: neighbour.email,
      userId: neighbour.visitor.userId,
      organiser: false,
      status: 0,
      lowMax,
    };
    record.members.push(member);
    if (payment === undefined) {
      member.status = seen.status;
      return;
    }
    const body = {
      DeliveryAddress: address(neighbour, zip, place),
      Amount: 1000 + randomInt(5) * 500,
      Email: neighbour.email,
      Phone: '030 1112223',
      AccessNotes: '',
      PaymentParameterId: payment,
      MaxUnitPrice: lowMax ? 1 : maxUnitPrice,
      AcceptedTerms: true,
    };
    let joined = await neighbour.visitor.authed('group-join', 'POST', `${path}/teilnehmen`, {
      json: body,
    });
    if (isLost(joined)) {
      // A join is the same row however often it is sent (one per customer and group).
      await sleep(retryDelay(joined));
      joined = await neighbour.visitor.authed('group-join', 'POST', `${path}/teilnehmen`, {
        json: body,
      });
    }
    member.status = joined.status;
  };
  const late = Math.random() < 0.3 ? neighbours.pop() : undefined;
  await Promise.all(neighbours.map((n, i) => join(n, i === lowMaxIndex)));

  // The organiser closes; now and then a neighbour joins in the same moment (decision 022: the
  // join is either in the closing or refused with 409, never neither).
  const close = organiser.visitor.authed('group-close', 'POST', `${path}/abschliessen`);
  const [closed] = await Promise.all([close, late ? join(late, false) : Promise.resolve()]);
  record.closeStatus = closed.status;
  if (isLost(closed)) {
    await sleep(retryDelay(closed));
    record.closeStatus = (
      await organiser.visitor.authed('group-close', 'POST', `${path}/abschliessen`)
    ).status;
  }
  if (record.closeStatus !== 202) {
    ctx.ledger.stop(`Gruppe: Abschluss ${record.closeStatus}`);
    return;
  }

  // The closing runs in the job queue; the page follows (the app polls every 30 s, we faster).
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline && !ctx.net.stopping) {
    await sleep(2000);
    const seen = await organiser.visitor.authed('group-view', 'GET', path);
    const state = jsonOf<GroupView>(seen)?.State;
    if (state) record.finalState = state;
    if (state === 'closed' || state === 'failed' || state === 'cancelled') break;
  }
  if (record.finalState !== 'closed') return;
  const everyone = [organiser, ...neighbours, ...(late ? [late] : [])];
  await Promise.all(
    everyone.map(async (household) => {
      const seen = await household.visitor.authed('group-view', 'GET', path);
      const number = jsonOf<GroupView>(seen)?.You?.OrderNumber;
      const member = record.members.find((m) => m.email === household.email);
      if (member && number) member.orderNumber = number;
    }),
  );
}
