export * from './tools';
export * from './check-level';
export * from './answer';
export * from './requests';
export * from './conversation';
export * from './events';
export * from './errors';
export * from './auth';
