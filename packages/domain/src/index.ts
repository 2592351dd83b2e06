export * from './money';
export * from './search-filters';
export * from './document-state';
export * from './payment-cards';
export * from './echecks';
