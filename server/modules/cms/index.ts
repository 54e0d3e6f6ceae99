/**
 * The CMS module's public face (eslint.config.js zone (j)): the staff CMS plugin with its routes.
 */
export { cmsPlugin } from './plugin';
