/**
 * The price-alarm check on the database job queue (docs/decisions/011): once per time
 * slot, whichever server process claims the run. For every alarm that is not paused, today's best
 * price for its postal code and amount (heating oil, the country's default product, default
 * options) is stored on the alarm; a price at or below the threshold after one above it (`below`
 * false) sends one e-mail through the outbox and sets `below`, a price above the threshold clears
 * it again: one mail per crossing.
 *
 * Once-only even with two runs at the same moment: the crossing is an UPDATE … WHERE below = false
 * RETURNING in the same transaction as the outbox insert, so only the run whose update changed
 * the row enqueues the mail.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { priceAlarms, users } from '../../db/schema';
import { calculateDefault, type CalculationDeps } from '../calculation';
import { utcHour } from '../../jobs';
import { enqueueEmail } from '../mail';
import { formatPrice, formatQuantity } from '../../../src/lib/format';
import { offerListPath } from '../../../src/lib/paths';
import { localeByCountryId } from '../../../src/lib/locale';

export const PRICE_ALARM_JOB = 'price-alarm-check';

/** The alarm's currency: the country's (CHF in Switzerland). */
export function currencyOf(countryId: number): 'EUR' | 'CHF' {
  return localeByCountryId(countryId)?.currencyCode ?? 'EUR';
}

/** The run's key: one per hour (UTC, so a clock change neither skips nor repeats a slot). */
export const alarmSlot = utcHour;

export interface AlarmCheckDeps {
  db: Db;
  calculation: CalculationDeps;
  absoluteUrl: (path: string) => string;
  now?: () => Date;
}

export interface AlarmCheckResult {
  checked: number;
  /** E-mails this run enqueued. */
  notified: number;
}

/** Today's best price per 100 L (gross) for an alarm; null when no dealer delivers. */
export function bestPriceFor(
  calculation: CalculationDeps,
  alarm: { countryId: number; zipCode: string; amount: number },
): number | null {
  const result = calculateDefault(calculation, {
    ZipCode: alarm.zipCode,
    Amount: alarm.amount,
    CountryId: alarm.countryId,
    ProductGroupId: 1,
    Stations: 1,
    Parameters: [],
    AppointmentPlus: false,
  });
  let best: number | null = null;
  for (const offer of result.Items) {
    if (best === null || offer.UnitPrice < best) best = offer.UnitPrice;
  }
  return best;
}

/** The offer list for the alarm's postal code and amount (SPEC §3 query; the rest defaults). */
export function alarmOfferPath(alarm: { zipCode: string; amount: number }): string {
  return `${offerListPath(1)}?zipCode=${encodeURIComponent(alarm.zipCode)}&amount=${alarm.amount}`;
}

export function alarmMail(
  alarm: { zipCode: string; amount: number; threshold: number; countryId: number },
  price: number,
  link: string,
): { subject: string; text: string } {
  const currency = currencyOf(alarm.countryId);
  const priceText = formatPrice(price, currency);
  const thresholdText = formatPrice(alarm.threshold, currency);
  const amountText = `${formatQuantity(alarm.amount)} Liter`;
  return {
    subject: `Preisalarm: Heizöl für ${alarm.zipCode} jetzt ${priceText} je 100 Liter`,
    text: [
      'Guten Tag,',
      '',
      `der beste Heizölpreis für ${amountText} an die Postleitzahl ${alarm.zipCode} liegt heute bei ${priceText} je 100 Liter (inkl. MwSt.).`,
      `Damit ist Ihr Preisalarm von ${thresholdText} je 100 Liter erreicht.`,
      '',
      `Zu den Angeboten: ${link}`,
      '',
      'Sie erhalten die nächste Nachricht erst, wenn der Preis wieder über Ihre Schwelle gestiegen und erneut darunter gefallen ist.',
      'Ihre Preisalarme pausieren oder löschen Sie in Ihrem Kundenkonto unter „Preisalarme“.',
      '',
      'Ihr Ölkompass',
    ].join('\n'),
  };
}

/** One check of every active alarm (the job's handler). */
export async function checkPriceAlarms(deps: AlarmCheckDeps): Promise<AlarmCheckResult> {
  const { db } = deps;
  const rows = await db
    .select({ alarm: priceAlarms, email: users.email })
    .from(priceAlarms)
    .innerJoin(users, eq(users.id, priceAlarms.userId))
    // A user without an address or no longer active gets no mail, so the alarm is not checked.
    .where(and(eq(priceAlarms.paused, false), eq(users.active, true), ne(users.email, '')))
    .orderBy(priceAlarms.id);
  let notified = 0;
  for (const { alarm, email } of rows) {
    const now = deps.now?.() ?? new Date();
    const price = bestPriceFor(deps.calculation, alarm);
    const checked = { lastPrice: price, lastCheckedAt: now };
    if (price === null) {
      // Nobody delivers today: nothing crossed, the state stays.
      await db.update(priceAlarms).set(checked).where(eq(priceAlarms.id, alarm.id));
      continue;
    }
    if (price > alarm.threshold) {
      await db
        .update(priceAlarms)
        .set({ ...checked, below: false })
        .where(eq(priceAlarms.id, alarm.id));
      continue;
    }
    const sent = await db.transaction(async (tx) => {
      const crossed = await tx
        .update(priceAlarms)
        .set({ ...checked, below: true, lastNotifiedAt: now })
        .where(
          and(
            eq(priceAlarms.id, alarm.id),
            eq(priceAlarms.below, false),
            eq(priceAlarms.paused, false),
          ),
        )
        .returning({ id: priceAlarms.id });
      if (crossed.length === 0) return false;
      const mail = alarmMail(alarm, price, deps.absoluteUrl(alarmOfferPath(alarm)));
      await enqueueEmail(tx, { kind: 'price-alarm', to: email, ...mail });
      return true;
    });
    if (sent) {
      notified += 1;
    } else {
      // Already below (mailed on an earlier run) or paused meanwhile: only the check is stored.
      await db.update(priceAlarms).set(checked).where(eq(priceAlarms.id, alarm.id));
    }
  }
  return { checked: rows.length, notified };
}
