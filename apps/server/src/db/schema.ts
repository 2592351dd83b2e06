export * from './portal.schema';
export * from '../connectors/erp/ledger/ledger.schema';
