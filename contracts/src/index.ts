export * from './api-error';
export * from './health';
export * from './user';
export * from './course';
export * from './generation';
export * from './markdown';
export * from './testimonial';
export * from './admin';
