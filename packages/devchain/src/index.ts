// The devchain's public surface: start it, read its deployment, move and read test USDT,
// and steer blocks (snapshot, revert, mine) for reorg and confirmation tests.
export * from './start.ts';
export * from './deployment.ts';
export * from './usdt.ts';
export * from './rpc.ts';
export { devchainArtifacts, type CompiledContract, type DevchainArtifacts } from './contracts.ts';
