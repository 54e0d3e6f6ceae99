/** The dealer area's public surface (decision 026): the orders screen at /haendlerbereich. */
export { DealerAreaPage } from './dealer-area-page';
