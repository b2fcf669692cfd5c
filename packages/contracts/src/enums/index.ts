export * from './advertisement-position';
