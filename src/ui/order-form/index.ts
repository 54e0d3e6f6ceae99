/** The order form kit (checkout, starting and joining a group order): its public surface. */
export * from './model';
export * from './draft';
export * from './fields';
export * from './form';
export { orderFormTexts } from './texts';
