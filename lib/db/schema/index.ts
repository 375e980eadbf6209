// The one import point for every table. Each domain keeps its tables in its own file here.
export * from './workspace';
export * from './http';
export * from './skus';
export * from './documents';
export * from './imports';
export * from './outreach';
export * from './exports';
export * from './teams';
export * from './ai';
export * from './classify';
export * from './webhooks';
export * from './passports';
export * from './recalls';
export * from './gtin-claims';
export * from './currency';
