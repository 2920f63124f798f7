export * from './errors';
export * from './paths';
export * from './content';
export * from './health';
export * from './auth';
