/**
 * The IAM module's public face (eslint.config.js zone (j)): the advert plugin with its routes and
 * the seed of the advert slots.
 */
export { iamPlugin } from './plugin';
export { seedAdverts } from './seed';
