/**
 * `@wenku/contracts/constants`: the plain values of the contract (patterns, limits, choice lists) that the schemas are
 * built from, without zod, so a browser bundle can use them and leave the schemas out.
 */
export * from './chat/constants';
export * from './config/constants';
export * from './document/paths';
export * from './oauth/constants';
export * from './reader/paths';
export * from './search/constants';
export * from './user/constants';
export * from './common/session';
export * from './first-load';
