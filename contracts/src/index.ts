export * from './api-error';
export * from './health';
