/**
 * The leads dependencies for the whole app (`app.leads`): the postal-code index of the location
 * module, the calculator's price index (for the average price), the partner transport and the
 * caches. Registered after the calculation plugin.
 */
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { LEAD_PARTNER } from '../../../src/api/contract/leads';
import { TtlCache, ttlCacheSource } from '../caches';
import { LEADS_CACHE_TTL_S, type LeadsDeps, type PartnerTransport } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    leads: LeadsDeps;
  }
}

/** A guide changes only with a seed; a minute keeps an edited row from waiting for a restart. */
const GUIDE_CACHE_TTL_S = 60;

/**
 * The partner interface itself is not built yet: the hand-over is written to the log
 * (without contact data), which is the record that it happened.
 */
export function loggingPartnerTransport(log: FastifyBaseLogger): PartnerTransport {
  return {
    send(lead) {
      log.info(
        {
          partner: LEAD_PARTNER.slug,
          leadId: lead.leadId,
          countryId: lead.countryId,
          zipCode: lead.zipCode,
          selectedInformationId: lead.selectedInformationId,
        },
        'lead passed to partner',
      );
      return Promise.resolve();
    },
  };
}

export interface LeadsPluginOptions {
  /** Default: loggingPartnerTransport. */
  partner?: PartnerTransport;
}

export const leadsPlugin = fp<LeadsPluginOptions>(
  async (app, opts) => {
    const deps: LeadsDeps = {
      db: app.db,
      zipIndex: app.zipIndex,
      prices: app.calculation.index,
      partner: opts.partner ?? loggingPartnerTransport(app.log),
      averagePriceCache: new TtlCache(LEADS_CACHE_TTL_S * 1000, 10),
      bannerCache: new TtlCache(LEADS_CACHE_TTL_S * 1000, 20_000),
      guideCache: new TtlCache(GUIDE_CACHE_TTL_S * 1000, 100),
    };
    app.decorate('leads', deps);
    app.caches.register(
      ttlCacheSource('lead-average-price', 'Durchschnittspreise (120 s)', deps.averagePriceCache),
    );
    app.caches.register(ttlCacheSource('lead-banner', 'Lead-Banner (120 s)', deps.bannerCache));
    app.caches.register(
      ttlCacheSource('guide', 'Fragebögen des Verbrauchsvergleichs (60 s)', deps.guideCache),
    );
  },
  { name: 'leads', dependencies: ['database', 'calculation', 'zip-index', 'caches'] },
);
