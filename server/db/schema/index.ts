export * from './org';
export * from './users';
export * from './modules';
export * from './files';
export * from './idempotency';
export * from './base';
export * from './message';
export * from './chat';
