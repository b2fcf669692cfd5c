export * from './user';
export * from './config';
export * from './content';
export * from './account';
export * from './document';
export * from './search';
export * from './article';
