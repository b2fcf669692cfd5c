/** Every part of the contracts (the API and the admin import from here; the site imports the parts it needs). */
export * from './schemas';
export * from './enums';
export * from './format';
export * from './constants';
export * from './paths';
export * from './client';
