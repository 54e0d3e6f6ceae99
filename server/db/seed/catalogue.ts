/**
 * The calculator catalogue: products per country and product group, and the parameter groups
 * with their items (SPEC §3 Calculator data). Ids are part of the contract: the defaults
 * 5, 24, -2, 11, 9, installment 23 (modifier 12), default products 1 (DE), 6 (AT), 12 (CH).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { calcParameterGroups, calcParameters, products } from '../schema';

export const PRODUCT_GROUP = { heatingOil: 1, diesel: 2 } as const;

type ProductRow = typeof products.$inferInsert;
type GroupRow = typeof calcParameterGroups.$inferInsert;
type ParameterRow = typeof calcParameters.$inferInsert;

export const PRODUCTS: readonly ProductRow[] = [
  // Deutschland
  {
    id: 1,
    countryId: 1,
    productGroupId: 1,
    name: 'Heizöl EL schwefelarm',
    description: 'Standard-Heizöl nach DIN 51603-1, Schwefelgehalt unter 50 mg/kg.',
    isDefault: true,
    sort: 1,
  },
  {
    id: 2,
    countryId: 1,
    productGroupId: 1,
    name: 'Premium-Heizöl',
    description: 'Schwefelarmes Heizöl mit Additiven für stabile Lagerung und saubere Verbrennung.',
    isPremium: true,
    baseProductId: 1,
    sort: 2,
  },
  {
    id: 3,
    countryId: 1,
    productGroupId: 2,
    name: 'Diesel',
    description: 'Dieselkraftstoff nach DIN EN 590.',
    isDefault: true,
    sort: 1,
  },
  {
    id: 4,
    countryId: 1,
    productGroupId: 2,
    name: 'Premium-Diesel',
    description: 'Diesel mit Additivpaket für Motorpflege und bessere Kälteeigenschaften.',
    isPremium: true,
    baseProductId: 3,
    sort: 2,
  },
  // Österreich
  {
    id: 6,
    countryId: 2,
    productGroupId: 1,
    name: 'Heizöl Extra leicht',
    description: 'Heizöl Extra leicht schwefelarm nach ÖNORM C 1109.',
    isDefault: true,
    sort: 1,
  },
  {
    id: 7,
    countryId: 2,
    productGroupId: 1,
    name: 'Premium Heizöl Extra leicht',
    description:
      'Heizöl Extra leicht mit Additiven für Lagerstabilität und effiziente Verbrennung.',
    isPremium: true,
    baseProductId: 6,
    sort: 2,
  },
  {
    id: 8,
    countryId: 2,
    productGroupId: 2,
    name: 'Diesel',
    description: 'Dieselkraftstoff nach ÖNORM EN 590.',
    isDefault: true,
    sort: 1,
  },
  {
    id: 9,
    countryId: 2,
    productGroupId: 2,
    name: 'Premium-Diesel',
    description: 'Diesel mit Additivpaket.',
    isPremium: true,
    baseProductId: 8,
    sort: 2,
  },
  // Schweiz
  {
    id: 12,
    countryId: 3,
    productGroupId: 1,
    name: 'Heizöl Öko schwefelarm',
    description: 'Heizöl Extra leicht Öko, Schwefelgehalt unter 50 mg/kg.',
    isDefault: true,
    sort: 1,
  },
  {
    id: 13,
    countryId: 3,
    productGroupId: 1,
    name: 'Heizöl Öko Premium',
    description: 'Öko-Heizöl mit Additiven für Lagerstabilität und saubere Verbrennung.',
    isPremium: true,
    baseProductId: 12,
    sort: 2,
  },
  {
    id: 14,
    countryId: 3,
    productGroupId: 2,
    name: 'Diesel',
    description: 'Dieselkraftstoff nach SN EN 590.',
    isDefault: true,
    sort: 1,
  },
  {
    id: 15,
    countryId: 3,
    productGroupId: 2,
    name: 'Premium-Diesel',
    description: 'Diesel mit Additivpaket.',
    isPremium: true,
    baseProductId: 14,
    sort: 2,
  },
];

/** Group ids 1–5; keys as delivered to the client (SPEC §3 Groups[].Key). */
export const PARAMETER_GROUPS: readonly GroupRow[] = [
  { id: 1, key: 1, name: 'Lieferzeit', sort: 1 },
  { id: 2, key: 2, name: 'Zahlungsart', sort: 2 },
  { id: 3, key: 3, name: 'Schlauchlänge', sort: 3 },
  { id: 4, key: 4, name: 'Tankwagen', sort: 4 },
  { id: 5, key: 5, name: 'Lieferzeitfenster', sort: 5 },
];

export const PARAMETERS: readonly ParameterRow[] = [
  // Lieferzeit (default 5)
  {
    id: 4,
    groupId: 1,
    name: 'Flexibel (bis 6 Wochen)',
    description: 'Der Händler plant Ihre Lieferung in eine ohnehin gefahrene Tour ein.',
    deliveryDays: 30,
    leadDays: 5,
    sort: 1,
  },
  {
    id: 5,
    groupId: 1,
    name: 'Standard (bis 3 Wochen)',
    description: 'Lieferung innerhalb von 15 Werktagen.',
    isDefault: true,
    deliveryDays: 15,
    leadDays: 3,
    sort: 2,
  },
  {
    id: 6,
    groupId: 1,
    name: 'Express (bis 5 Werktage)',
    description: 'Lieferung innerhalb von 5 Werktagen.',
    deliveryDays: 5,
    leadDays: 2,
    upselling: true,
    sort: 3,
  },
  {
    id: 7,
    groupId: 1,
    name: 'Eillieferung (1–2 Werktage)',
    description: 'Für leere Tanks: Lieferung am nächsten oder übernächsten Werktag.',
    deliveryDays: 2,
    leadDays: 1,
    sort: 4,
  },
  // Zahlungsart (default 24; installment 23 with modifier 12)
  {
    id: 24,
    groupId: 2,
    name: 'Rechnung (Überweisung nach Lieferung)',
    description: 'Zahlung innerhalb von 10 Tagen nach Lieferung.',
    isDefault: true,
    sort: 1,
  },
  {
    id: 25,
    groupId: 2,
    name: 'Lastschrift',
    description: 'Der Betrag wird nach der Lieferung von Ihrem Konto eingezogen.',
    sort: 2,
  },
  {
    id: 26,
    groupId: 2,
    name: 'Bar oder EC-Karte bei Lieferung',
    description: 'Zahlung direkt beim Fahrer.',
    sort: 3,
  },
  {
    id: 27,
    groupId: 2,
    name: 'PayPal',
    description: 'Zahlung über PayPal nach der Bestellung.',
    sort: 4,
  },
  {
    id: 23,
    groupId: 2,
    name: 'Ratenzahlung (12 Monatsraten)',
    description: 'Finanzierung über unsere Partnerbank in 12 gleichen Monatsraten.',
    modifier: 12,
    hasSubItems: true,
    upselling: true,
    sort: 5,
  },
  // Schlauchlänge (default -2)
  {
    id: -2,
    groupId: 3,
    name: 'bis 40 m',
    description: 'Der Tankwagen kann bis auf 40 m an den Einfüllstutzen heranfahren.',
    isDefault: true,
    useIcon: true,
    sort: 1,
  },
  {
    id: -3,
    groupId: 3,
    name: 'bis 60 m',
    description: 'Längerer Schlauch für schwer erreichbare Tanks.',
    useIcon: true,
    sort: 2,
  },
  {
    id: -4,
    groupId: 3,
    name: 'bis 80 m',
    description: 'Extra langer Schlauch.',
    useIcon: true,
    sort: 3,
  },
  // Tankwagen (default 11)
  {
    id: 11,
    groupId: 4,
    name: 'Standard-Tankwagen',
    description: 'Tankwagen mit Anhänger, für gut erreichbare Grundstücke.',
    isDefault: true,
    useIcon: true,
    sort: 1,
  },
  {
    id: 14,
    groupId: 4,
    name: 'Ohne Anhänger',
    description: 'Für enge Zufahrten, an denen kein Anhänger rangieren kann.',
    useIcon: true,
    sort: 2,
  },
  {
    id: 15,
    groupId: 4,
    name: 'Kleiner Tankwagen',
    description: 'Für schmale Straßen und Gewichtsbeschränkungen (bis 7,5 t).',
    useIcon: true,
    sort: 3,
  },
  // Lieferzeitfenster (default 9)
  {
    id: 9,
    groupId: 5,
    name: 'ganztags',
    description: 'Lieferung zwischen 7 und 17 Uhr.',
    isDefault: true,
    sort: 1,
  },
  {
    id: 8,
    groupId: 5,
    name: 'vormittags',
    description: 'Lieferung zwischen 7 und 12 Uhr.',
    sort: 2,
  },
  {
    id: 10,
    groupId: 5,
    name: 'nachmittags',
    description: 'Lieferung zwischen 12 und 17 Uhr.',
    sort: 3,
  },
];

/** Idempotent upsert of products and parameters. */
export async function seedCatalogue(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const row of PRODUCTS) {
      await tx
        .insert(products)
        .values(row)
        .onConflictDoUpdate({ target: products.id, set: { ...row, id: sql`excluded.id` } });
    }
    for (const row of PARAMETER_GROUPS) {
      await tx
        .insert(calcParameterGroups)
        .values(row)
        .onConflictDoUpdate({ target: calcParameterGroups.id, set: row });
    }
    for (const row of PARAMETERS) {
      await tx
        .insert(calcParameters)
        .values(row)
        .onConflictDoUpdate({ target: calcParameters.id, set: row });
    }
  });
}
