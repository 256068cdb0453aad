// The package's public surface: feeds, markets, the grid strategy, the backtester and
// execution, imported by the server's robot engine as '@olive/market'.
export * from './markets.ts';
export * from './feed.ts';
export * from './simulated-feed.ts';
export * from './ccxt-feed.ts';
export * from './execution.ts';
export * from './grid.ts';
export * from './backtest.ts';
export * from './walk-forward.ts';
export * from './stats.ts';
export * from './exits.ts';
