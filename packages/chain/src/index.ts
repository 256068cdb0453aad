// The package's public surface: network facts, exact unit conversion, address formats
// and HD deposit-address derivation, shared by the server, the watcher and the devchain.
export * from './networks.ts';
export * from './units.ts';
export * from './addresses.ts';
export * from './derive.ts';
// TRC20 signing (TronWeb, ~330 ms to load) is imported from '@olive/chain/tron-transfer'.
