// The whole stored model; drizzle-kit reads this file (drizzle.config.ts) and drivers pass it as `schema`.
export * from './values';
export * from './users';
export * from './auth';
export * from './listings';
export * from './vault';
export * from './known-addresses';
export * from './promotions';
export * from './transactions';
export * from './market';
export * from './fees';
export * from './audit';
export * from './chain-audit';
export * from './analytics';
export * from './escrow';
export * from './settlement';
export * from './receipts';
export * from './orders';
