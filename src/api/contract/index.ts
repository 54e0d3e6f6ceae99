export * from './common';
export * from './location';
export * from './site';
export * from './calculation';
export * from './account';
export * from './customer';
export * from './ratings';
export * from './leads';
