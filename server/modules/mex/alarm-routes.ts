/**
 * /api/jwt/kunde/preisalarme: a customer's price alarms (user guard). A customer sets a
 * threshold per 100 L for a postal code and amount; the check job (alarm-job.ts) compares it with
 * today's best price and mails once per crossing. Writes need the CSRF header (docs/decisions/008).
 */
import { and, count, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  ALARMS_PER_USER,
  PriceAlarmCreateSchema,
  PriceAlarmIdParamsSchema,
  PriceAlarmListSchema,
  PriceAlarmSchema,
  PriceAlarmUpdateSchema,
  type PriceAlarm,
} from '../../../src/api/contract/mex';
import { mexTanks, priceAlarms, users } from '../../db/schema';
import { guardAllRoutes, requireCsrf } from '../account';
import { checkZipCode } from '../location';
import { currencyOf, PRICE_ALARM_JOB } from './alarm-job';
import { errorResponses } from '../../plugins/errors';

const errors = errorResponses(400, 401, 403, 404, 409);

export type PriceAlarmRow = typeof priceAlarms.$inferSelect;

/** The currency of a country's prices (CHF in Switzerland, EUR elsewhere). */
export function toPriceAlarm(row: PriceAlarmRow): PriceAlarm {
  return {
    Id: row.id,
    TankId: row.tankId,
    CountryId: row.countryId,
    ZipCode: row.zipCode,
    Amount: row.amount,
    Threshold: row.threshold,
    Currency: currencyOf(row.countryId),
    Paused: row.paused,
    LastPrice: row.lastPrice,
    LastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    LastNotifiedAt: row.lastNotifiedAt?.toISOString() ?? null,
  };
}

const NOT_FOUND = { message: 'Diesen Preisalarm gibt es nicht.' };

/** The logged-in user's id; the user guard ran before, so auth is set. */
function userIdOf(request: { auth: { id: number } | null }): number {
  if (!request.auth) throw new Error('price alarm route without the user guard');
  return request.auth.id;
}

export const priceAlarmRoutes: FastifyPluginAsyncZod = async (app) => {
  guardAllRoutes(app, 'user');

  // One person's data: no shared cache may keep it.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/',
    { schema: { response: { 200: PriceAlarmListSchema, ...errors } } },
    async (request) => {
      const rows = await app.db
        .select()
        .from(priceAlarms)
        .where(eq(priceAlarms.userId, userIdOf(request)))
        .orderBy(priceAlarms.id);
      return { Alarms: rows.map(toPriceAlarm) };
    },
  );

  /**
   * A new or resumed alarm is checked at once, not at the next hourly run: a threshold the price
   * already meets mails within seconds (in a server process; tests run the queue themselves).
   */
  function checkSoon(alarmId: number): void {
    app.jobs
      .enqueueNow(PRICE_ALARM_JOB, `alarm:${alarmId}:${Date.now()}`)
      .catch((error: unknown) => app.log.error({ err: error }, 'price alarm: check not queued'));
  }

  app.post(
    '/',
    {
      preValidation: [requireCsrf],
      schema: { body: PriceAlarmCreateSchema, response: { 201: PriceAlarmSchema, ...errors } },
    },
    async (request, reply) => {
      const userId = userIdOf(request);
      const body = request.body;
      if (!checkZipCode(app.zipIndex, body.CountryId, body.ZipCode)) {
        const message = `Die Postleitzahl ${body.ZipCode} ist nicht bekannt.`;
        return reply.code(400).send({ message, issues: [{ path: 'body.ZipCode', message }] });
      }
      const tankId = body.TankId ?? null;
      if (tankId !== null) {
        const [tank] = await app.db
          .select({ id: mexTanks.id })
          .from(mexTanks)
          .where(and(eq(mexTanks.id, tankId), eq(mexTanks.userId, userId)));
        if (!tank) {
          const message = 'Diesen Tank gibt es in Ihrem Konto nicht.';
          return reply.code(400).send({ message, issues: [{ path: 'body.TankId', message }] });
        }
      }
      const created = await app.db.transaction(async (tx) => {
        // The user's row is the lock: two requests at once can not both pass the limit.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const [counted] = await tx
          .select({ n: count() })
          .from(priceAlarms)
          .where(eq(priceAlarms.userId, userId));
        if ((counted?.n ?? 0) >= ALARMS_PER_USER) return null;
        const [row] = await tx
          .insert(priceAlarms)
          .values({
            userId,
            tankId,
            countryId: body.CountryId,
            zipCode: body.ZipCode,
            amount: body.Amount,
            threshold: body.Threshold,
          })
          .returning();
        return row ?? null;
      });
      if (!created) {
        return reply.code(409).send({
          message: `Sie haben bereits ${ALARMS_PER_USER} Preisalarme. Bitte löschen Sie zuerst einen.`,
        });
      }
      checkSoon(created.id);
      return reply.code(201).send(toPriceAlarm(created));
    },
  );

  app.patch(
    '/:alarmId',
    {
      preValidation: [requireCsrf],
      schema: {
        params: PriceAlarmIdParamsSchema,
        body: PriceAlarmUpdateSchema,
        response: { 200: PriceAlarmSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { Paused, Threshold } = request.body;
      const [row] = await app.db
        .update(priceAlarms)
        .set({
          ...(Paused !== undefined && { paused: Paused }),
          // A new threshold is a new question: the next check may mail at once.
          ...(Threshold !== undefined && { threshold: Threshold, below: false }),
        })
        .where(
          and(
            eq(priceAlarms.id, request.params.alarmId),
            eq(priceAlarms.userId, userIdOf(request)),
          ),
        )
        .returning();
      if (!row) return reply.code(404).send(NOT_FOUND);
      if (!row.paused) checkSoon(row.id);
      return toPriceAlarm(row);
    },
  );

  app.delete(
    '/:alarmId',
    {
      preValidation: [requireCsrf],
      schema: { params: PriceAlarmIdParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const deleted = await app.db
        .delete(priceAlarms)
        .where(
          and(
            eq(priceAlarms.id, request.params.alarmId),
            eq(priceAlarms.userId, userIdOf(request)),
          ),
        )
        .returning({ id: priceAlarms.id });
      return deleted.length > 0 ? reply.code(204).send(null) : reply.code(404).send(NOT_FOUND);
    },
  );
};
