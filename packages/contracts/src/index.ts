export * from './route';
export * from './errors';
export * from './auth';
export * from './system';
export * from './customers';
export * from './ledger';
