/**
 * meX tank sensors and price alarms (SPEC §3 Mex snapshot, §4 Session mex, §6 mex-owner
 * guard, §7 GET /api/site/mex/mex-snapshot). docs/decisions/017.
 *
 * - Customer (mex-owner guard): the snapshot for the banner, the dashboard, the readings of a range.
 * - Sensor (its device key as a bearer token): POST readings.
 * - Staff with meXSupport: register a sensor to a customer, rotate its key.
 * - Customer (user guard): price alarms.
 */
import { z } from 'zod/mini';
import { CurrencySchema } from './calculation-result';
import { CountryIdSchema, requestId, requestIdParam, requestInt, requestText } from './common';

// ---------------------------------------------------------------------------------------------
// Constants

/** Readings per POST: a sensor that was offline for weeks sends its backlog in a few requests. */
export const MEX_READINGS_PER_POST = 500;
/** A reading may be at most this far in the future (a sensor clock running a little fast). */
export const MEX_FUTURE_TOLERANCE_MS = 10 * 60_000;
/** And at most this old (older backlog is of no use to a forecast). */
export const MEX_MAX_AGE_DAYS = 400;
/** Tank sizes a household has: 300 L to 100,000 L. */
export const MEX_TANK_LITRES = { min: 300, max: 100_000 } as const;
/** A battery below this is reported on the dashboard. */
export const MEX_BATTERY_LOW_PCT = 20;
/** No reading for this long: the dashboard warns that the sensor is silent. */
export const MEX_SILENT_AFTER_H = 48;
/** Device keys: "mxk_" and 43 base64url characters (256 random bits). */
export const MEX_DEVICE_KEY = /^mxk_[A-Za-z0-9_-]{43}$/;
/** Sensor serials as printed on the device. */
export const MEX_SERIAL = /^MX-[0-9A-F]{4}-[0-9A-F]{4}$/;
/** Chart ranges of the dashboard: every reading of 30 days, weekly means of 26 weeks, the season. */
export const MEX_RANGES = ['tage', 'wochen', 'saison'] as const;
export type MexRange = (typeof MEX_RANGES)[number];
/** Price alarm thresholds, gross per 100 L (EUR or CHF). */
export const ALARM_THRESHOLD = { min: 20, max: 500 } as const;
export const ALARMS_PER_USER = 10;

// ---------------------------------------------------------------------------------------------
// SPEC §3 Mex snapshot: GET /api/site/mex/mex-snapshot?sensorId=

export const MexSnapshotQuerySchema = z.object({
  sensorId: z.optional(requestIdParam('sensorId')),
});

/** One tank as the calculator banner shows it; Value is the sensor id (SPEC §3 Value, Selected). */
export const MexTankSchema = z.object({
  Value: z.number(),
  Selected: z.boolean(),
  Name: z.string(),
  /** Litres now and the share of the usable volume (0–100). */
  Litres: z.number(),
  Percent: z.number(),
  UsableL: z.number(),
  /** What fits in now: usable volume minus the content, whole litres (the order amount). */
  FreeL: z.number(),
  CountryId: z.number(),
  ZipCode: z.string(),
  ProductGroupId: z.number(),
  /** ISO date-time of the last reading; null for a sensor that never sent one. */
  MeasuredAt: z.nullable(z.string()),
  /** Days until empty at the recent consumption; null when it cannot be told (no consumption). */
  DaysLeft: z.nullable(z.number()),
});
export type MexTank = z.infer<typeof MexTankSchema>;

export const MexSnapshotSchema = z.object({
  AvailableTanks: z.array(MexTankSchema),
});
export type MexSnapshot = z.infer<typeof MexSnapshotSchema>;

// ---------------------------------------------------------------------------------------------
// Dashboard: GET /api/site/mex/dashboard

export const MexForecastSchema = z.object({
  /** Litres per day: the last 7 days and the heating season so far (null without data). */
  Avg7Days: z.nullable(z.number()),
  AvgSeason: z.nullable(z.number()),
  /** The consumption the forecast uses (per day). */
  PerDay: z.nullable(z.number()),
  DaysLeft: z.nullable(z.number()),
  /** yyyy-mm-dd: the day the usable content runs out ("reicht bis"). */
  EmptyOn: z.nullable(z.string()),
  /** Working days the dealers for this postal code need (the fastest of the cheapest three). */
  LeadDays: z.nullable(z.number()),
  /** yyyy-mm-dd: the latest day to order so the oil arrives before the tank runs dry. */
  OrderBy: z.nullable(z.string()),
  /** Today's best price per 100 L for FreeL at this postal code; null when nobody delivers. */
  PricePer100L: z.nullable(z.number()),
  Currency: CurrencySchema,
  /** The price over the last 14 days: change in percent, and what that means. */
  PriceChangePercent: z.nullable(z.number()),
  PriceTrend: z.enum(['steigend', 'fallend', 'stabil', 'unbekannt']),
  /** One German sentence: what to do and why. */
  Advice: z.string(),
});
export type MexForecast = z.infer<typeof MexForecastSchema>;

export const MexReadingPointSchema = z.object({
  /** ISO date-time (a weekly mean: the week's Monday). */
  At: z.string(),
  Litres: z.number(),
});
export type MexReadingPoint = z.infer<typeof MexReadingPointSchema>;

export const MexTankDetailSchema = z.object({
  ...MexTankSchema.shape,
  CapacityL: z.number(),
  Serial: z.string(),
  BatteryPct: z.nullable(z.number()),
  TemperatureC: z.nullable(z.number()),
  /** Warnings to show: the battery is low; the sensor has been silent for 48 h or more. */
  BatteryLow: z.boolean(),
  Silent: z.boolean(),
  Forecast: MexForecastSchema,
});
export type MexTankDetail = z.infer<typeof MexTankDetailSchema>;

export const MexDashboardSchema = z.object({
  Tanks: z.array(MexTankDetailSchema),
  /** When the server answered (ISO): the age an offline copy shows. */
  GeneratedAt: z.string(),
});
export type MexDashboard = z.infer<typeof MexDashboardSchema>;

/** /{sensorId} of a customer's readings and of staff's key rotation. */
export const MexSensorIdParamsSchema = z.object({ sensorId: requestIdParam('sensorId') });

// GET /api/site/mex/sensors/{sensorId}/readings?range=
export const MexReadingsParamsSchema = MexSensorIdParamsSchema;
export const MexReadingsQuerySchema = z.object({
  range: z._default(
    z.enum(MEX_RANGES, { error: 'range muss tage, wochen oder saison sein.' }),
    'tage',
  ),
});
export const MexReadingsSchema = z.object({
  SensorId: z.number(),
  Range: z.enum(MEX_RANGES),
  Points: z.array(MexReadingPointSchema),
});
export type MexReadings = z.infer<typeof MexReadingsSchema>;

// ---------------------------------------------------------------------------------------------
// Sensor ingestion: POST /api/mex/readings, Authorization: Bearer mxk_…

const isoDateTime = (field: string) =>
  requestText(
    `${field} muss ein Zeitpunkt sein.`,
    z.iso.datetime({ offset: true, error: `${field} muss ein ISO-Zeitpunkt mit Zeitzone sein.` }),
  );

/** A postal code of a sensor's tank or a price alarm: 4 (AT, CH) or 5 (DE) digits. */
const ZipCodeField = requestText(
  'ZipCode muss ein Text sein.',
  z.regex(/^\d{4,5}$/, 'Die Postleitzahl hat 4 oder 5 Ziffern.'),
);

const measurement = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} muss eine Zahl sein.` })
    .check(
      z.refine(Number.isFinite, `${field} muss eine endliche Zahl sein.`),
      z.gte(min, `${field} muss mindestens ${min} sein.`),
      z.lte(max, `${field} darf höchstens ${max} sein.`),
    );

/** One reading: litres or fill percentage (exactly one), optionally temperature and battery. */
export const MexReadingInputSchema = z
  .object({
    MeasuredAt: isoDateTime('MeasuredAt'),
    Litres: z.optional(measurement('Litres', 0, MEX_TANK_LITRES.max)),
    FillPercent: z.optional(measurement('FillPercent', 0, 100)),
    TemperatureC: z.optional(measurement('TemperatureC', -40, 80)),
    BatteryPct: z.optional(requestInt('BatteryPct', 0, 100)),
  })
  .check(
    z.refine(
      (r) => (r.Litres === undefined) !== (r.FillPercent === undefined),
      'Genau einer der Werte Litres oder FillPercent ist anzugeben.',
    ),
  );
export type MexReadingInput = z.infer<typeof MexReadingInputSchema>;

export const MexReadingsBodySchema = z.object({
  Readings: z
    .array(MexReadingInputSchema, { error: 'Readings muss eine Liste sein.' })
    .check(
      z.minLength(1, 'Readings enthält keinen Messwert.'),
      z.maxLength(
        MEX_READINGS_PER_POST,
        `Höchstens ${MEX_READINGS_PER_POST} Messwerte je Anfrage.`,
      ),
    ),
});
export type MexReadingsBody = z.infer<typeof MexReadingsBodySchema>;

export const MexIngestResultSchema = z.object({
  /** Newly stored readings. */
  Stored: z.number(),
  /** Readings whose time was already stored (a repeat is not an error). */
  Duplicates: z.number(),
});
export type MexIngestResult = z.infer<typeof MexIngestResultSchema>;

// ---------------------------------------------------------------------------------------------
// Staff (meXSupport): /api/support/mex/sensors

export const MexSensorRowSchema = z.object({
  SensorId: z.number(),
  Serial: z.string(),
  KeyHint: z.string(),
  KeyRotatedAt: z.string(),
  TankId: z.number(),
  TankName: z.string(),
  UsableL: z.number(),
  CapacityL: z.number(),
  ZipCode: z.string(),
  CountryId: z.number(),
  UserId: z.number(),
  UserEmail: z.string(),
  LastReadingAt: z.nullable(z.string()),
});
export type MexSensorRow = z.infer<typeof MexSensorRowSchema>;

export const MexSensorListSchema = z.object({ Sensors: z.array(MexSensorRowSchema) });

export const MexSensorCreateSchema = z
  .object({
    UserId: requestId('UserId'),
    Serial: requestText(
      'Serial muss ein Text sein.',
      z.regex(MEX_SERIAL, 'Die Seriennummer hat die Form MX-1A2B-3C4D.'),
    ),
    TankName: requestText(
      'TankName muss ein Text sein.',
      z.trim(),
      z.minLength(1, 'Bitte einen Namen für den Tank angeben.'),
      z.maxLength(60, 'Der Name darf höchstens 60 Zeichen haben.'),
    ),
    CapacityL: requestInt('CapacityL', MEX_TANK_LITRES.min, MEX_TANK_LITRES.max),
    UsableL: requestInt('UsableL', MEX_TANK_LITRES.min, MEX_TANK_LITRES.max),
    CountryId: CountryIdSchema,
    ZipCode: ZipCodeField,
    ProductGroupId: z._default(
      z.union([z.literal(1), z.literal(2)], { error: 'ProductGroupId muss 1 oder 2 sein.' }),
      1,
    ),
  })
  .check(
    z.refine((b) => b.UsableL <= b.CapacityL, {
      message: 'Das nutzbare Volumen kann nicht größer als der Tank sein.',
      path: ['UsableL'],
    }),
  );
export type MexSensorCreate = z.infer<typeof MexSensorCreateSchema>;

/** The device key is in this answer once and never again (only its hash is stored). */
export const MexSensorKeySchema = z.object({
  SensorId: z.number(),
  Serial: z.string(),
  DeviceKey: z.string(),
});
export type MexSensorKey = z.infer<typeof MexSensorKeySchema>;

// ---------------------------------------------------------------------------------------------
// Price alarms (user guard): /api/jwt/kunde/preisalarme

export const PriceAlarmSchema = z.object({
  Id: z.number(),
  TankId: z.nullable(z.number()),
  CountryId: z.number(),
  ZipCode: z.string(),
  Amount: z.number(),
  Threshold: z.number(),
  Currency: CurrencySchema,
  Paused: z.boolean(),
  /** The price at the last check (per 100 L) and when; null before the first check. */
  LastPrice: z.nullable(z.number()),
  LastCheckedAt: z.nullable(z.string()),
  LastNotifiedAt: z.nullable(z.string()),
});
export type PriceAlarm = z.infer<typeof PriceAlarmSchema>;

export const PriceAlarmListSchema = z.object({ Alarms: z.array(PriceAlarmSchema) });

function thresholdSchema() {
  return z
    .number({ error: 'Threshold muss eine Zahl sein.' })
    .check(
      z.refine(Number.isFinite, 'Threshold muss eine endliche Zahl sein.'),
      z.gte(ALARM_THRESHOLD.min, `Der Preis muss mindestens ${ALARM_THRESHOLD.min} betragen.`),
      z.lte(ALARM_THRESHOLD.max, `Der Preis darf höchstens ${ALARM_THRESHOLD.max} betragen.`),
    );
}

export const PriceAlarmCreateSchema = z.object({
  TankId: z.optional(z.nullable(requestId('TankId'))),
  CountryId: CountryIdSchema,
  ZipCode: ZipCodeField,
  Amount: requestInt('Amount', 500, 32_000),
  Threshold: thresholdSchema(),
});
export type PriceAlarmCreate = z.infer<typeof PriceAlarmCreateSchema>;

/** Pause or resume, a new threshold, or both (a threshold was dropped unread). */
export const PriceAlarmUpdateSchema = z
  .object({
    Paused: z.optional(z.boolean({ error: 'Paused muss wahr oder falsch sein.' })),
    Threshold: z.optional(thresholdSchema()),
  })
  .check(
    z.refine(
      (body) => body.Paused !== undefined || body.Threshold !== undefined,
      'Erwartet wird { Paused } oder { Threshold }.',
    ),
  );
export type PriceAlarmUpdate = z.infer<typeof PriceAlarmUpdateSchema>;

export const PriceAlarmIdParamsSchema = z.object({ alarmId: requestIdParam('alarmId') });
