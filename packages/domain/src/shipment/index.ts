export * from './limits';
export * from './volume';
export * from './request';
export * from './fields';
export * from './query';
export * from './record';
