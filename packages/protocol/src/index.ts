export * from './languages.ts';
export * from './envelope.ts';
export * from './app.ts';
export * from './money.ts';
export * from './calls.ts';
export * from './numbers.ts';
