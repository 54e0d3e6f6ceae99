/**
 * Group orders (docs/decisions/022). Every change of a group (join, leave, the
 * organiser's early close, the closing itself) runs in one transaction that first locks the
 * group's row (SELECT … FOR UPDATE), so they happen one after the other whatever the number of
 * processes: a join either commits before the closing (and is in it) or sees the group closed
 * (and is told it came too late), never both. The closing is a job (name GROUP_CLOSE_JOB, key the
 * group id) queued in the start's own transaction for the deadline; the organiser's early close
 * makes it due now. A closing that runs twice finds the group closed and does nothing.
 */
import { CALC, type CalculatorConfig } from '../../../src/api/contract/calculation';
import {
  GROUP_CODE_ALPHABET,
  GROUP_RULES,
  type GroupView,
  type JoinGroupRequest,
  type StartGroupRequest,
} from '../../../src/api/contract/group-orders';
import { checkZip, resolveRequest } from '../calculation';
import { enqueueEmail } from '../mail';
import { storedAddress } from '../orders';
import { cancelledMail, joinedMail, leftMail, startedMail } from './mails';
import {
  fail,
  GROUP_CLOSE_JOB,
  joinBlocked,
  nowOf,
  pricedOf,
  shownState,
  templateOf,
  type GroupDeps,
  type Result,
} from './model';
import { groupPaymentOptions, isNeighbour, paymentOf, priceGroup } from './pricing';
import {
  findGroupByCode,
  findGroupByKey,
  insertGroup,
  insertMember,
  isMember,
  membersOf,
  updateGroup,
  updateMember,
  type GroupRow,
  type MemberRow,
} from './repo';
import { buildView } from './view';

/** 8 random characters of the code alphabet (about 8·10¹¹ codes). */
export function newGroupCode(random: (n: number) => Uint8Array = randomBytes): string {
  const bytes = random(8);
  let code = '';
  for (const b of bytes) code += GROUP_CODE_ALPHABET[b % GROUP_CODE_ALPHABET.length];
  return code;
}

function randomBytes(n: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(n));
}

// ---------------------------------------------------------------------------------------------
// Start

export async function startGroup(
  deps: GroupDeps,
  userId: number,
  input: StartGroupRequest,
): Promise<Result<{ code: string; created: boolean }>> {
  const earlier = await findGroupByKey(deps.db, input.IdempotencyKey);
  if (earlier) {
    if (earlier.organiserUserId !== userId && !(await isMember(deps.db, earlier.id, userId))) {
      return fail(
        409,
        'Unter diesem Schlüssel wurde bereits eine andere Sammelbestellung gestartet.',
      );
    }
    return { ok: true, value: { code: earlier.code, created: false } };
  }

  const config = input.Configuration;
  if (input.DeliveryAddress.ZipCode !== config.ZipCode) {
    return fail(
      400,
      `Die Lieferadresse muss in PLZ ${config.ZipCode} liegen: dafür wurde der Preis berechnet.`,
      'body.DeliveryAddress.ZipCode',
    );
  }
  const snapshot = deps.calculation.index.current();
  const zipError = checkZip(snapshot, config.CountryId, config.ZipCode);
  if (zipError) return { ok: false, status: 400, error: zipError.error };
  const resolved = resolveRequest(snapshot, { ...config, Stations: 1 });
  if (!resolved.ok) return { ok: false, status: 400, error: resolved.error };
  const payment = paymentOf(deps.calculation, config);
  if (payment === undefined || payment === CALC.INSTALLMENT_PARAMETER_ID) {
    return fail(
      400,
      'Ratenzahlung ist in einer Sammelbestellung nicht möglich (nur mit einer Abladestelle). Bitte wählen Sie eine andere Zahlungsart.',
      'body.Configuration.Parameters',
    );
  }
  const template: CalculatorConfig = { ...config, Stations: 1, UpsellCount: undefined };
  if (
    !priceGroup(deps.calculation, template, [
      { amount: config.Amount, paymentParameterId: payment },
    ])
  ) {
    return fail(
      400,
      `Für diese Auswahl liefert zurzeit kein Händler nach PLZ ${config.ZipCode}.`,
      'body.Configuration',
    );
  }

  const now = nowOf(deps);
  const deadline = new Date(now.getTime() + input.DeadlineHours * 3_600_000);
  const address = storedAddress(input.DeliveryAddress);
  for (let attempt = 0; ; attempt++) {
    const code = newGroupCode();
    const made = await deps.db.transaction(async (tx) => {
      const group = await insertGroup(tx, {
        code,
        idempotencyKey: input.IdempotencyKey,
        organiserUserId: userId,
        countryId: config.CountryId,
        productGroupId: config.ProductGroupId,
        zip: config.ZipCode,
        place: input.DeliveryAddress.Place,
        configuration: template,
        deadline,
        createdAt: now,
      });
      if (!group) return undefined;
      await insertMember(tx, {
        groupId: group.id,
        userId,
        email: input.Email.toLowerCase(),
        phone: input.Phone,
        deliveryAddress: address,
        accessNotes: input.AccessNotes,
        amountLitres: config.Amount,
        paymentParameterId: payment,
        maxUnitPrice: input.MaxUnitPrice,
        joinedAt: now,
      });
      await deps.jobs.enqueueIn(tx, GROUP_CLOSE_JOB, String(group.id), deadline);
      await enqueueEmail(tx, startedMail(deps.absoluteUrl, group, input.Email.toLowerCase()));
      return group;
    });
    if (made) return { ok: true, value: { code: made.code, created: true } };
    // The code or the key was taken meanwhile: a resend of the same form finds its group.
    const raced = await findGroupByKey(deps.db, input.IdempotencyKey);
    if (raced) return { ok: true, value: { code: raced.code, created: false } };
    if (attempt >= 4) throw new Error('no free group code after 5 attempts');
  }
}

// ---------------------------------------------------------------------------------------------
// Join and leave

export async function joinGroup(
  deps: GroupDeps,
  code: string,
  userId: number,
  input: JoinGroupRequest,
): Promise<Result<GroupView>> {
  const group = await findGroupByCode(deps.db, code);
  if (!group) return fail(404, 'Diese Sammelbestellung gibt es nicht.');
  const zip = input.DeliveryAddress.ZipCode;
  const payments = groupPaymentOptions(deps.calculation);
  if (!payments.some((p) => p.Id === input.PaymentParameterId)) {
    return fail(
      400,
      'Diese Zahlungsart ist in der Sammelbestellung nicht möglich.',
      'body.PaymentParameterId',
    );
  }
  if (!isNeighbour(deps.calculation, group.countryId, group.zip, zip)) {
    return fail(
      400,
      `Die Lieferadresse muss in PLZ ${group.zip} liegen oder in einer Postleitzahl, deren Mitte höchstens ${GROUP_RULES.NEIGHBOUR_KM} km entfernt ist – sonst passt sie nicht in eine Tour des Tankwagens.`,
      'body.DeliveryAddress.ZipCode',
    );
  }

  const outcome = await deps.db.transaction(async (tx): Promise<Result<MemberRow[]>> => {
    const locked = await findGroupByCode(tx, code, true);
    if (!locked) return fail(404, 'Diese Sammelbestellung gibt es nicht.');
    const members = await membersOf(tx, locked.id);
    const mine = members.find((m) => m.userId === userId);
    // A resend (the form sent again offline, a double click) finds the household it made.
    if (mine?.state === 'active') return { ok: true, value: members };
    const now = nowOf(deps);
    const active = members.filter((m) => m.state === 'active');
    const blocked = joinBlocked(locked, active, now);
    if (blocked) return fail(409, blocked);
    const total = active.reduce((sum, m) => sum + m.amountLitres, 0) + input.Amount;
    if (total > GROUP_RULES.TOTAL_MAX) {
      return fail(
        400,
        `Zusammen sind höchstens ${GROUP_RULES.TOTAL_MAX.toLocaleString('de-DE')} Liter möglich; für Sie bleiben ${(GROUP_RULES.TOTAL_MAX - total + input.Amount).toLocaleString('de-DE')} Liter.`,
        'body.Amount',
      );
    }
    // A household no dealer could deliver with the others (a dealer's most unloading points)
    // would leave the whole group without an offer: it is refused, the group keeps its price.
    const joined = [
      ...pricedOf(active),
      { amount: input.Amount, paymentParameterId: input.PaymentParameterId },
    ];
    if (!priceGroup(deps.calculation, templateOf(locked), joined)) {
      return fail(
        409,
        `Mit einem weiteren Haushalt liefert zurzeit kein Händler diese Sammelbestellung (zu viele Abladestellen für ${active.length + 1} Haushalte). Sie können selbst bestellen oder eine eigene Sammelbestellung starten.`,
      );
    }
    const values = {
      email: input.Email.toLowerCase(),
      phone: input.Phone,
      deliveryAddress: storedAddress(input.DeliveryAddress),
      accessNotes: input.AccessNotes,
      amountLitres: input.Amount,
      paymentParameterId: input.PaymentParameterId,
      maxUnitPrice: input.MaxUnitPrice,
      state: 'active',
      joinedAt: now,
      leftAt: null,
      note: null,
    };
    if (mine) {
      await updateMember(tx, mine.id, values);
    } else {
      await insertMember(tx, { groupId: locked.id, userId, ...values });
    }
    const organiser = active.find((m) => m.userId === locked.organiserUserId);
    if (organiser) {
      await enqueueEmail(
        tx,
        joinedMail(deps.absoluteUrl, locked, organiser.email, input.Amount, active.length + 1),
      );
    }
    return { ok: true, value: await membersOf(tx, locked.id) };
  });
  if (!outcome.ok) return outcome;
  return { ok: true, value: await buildView(deps, group, outcome.value, userId) };
}

export async function leaveGroup(
  deps: GroupDeps,
  code: string,
  userId: number,
): Promise<Result<GroupView>> {
  const outcome = await deps.db.transaction(
    async (tx): Promise<Result<{ group: GroupRow; members: MemberRow[] }>> => {
      const group = await findGroupByCode(tx, code, true);
      if (!group) return fail(404, 'Diese Sammelbestellung gibt es nicht.');
      const members = await membersOf(tx, group.id);
      const mine = members.find((m) => m.userId === userId);
      if (!mine || mine.state !== 'active') {
        return fail(409, 'Sie nehmen an dieser Sammelbestellung nicht teil.');
      }
      const now = nowOf(deps);
      if (shownState(group, now) !== 'open') {
        return fail(
          409,
          'Die Sammelbestellung wird bereits abgeschlossen; Austreten ist nicht mehr möglich.',
        );
      }
      await updateMember(tx, mine.id, { state: 'left', leftAt: now });
      const rest = members.filter((m) => m.state === 'active' && m.id !== mine.id);
      let next = group;
      if (group.organiserUserId === userId) {
        const heir = rest[0];
        const updated = await updateGroup(
          tx,
          group.id,
          heir ? { organiserUserId: heir.userId } : { state: 'cancelled', closedAt: now },
        );
        next = updated ?? group;
        for (const m of rest) {
          await enqueueEmail(
            tx,
            leftMail(deps.absoluteUrl, next, m.email, {
              organiserLeft: true,
              youOrganise: m === heir,
            }),
          );
        }
        if (!heir) await enqueueEmail(tx, cancelledMail(deps.absoluteUrl, next, mine.email));
      } else {
        const organiser = rest.find((m) => m.userId === group.organiserUserId);
        if (organiser) {
          await enqueueEmail(
            tx,
            leftMail(deps.absoluteUrl, group, organiser.email, {
              organiserLeft: false,
              youOrganise: true,
            }),
          );
        }
      }
      return { ok: true, value: { group: next, members: await membersOf(tx, group.id) } };
    },
  );
  if (!outcome.ok) return outcome;
  return {
    ok: true,
    value: await buildView(deps, outcome.value.group, outcome.value.members, userId),
  };
}

// ---------------------------------------------------------------------------------------------
// The organiser's early close (the closing itself: close.ts)

/** The organiser closes before the deadline: the group is 'closing', its job due now. */
export async function requestClose(
  deps: GroupDeps,
  code: string,
  userId: number,
): Promise<Result<GroupView>> {
  const outcome = await deps.db.transaction(async (tx): Promise<Result<GroupRow>> => {
    const group = await findGroupByCode(tx, code, true);
    if (!group) return fail(404, 'Diese Sammelbestellung gibt es nicht.');
    if (group.organiserUserId !== userId) {
      return fail(403, 'Nur wer die Sammelbestellung organisiert, kann sie abschließen.');
    }
    if (group.state === 'closing' || group.state === 'closed') return { ok: true, value: group };
    if (group.state !== 'open') return fail(409, 'Diese Sammelbestellung findet nicht statt.');
    const updated = await updateGroup(tx, group.id, { state: 'closing' });
    await deps.jobs.dueNowIn(tx, GROUP_CLOSE_JOB, String(group.id));
    return { ok: true, value: updated ?? group };
  });
  if (!outcome.ok) return outcome;
  deps.jobs.runSoon();
  return {
    ok: true,
    value: await buildView(deps, outcome.value, await membersOf(deps.db, outcome.value.id), userId),
  };
}
