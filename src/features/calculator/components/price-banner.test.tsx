import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BannerData } from '../banner';
import { BannerText } from './price-banner-line';

const data = (timeStamp: string): BannerData => ({
  countryId: 1,
  zipCode: '10115',
  amount: 3000,
  unitPrice: 95.12,
  totalPrice: 2853.6,
  timeStamp,
  currency: '€',
  countryCode: 'DE',
  mex: null,
  selectedMex: null,
});

describe('the calculator bar’s price line (SPEC §3 Banner data)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says "Heute" with the time for a price of today', () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T12:00:00Z'), toFake: ['Date'] });
    const { container } = render(
      <BannerText data={data('2026-11-28T09:30:00Z')} countryName="Deutschland" />,
    );
    expect(container.textContent).toMatch(/^Heute für PLZ 10115: ab 95,12\s€ je 100 Liter/);
    expect(container.textContent).toContain('Stand 10:30 Uhr');
  });

  it('names the day of a kept price of an earlier day instead of "Heute"', () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T12:00:00Z'), toFake: ['Date'] });
    const { container } = render(
      <BannerText data={data('2026-11-27T09:30:00Z')} countryName="Deutschland" />,
    );
    expect(container.textContent).toMatch(/^Am 27\.11\.2026 für PLZ 10115: ab 95,12\s€/);
    expect(container.textContent).not.toContain('Heute');
  });
});
