// What a running devchain publishes for other processes (server, CLI): its RPC URL, the
// contracts and the funded keys, in one JSON file. Keys here are the public dev keys (anvil, Hardhat).
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Network } from '@olive/chain';
import type { Hex } from 'viem';
import { REPO_ROOT } from './contracts.ts';

export interface DevchainAccount {
  address: Hex;
  privateKey: Hex;
}

export interface DevchainToken {
  address: Hex;
  decimals: number;
  /** The same contract as TRON shows it ('T…'); only for trc20. */
  tronAddress?: string;
}

export interface DevchainDeployment {
  rpcUrl: string;
  chainId: number;
  /** One test USDT per network, all on this one EVM chain. */
  contracts: Record<Network, DevchainToken>;
  /** A different contract also calling itself "USDT", which must never be credited. */
  fakeUsdt: { address: Hex };
  /** Funded with test USDT on every network and with gas; signs withdrawals in the demo. */
  hotWallet: DevchainAccount;
  /** Owner of the test tokens and holder of their supply; pays out "send me test USDT". */
  faucet: DevchainAccount;
  mining: { auto: true } | { auto: false; intervalMs: number };
  /** The process holding the node, to tell a live deployment file from a stale one. */
  pid: number;
  startedAt: string;
}

export const DEFAULT_DATA_DIR = join(REPO_ROOT, '.data', 'devchain');
export const DEFAULT_DEPLOYMENT_FILE = join(DEFAULT_DATA_DIR, 'deployment.json');

export function writeDeployment(file: string, deployment: DevchainDeployment): void {
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, `${JSON.stringify(deployment, null, 2)}\n`);
  renameSync(partial, file);
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, owned by someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running devchain's deployment; a clear error when none runs. */
export function readDeployment(file: string = DEFAULT_DEPLOYMENT_FILE): DevchainDeployment {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new Error(
      `no devchain is running (no deployment file at ${file}); start it with npm start`,
    );
  }
  const deployment = JSON.parse(text) as DevchainDeployment;
  if (!processIsAlive(deployment.pid)) {
    throw new Error(`the devchain in ${file} is gone (process ${deployment.pid} has exited)`);
  }
  return deployment;
}

/** A deployment object as is, or the one in a file (default: .data/devchain/deployment.json). */
export const resolveDeployment = (deployment?: DevchainDeployment | string): DevchainDeployment =>
  typeof deployment === 'object' ? deployment : readDeployment(deployment);
