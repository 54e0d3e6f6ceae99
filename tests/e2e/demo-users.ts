/**
 * Demo accounts the server seeds outside production (server/modules/account/seed.ts, README
 * "Demo-Zugänge"). Copied rather than imported: the e2e project compiles without the server.
 */
export const DEMO_USERS = {
  password: 'Demo-Passwort-2026',
  customer: { email: 'kunde@demo.oelkompass.example', firstName: 'Erika', lastName: 'Mustermann' },
  customerSupport: {
    email: 'kundensupport@demo.oelkompass.example',
    firstName: 'Karl',
    lastName: 'Kundensupport',
  },
} as const;
