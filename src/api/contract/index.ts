export * from './common';
export * from './location';
export * from './site';
export * from './calculation';
export * from './account';
export * from './leads';
