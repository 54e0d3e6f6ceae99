/**
 * The customer's mail when the dealer declines an order (decision 026): written in the status
 * transaction by the one request whose update moved the order, so it goes out exactly once.
 */
import { PRODUCT_NAME } from '../../../src/lib/brand';
import { formatQuantity } from '../../../src/lib/format';
import type { DbOrTx } from '../../db/client';
import { findDealerContact } from '../dealers';
import type { OutgoingEmail } from '../mail';
import type { OrderRow } from './repo';

export async function declinedMail(tx: DbOrTx, order: OrderRow): Promise<OutgoingEmail> {
  const dealer = await findDealerContact(tx, order.dealerId);
  const dealerName = dealer?.name ?? 'Der Händler';
  const a = order.deliveryAddress;
  const greeting = a.title1
    ? `Guten Tag ${a.title1} ${a.lastName},`
    : `Guten Tag ${a.firstName} ${a.lastName},`;
  return {
    kind: 'order-declined',
    to: order.email,
    subject: `Ihre Bestellung ${order.orderNumber} wurde abgelehnt`,
    text: [
      greeting,
      '',
      `${dealerName} hat Ihre Bestellung ${order.orderNumber} über ${formatQuantity(order.amountLitres)} Liter nach ${a.zip} ${a.place} leider abgelehnt.`,
      '',
      `Begründung des Händlers: ${order.declineReason ?? ''}`,
      '',
      'Der gebuchte Liefertermin ist freigegeben; die Bestellung wird nicht ausgeführt und nicht berechnet.',
      `Auf ${PRODUCT_NAME} finden Sie die Angebote anderer Händler für Ihre Postleitzahl.`,
      '',
      `Ihr ${PRODUCT_NAME}-Team`,
    ].join('\n'),
  };
}
