/**
 * The staff area's entry and its shared UI kit: other features use the kit through
 * this file (feature boundaries, eslint import-x/no-restricted-paths).
 */
export { StaffHomePage } from './home-page';
export * from './ui';
