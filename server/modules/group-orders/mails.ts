/**
 * The mails of a group order, German plain text. They never name another household:
 * households are counted, litres summed. Every household's confirmation says that its order is
 * its own contract with the dealer, and that nobody is liable for another household.
 */
import { groupOrderPath, orderConfirmationPath } from '../../../src/lib/paths';
import { PRODUCT_NAME } from '../../../src/lib/brand';
import { formatPrice, formatQuantity } from '../../../src/lib/format';
import type { groupOrderMembers, groupOrders, OrderAddress } from '../../db/schema';
import type { OutgoingEmail } from '../mail';
import type { DealerContact } from '../dealers';
import { deliveryText, type OrderRow } from '../orders';
import { per100, type GroupPricing } from './pricing';

export type MailLink = (path: string) => string;
type Group = typeof groupOrders.$inferSelect;
type Member = typeof groupOrderMembers.$inferSelect;
/** The tour's booked day. */
type Delivery = Parameters<typeof deliveryText>[0];

/** Said on the page, in the terms and in every household's confirmation. */
export const OWN_CONTRACT_TEXT =
  'Jeder Haushalt erhält einen eigenen Kaufvertrag mit dem Händler, mit eigener Rechnung und Zahlung. Niemand haftet für die Bestellung eines anderen Haushalts.';

const currencyOf = (group: Group) => (group.countryId === 3 ? 'CHF' : 'EUR');
const money = (value: number, group: Group) => formatPrice(value, currencyOf(group));

function deadlineText(group: Group): string {
  return new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    dateStyle: 'full',
    timeStyle: 'short',
  }).format(group.deadline);
}

const signature = ['', `Ihr ${PRODUCT_NAME}-Team`];

function mail(to: string, subject: string, lines: string[]): OutgoingEmail {
  return { kind: 'group-order', to, subject, text: [...lines, ...signature].join('\n') };
}

export function startedMail(link: MailLink, group: Group, to: string): OutgoingEmail {
  return mail(to, `Ihre Sammelbestellung ${group.code} ist gestartet`, [
    'Guten Tag,',
    '',
    `Ihre Sammelbestellung für PLZ ${group.zip} ${group.place} ist gestartet. Laden Sie Ihre Nachbarn ein – mit diesem Link oder dem Code ${group.code}:`,
    '',
    link(groupOrderPath(group.code)),
    '',
    `Mitmachen können Haushalte in PLZ ${group.zip} oder bis 3 km entfernt, bis ${deadlineText(group)}. Je mehr mitmachen, desto niedriger ist in der Regel der Preis je 100 Liter.`,
    '',
    OWN_CONTRACT_TEXT,
  ]);
}

export function joinedMail(
  link: MailLink,
  group: Group,
  to: string,
  amount: number,
  households: number,
): OutgoingEmail {
  return mail(to, `Ein Haushalt macht bei Ihrer Sammelbestellung ${group.code} mit`, [
    'Guten Tag,',
    '',
    `ein weiterer Haushalt ist Ihrer Sammelbestellung beigetreten (${formatQuantity(amount)} Liter). Jetzt sind es ${households} Haushalte.`,
    '',
    `Den aktuellen Preis sehen Sie hier: ${link(groupOrderPath(group.code))}`,
  ]);
}

export function leftMail(
  link: MailLink,
  group: Group,
  to: string,
  how: { organiserLeft: boolean; youOrganise: boolean },
): OutgoingEmail {
  const lines = how.organiserLeft
    ? [
        'der Organisator hat die Sammelbestellung verlassen.',
        how.youOrganise
          ? 'Sie organisieren sie jetzt: Sie können Nachbarn einladen und die Sammelbestellung vorzeitig abschließen.'
          : 'Ein anderer Haushalt organisiert sie jetzt; für Sie ändert sich nichts.',
      ]
    : ['ein Haushalt hat Ihre Sammelbestellung verlassen.'];
  return mail(to, `Sammelbestellung ${group.code}: ein Haushalt ist ausgetreten`, [
    'Guten Tag,',
    '',
    ...lines,
    '',
    `Der aktuelle Preis: ${link(groupOrderPath(group.code))}`,
  ]);
}

export function cancelledMail(link: MailLink, group: Group, to: string): OutgoingEmail {
  return mail(to, `Sammelbestellung ${group.code} abgesagt`, [
    'Guten Tag,',
    '',
    'Sie haben die Sammelbestellung verlassen, und kein anderer Haushalt war dabei: sie ist abgesagt. Es wurde nichts bestellt.',
    '',
    link(groupOrderPath(group.code)),
  ]);
}

export function excludedMail(
  link: MailLink,
  group: Group,
  to: string,
  note: string,
): OutgoingEmail {
  return mail(to, `Sammelbestellung ${group.code}: für Sie wurde nicht bestellt`, [
    'Guten Tag,',
    '',
    `die Sammelbestellung ${group.code} wurde abgeschlossen. ${note}`,
    '',
    'Es entstehen Ihnen keine Kosten. Sie können jederzeit selbst bestellen oder eine neue Sammelbestellung starten.',
    '',
    link(groupOrderPath(group.code)),
  ]);
}

function addressLines(a: OrderAddress): string[] {
  const name = [a.title1, a.firstName, a.lastName].filter(Boolean).join(' ');
  return [name, a.company, `${a.street} ${a.houseNumber}`, `${a.zip} ${a.place}`].filter(Boolean);
}

export function householdOrderMail(
  link: MailLink,
  group: Group,
  order: OrderRow,
  dealer: DealerContact,
  pricing: GroupPricing,
  member: Member,
  delivery: Delivery | null,
): OutgoingEmail {
  const a = member.deliveryAddress;
  return {
    kind: 'order-confirmation',
    to: member.email,
    subject: `Ihre Bestellung ${order.orderNumber} aus der Sammelbestellung ${group.code}`,
    text: [
      `Guten Tag ${[a.title1 || a.firstName, a.lastName].filter(Boolean).join(' ')},`,
      '',
      `die Sammelbestellung ${group.code} ist abgeschlossen. Für Ihren Haushalt haben wir bei ${dealer.name} (${dealer.place}) bestellt:`,
      '',
      `Bestellnummer: ${order.orderNumber}`,
      `Menge: ${formatQuantity(order.amountLitres)} Liter (die Sammelbestellung: ${formatQuantity(pricing.totalAmount)} Liter, ${pricing.stations} Haushalte)`,
      `Ihr Preis: ${money(order.totalPrice, group)} (${money(order.unitPrice, group)} je 100 Liter, inkl. MwSt.)`,
      ...(delivery
        ? [`Liefertermin: ${deliveryText(delivery)} (eine Tour für alle Haushalte)`]
        : []),
      '',
      'Lieferadresse:',
      ...addressLines(a).map((l) => `  ${l}`),
      '',
      OWN_CONTRACT_TEXT,
      '',
      delivery
        ? `Der Tankwagen kommt am gebuchten Termin; ${dealer.name} meldet sich, falls sich daran etwas ändert (Telefon ${dealer.phone}). Ihre Bestellung: ${link(orderConfirmationPath(order.orderNumber))}`
        : `${dealer.name} stimmt den Liefertermin mit Ihnen ab (Telefon ${dealer.phone}). Ihre Bestellung: ${link(orderConfirmationPath(order.orderNumber))}`,
      '',
      `${PRODUCT_NAME} vermittelt die Bestellung; der Kaufvertrag kommt mit dem Händler zustande. Ein Widerrufsrecht besteht nicht, weil der Preis von Heizöl von Schwankungen auf dem Finanzmarkt abhängt (§ 312g Abs. 2 Nr. 8 BGB).`,
      ...signature,
    ].join('\n'),
  };
}

export function dealerGroupMail(
  group: Group,
  dealer: DealerContact,
  pricing: GroupPricing,
  members: readonly Member[],
  numbers: readonly string[],
  delivery: Delivery | null,
): OutgoingEmail {
  return {
    kind: 'dealer-notification',
    to: dealer.email,
    subject: `Sammelbestellung ${group.code}: ${members.length} Bestellungen, ${formatQuantity(pricing.totalAmount)} Liter nach ${group.zip} ${group.place}`,
    text: [
      'Guten Tag,',
      '',
      `über ${PRODUCT_NAME} ist eine Sammelbestellung für ${dealer.name} eingegangen: ${members.length} Haushalte, zusammen ${formatQuantity(pricing.totalAmount)} Liter, als eine Tour mit ${pricing.stations} Abladestellen. Jeder Haushalt hat eine eigene Bestellung (eigener Vertrag, eigene Rechnung):`,
      ...(delivery
        ? ['', `Gebucht ist ${deliveryText(delivery)} aus Ihrem Kontingent, für die ganze Tour.`]
        : []),
      '',
      ...members.map((m, i) => {
        const a = m.deliveryAddress;
        return `${numbers[i] ?? ''}: ${formatQuantity(m.amountLitres)} Liter, ${a.firstName} ${a.lastName}, ${a.street} ${a.houseNumber}, ${a.zip} ${a.place}, Tel. ${m.phone}, ${money(pricing.shares[i] ?? 0, group)}`;
      }),
      ...signature,
    ].join('\n'),
  };
}

export function closedMail(
  link: MailLink,
  group: Group,
  to: string,
  dealer: DealerContact,
  pricing: GroupPricing,
  excluded: number,
): OutgoingEmail {
  return mail(to, `Sammelbestellung ${group.code} abgeschlossen`, [
    'Guten Tag,',
    '',
    `die Sammelbestellung ${group.code} ist abgeschlossen: ${pricing.stations} Haushalte, zusammen ${formatQuantity(pricing.totalAmount)} Liter, bei ${dealer.name} für ${money(per100(pricing.totalPrice, pricing.totalAmount), group)} je 100 Liter.`,
    excluded > 0
      ? `${excluded === 1 ? 'Ein Haushalt lag' : `${excluded} Haushalte lagen`} über dem eigenen Höchstpreis und ${excluded === 1 ? 'wurde' : 'wurden'} nicht bestellt.`
      : 'Alle Haushalte wurden bestellt.',
    '',
    'Ihre eigene Bestellbestätigung erhalten Sie in einer eigenen E-Mail.',
    '',
    link(groupOrderPath(group.code)),
  ]);
}

/**
 * The closing failed for good (no dealer had a free day in the delivery time, or the closing
 * could not run at all): nothing was ordered, for anybody.
 */
export function failedMail(
  link: MailLink,
  group: Group,
  to: string,
  reason: string,
): OutgoingEmail {
  return mail(to, `Sammelbestellung ${group.code}: es wurde nichts bestellt`, [
    'Guten Tag,',
    '',
    `die Sammelbestellung ${group.code} konnte nicht abgeschlossen werden. ${reason} Es wurde für keinen Haushalt bestellt, und es entstehen Ihnen keine Kosten.`,
    '',
    'Sie können selbst bestellen oder eine neue Sammelbestellung starten.',
    '',
    link(groupOrderPath(group.code)),
  ]);
}
