/**
 * Deterministic offers for the unit tests and the worker benchmark (bench/offers-worker.ts):
 * contract-shaped, breakdown lines that add up to the total in cents, some ties on purpose.
 * Not imported by the app.
 */
import type { BreakdownLine, Offer } from '../../api/contract/calculation';
import { mulberry32 } from '../../lib/prng';

const cents = (value: number) => Math.round(value * 100) / 100;

export interface GenerateOptions {
  count: number;
  seed?: number;
  amount?: number;
  currency?: 'EUR' | 'CHF';
  vatRatePercent?: number;
  installment?: boolean;
}

export function generateOffers({
  count,
  seed = 1,
  amount = 3000,
  currency = 'EUR',
  vatRatePercent = 19,
  installment = false,
}: GenerateOptions): Offer[] {
  const random = mulberry32(seed);
  const offers: Offer[] = [];
  for (let i = 0; i < count; i++) {
    // Whole-cent unit prices in a narrow band: equal totals happen, as they do in real lists.
    const unitBase = 95 + Math.floor(random() * 2000) / 100;
    const product = cents((unitBase * amount) / 100);
    const lines: BreakdownLine[] = [
      { Kind: 'product', Label: `Heizöl EL schwefelarm, ${amount} L`, Amount: product },
    ];
    if (random() < 0.4) lines.push({ Kind: 'parameter', Label: 'Express', Amount: 45 });
    if (random() < 0.3) lines.push({ Kind: 'deliveryFee', Label: 'Lieferpauschale', Amount: 29 });
    if (random() < 0.2) lines.push({ Kind: 'climateNeutral', Label: 'Klimaneutral', Amount: 36 });
    let total = cents(lines.reduce((sum, line) => sum + line.Amount, 0));
    let plan: Offer['Installment'] = null;
    if (installment) {
      const fee = cents(total * 0.031);
      lines.push({ Kind: 'financing', Label: 'Finanzierung, 12 Raten', Amount: fee });
      total = cents(total + fee);
      const rate = cents(total / 12);
      plan = { Months: 12, MonthlyRate: rate, Total: total, EffectiveRatePercent: 5.9 };
    }
    const ratingCount = random() < 0.1 ? 0 : Math.floor(random() * 2000);
    const days = [2, 5, 10, 15, 30][Math.floor(random() * 5)] ?? 15;
    offers.push({
      Id: 1000 + i,
      DealerName: `Händler ${i + 1}`,
      DealerPlace: 'Musterstadt',
      DealerZip: '10115',
      Rating: ratingCount === 0 ? 0 : Math.round((3 + random() * 2) * 10) / 10,
      RatingCount: ratingCount,
      DistanceKm: Math.round(random() * 800) / 10,
      IsFavourite: false,
      ProductId: 1,
      ProductName: 'Heizöl EL schwefelarm',
      DeliveryTime: `bis ${days} Werktage`,
      DeliveryDays: days,
      PaymentName: installment ? 'Ratenzahlung (12 Monate)' : 'Rechnung',
      UnitPrice: cents((total / amount) * 100),
      TotalPrice: total,
      VatAmount: cents(total - total / (1 + vatRatePercent / 100)),
      VatRatePercent: vatRatePercent,
      Currency: currency,
      Breakdown: lines,
      Installment: plan,
      ClimateNeutral: false,
      AppointmentPlus: false,
    });
  }
  return offers;
}
