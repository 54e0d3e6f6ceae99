/** The stored consent choice. Loaded with Dexie on demand, so zod stays off the first download. */
import { z } from 'zod/mini';

export const ConsentChoiceSchema = z.object({
  preferences: z.boolean(),
  statistics: z.boolean(),
  decidedAt: z.number(),
});
