/**
 * Demo accounts the server seeds outside production (server/modules/account/seed.ts, README
 * "Demo-Zugänge"), and the demo meX sensor key (server/modules/mex/seed.ts). Copied rather than
 * imported: the e2e project compiles without the server.
 */
import { createHash } from 'node:crypto';

export const DEMO_USERS = {
  password: 'Demo-Passwort-2026',
  customer: { email: 'kunde@demo.oelkompass.example', firstName: 'Erika', lastName: 'Mustermann' },
  customerSupport: {
    email: 'kundensupport@demo.oelkompass.example',
    firstName: 'Karl',
    lastName: 'Kundensupport',
  },
} as const;

/** Device key of the demo "Ferienhaus" sensor: mex/seed.ts demoDeviceKey('MX-0002-C3D4'). */
export const DEMO_MEX_FERIENHAUS_KEY = `mxk_${createHash('sha256').update('oelkompass-demo-mex-key:MX-0002-C3D4').digest('base64url')}`;
