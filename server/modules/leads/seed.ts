/**
 * The oil-consumption guide (SPEC §3 Guide): id 1 "Heizölverbrauch vergleichen".
 * Options and their values come from the comparison's benchmark tables
 * (server/modules/leads/compare.ts), so a question and the number behind it cannot drift apart.
 * Upserted on every start: a changed text reaches existing databases.
 */
import { sql } from 'drizzle-orm';
import {
  GuideDefinitionSchema,
  type GuideChoiceOption,
  type GuideDefinition,
} from '../../../src/api/contract/leads';
import { BUILDING_TYPES, CONSTRUCTION_CLASSES, HEATING_AGES, KEYS } from './compare';
import type { Db } from '../../db/client';
import { guides } from '../../db/schema';

export const CONSUMPTION_GUIDE_ID = 1;

const options = (
  list: readonly { value: string; label: string; hint?: string | undefined }[],
): GuideChoiceOption[] =>
  list.map((o) =>
    o.hint ? { Value: o.value, Label: o.label, Hint: o.hint } : { Value: o.value, Label: o.label },
  );

export const CONSUMPTION_GUIDE: GuideDefinition = {
  Title: 'Heizölverbrauch vergleichen',
  Steps: [
    {
      Id: 1,
      OrderWeight: 10,
      Title: 'Ihr Gebäude',
      Description: 'Wo steht das Haus, und wie groß ist die beheizte Fläche?',
      Inputs: [
        {
          Type: 'zip',
          Key: KEYS.zip,
          Label: 'Postleitzahl des Gebäudes',
          Required: true,
          Help: 'Damit rechnen wir mit dem aktuellen Heizölpreis Ihres Landes.',
        },
        {
          Type: 'choice',
          Key: KEYS.buildingType,
          Label: 'Gebäudeart',
          Required: true,
          Options: options(BUILDING_TYPES),
        },
        {
          Type: 'number',
          Key: KEYS.livingArea,
          Label: 'Beheizte Wohnfläche',
          Required: true,
          Unit: 'm²',
          Min: 30,
          Max: 1000,
          Step: 1,
          Placeholder: 'z. B. 140',
          Help: 'Die Wohnfläche aller beheizten Räume, ohne Keller und ungeheizten Dachboden.',
        },
      ],
    },
    {
      Id: 2,
      OrderWeight: 20,
      Title: 'Baujahr und Dämmung',
      Description:
        'Das Baujahr sagt viel über die Dämmung. Wurde umfassend saniert, wählen Sie „ab 2010“.',
      Inputs: [
        {
          Type: 'choice',
          Key: KEYS.constructionPeriod,
          Label: 'Baujahr bzw. Dämmstand',
          Required: true,
          Options: options(CONSTRUCTION_CLASSES),
        },
      ],
    },
    {
      Id: 3,
      OrderWeight: 30,
      Title: 'Haushalt und Warmwasser',
      Inputs: [
        {
          Type: 'number',
          Key: KEYS.residents,
          Label: 'Personen im Haushalt',
          Required: true,
          Unit: 'Personen',
          Min: 1,
          Max: 12,
          Step: 1,
          Placeholder: 'z. B. 3',
        },
        {
          Type: 'choice',
          Key: KEYS.hotWater,
          Label: 'Bereitet die Ölheizung auch das Warmwasser?',
          Required: true,
          Options: [
            { Value: 'ja', Label: 'Ja' },
            { Value: 'nein', Label: 'Nein', Hint: 'z. B. Durchlauferhitzer oder Solaranlage' },
          ],
        },
      ],
    },
    {
      Id: 4,
      OrderWeight: 40,
      Title: 'Ihre Heizung',
      Inputs: [
        {
          Type: 'choice',
          Key: KEYS.heatingAge,
          Label: 'Wann wurde der Heizkessel eingebaut?',
          Required: true,
          Help: 'Steht auf dem Typenschild des Kessels oder im Protokoll des Schornsteinfegers.',
          Options: options(HEATING_AGES),
        },
      ],
    },
    {
      Id: 5,
      OrderWeight: 50,
      Title: 'Ihr Verbrauch',
      Description:
        'Den Jahresverbrauch finden Sie auf Ihren Rechnungen. Wissen Sie ihn nicht, reicht die letzte Füllung.',
      Inputs: [
        {
          Type: 'choice',
          Key: KEYS.consumptionMode,
          Label: 'Was wissen Sie über Ihren Verbrauch?',
          Required: true,
          Options: [
            { Value: 'jahr', Label: 'Meinen Verbrauch pro Jahr' },
            {
              Value: 'fuellung',
              Label: 'Meine letzte Tankfüllung',
              Hint: 'und wie lange sie gereicht hat',
            },
          ],
        },
        {
          Type: 'number',
          Key: KEYS.litresPerYear,
          Label: 'Heizölverbrauch pro Jahr',
          Required: true,
          Unit: 'Liter',
          Min: 100,
          Max: 30000,
          Step: 1,
          Placeholder: 'z. B. 2500',
          VisibleWhen: { Key: KEYS.consumptionMode, Values: ['jahr'] },
        },
        {
          Type: 'number',
          Key: KEYS.fillLitres,
          Label: 'Getankte Menge bei der letzten Füllung',
          Required: true,
          Unit: 'Liter',
          Min: 100,
          Max: 32000,
          Step: 1,
          Placeholder: 'z. B. 3000',
          VisibleWhen: { Key: KEYS.consumptionMode, Values: ['fuellung'] },
        },
        {
          Type: 'number',
          Key: KEYS.fillMonths,
          Label: 'So viele Monate hat die Füllung gereicht',
          Required: true,
          Unit: 'Monate',
          Min: 3,
          Max: 36,
          Step: 1,
          Placeholder: 'z. B. 14',
          Help: 'Mindestens drei Monate; je länger der Zeitraum, desto genauer der Vergleich, weil der Winter mehr braucht als der Sommer.',
          VisibleWhen: { Key: KEYS.consumptionMode, Values: ['fuellung'] },
        },
      ],
    },
  ],
};

export async function seedGuides(db: Db): Promise<void> {
  // Parse with the contract: a seed that the API could not serve fails at start, not in use.
  const definition = GuideDefinitionSchema.parse(CONSUMPTION_GUIDE);
  const row = {
    id: CONSUMPTION_GUIDE_ID,
    name: 'heizoelverbrauch-vergleichen',
    definition,
    active: true,
  };
  await db
    .insert(guides)
    .values(row)
    .onConflictDoUpdate({
      target: guides.id,
      set: { ...row, updatedAt: sql`now()` },
      // Only a changed guide gets a new updatedAt.
      setWhere: sql`${guides.definition} is distinct from excluded.definition or ${guides.name} is distinct from excluded.name or not ${guides.active}`,
    });
}
