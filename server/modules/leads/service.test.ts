import { describe, expect, it } from 'vitest';
import { medianOf, partnerServicesIn, passLeadToPartner, type PartnerLead } from './service';

function recordingTransport() {
  const sent: PartnerLead[] = [];
  return {
    sent,
    send(lead: PartnerLead) {
      sent.push(lead);
      return Promise.resolve();
    },
  };
}

const LEAD: PartnerLead = {
  leadId: 7,
  partnerConsent: true,
  countryId: 1,
  zipCode: '10115',
  name: 'Frau Erika Mustermann',
  email: 'erika@example.org',
  phone: '',
  selectedInformationId: 1,
};

describe('passLeadToPartner', () => {
  it('passes nothing without consent: the transport is never called', async () => {
    const transport = recordingTransport();
    const at = await passLeadToPartner({ ...LEAD, partnerConsent: false }, transport);
    expect(at).toBeNull();
    expect(transport.sent).toEqual([]);
  });

  it('passes the lead with consent and returns the time of the hand-over', async () => {
    const transport = recordingTransport();
    const now = new Date('2026-02-01T10:00:00Z');
    const at = await passLeadToPartner(LEAD, transport, () => now);
    expect(at).toBe(now);
    expect(transport.sent).toEqual([LEAD]);
  });

  it('does not record a hand-over when the transport fails', async () => {
    const failing = { send: () => Promise.reject(new Error('partner down')) };
    await expect(passLeadToPartner(LEAD, failing)).rejects.toThrow('partner down');
  });
});

describe('medianOf', () => {
  it('takes the middle value, or the mean of the two middle values', () => {
    expect(medianOf([])).toBeUndefined();
    expect(medianOf([105.01])).toBe(105.01);
    expect(medianOf([110, 96, 104])).toBe(104);
    expect(medianOf([96, 110, 100, 104])).toBe(102);
  });
});

describe('partnerServicesIn', () => {
  it('offers tank cleaning outside the city states, nothing in Switzerland', () => {
    expect(partnerServicesIn('DE-BY').map((s) => s.Id)).toEqual([
      'heizungscheck',
      'modernisierung',
      'tankreinigung',
    ]);
    expect(partnerServicesIn('DE-HH').map((s) => s.Id)).toEqual([
      'heizungscheck',
      'modernisierung',
    ]);
    expect(partnerServicesIn('CH-ZH')).toEqual([]);
  });
});
