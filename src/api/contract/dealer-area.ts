/**
 * The dealer area (Händlerbereich, decision 026): a dealer's orders and its decisions on them.
 * A dealer user sees only the dealer its account is bound to; dealer support and admins name the
 * dealer (`?dealer=ID`). PascalCase wire fields like the rest of SPEC §7.
 */
import { z } from 'zod/mini';
import { INT4_MAX, requestIdParam, requestNumberParam, requestText, textLength } from './common';
import { ISO_DATE } from './delivery';
import { OrderSchema } from './orders';

const DAY_MESSAGE = 'Der Tag (day) muss ein Datum (JJJJ-MM-TT) sein.';

/** Staff act for a dealer by naming it; a dealer user's own dealer is its account's. */
const DealerQueryField = z.optional(requestIdParam('Der Händler (dealer)'));

// ---------------------------------------------------------------------------------------------
// GET /api/haendler/auftraege?day=YYYY-MM-DD&depot=ID&dealer=ID

export const DealerOrdersQuerySchema = z.object({
  /** Only orders booked for this delivery day. */
  day: z.optional(requestText(DAY_MESSAGE, z.regex(ISO_DATE, DAY_MESSAGE))),
  /** Only orders whose tour starts at this depot (0: the seat, else a branch id). */
  depot: z.optional(
    requestNumberParam('Das Depot (depot)', z.lte(INT4_MAX, 'Das Depot ist zu groß.')),
  ),
  dealer: DealerQueryField,
});

/**
 * One order as the dealer needs it for the tour: who, where, what, when. The fields it shares
 * with the customer's view are that view's; Delivery is null when nothing is booked (cancelled,
 * declined, older orders).
 */
export const DealerOrderSchema = z.extend(
  z.pick(OrderSchema, {
    OrderNumber: true,
    Status: true,
    CreatedAt: true,
    Delivery: true,
    ProductName: true,
    Amount: true,
    /** Unloading points (Abladestellen). */
    Stations: true,
    DeliveryAddress: true,
    AccessNotes: true,
    Phone: true,
    DeclineReason: true,
  }),
  {
    Id: z.number(),
    /** Where the tour starts (0: the seat, else the branch id); null without a booking. */
    DepotId: z.nullable(z.number()),
    CustomerName: z.string(),
    /** The group order (Sammelbestellung) this household's order came from, else null. */
    GroupOrderId: z.nullable(z.number()),
  },
);
export type DealerOrder = z.infer<typeof DealerOrderSchema>;

export const DealerOrdersResponseSchema = z.object({
  DealerId: z.number(),
  DealerName: z.string(),
  Orders: z.array(DealerOrderSchema),
});
export type DealerOrdersResponse = z.infer<typeof DealerOrdersResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/haendler/auftraege/{id}/bestaetigen | ablehnen | geliefert

export const DealerOrderParamsSchema = z.object({ id: requestIdParam('Die Auftrags-Id') });
export const DealerActionQuerySchema = z.object({ dealer: DealerQueryField });

export const DECLINE_REASON_MIN = 3;
export const DECLINE_REASON_MAX = 500;

/** Plain text: one to a few sentences, no control characters but line breaks and tabs. */
function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    const allowed = code === 0x09 || code === 0x0a || code === 0x0d;
    if ((code < 0x20 && !allowed) || code === 0x7f) return true;
  }
  return false;
}

export const DeclineOrderRequestSchema = z.object(
  {
    Reason: requestText(
      'Bitte geben Sie einen Grund für die Ablehnung an.',
      z.trim(),
      ...textLength('Der Grund', DECLINE_REASON_MIN, DECLINE_REASON_MAX),
      z.refine((v) => !hasControlCharacter(v), 'Der Grund enthält unzulässige Steuerzeichen.'),
    ),
  },
  { error: 'Erwartet wird { Reason }.' },
);
export type DeclineOrderRequest = z.infer<typeof DeclineOrderRequestSchema>;
