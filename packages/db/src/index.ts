export * from './client';
export * as schema from './schema/index';
export * from './schema/index';
export * from './seed/index';
export * from './profiles';
export * from './finance';
