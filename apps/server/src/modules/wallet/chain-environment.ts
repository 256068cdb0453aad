// The chains Olive talks to, resolved once at startup: real nodes from the configuration
// in production, or the local devchain in the demo and tests. Everything downstream
// (watchers, sender, faucet) takes this object and does not care which it is.
import { createHash } from 'node:crypto';
import { accountKeysFromSeed, COIN_TYPE, tronToHex } from '@olive/chain';
import type { Hex } from 'viem';
import type { Config } from '../../config.ts';
import type { DepositRepository } from './deposit.repository.ts';
import type { DepositKeys, Faucet } from './deposit.service.ts';
import { NETWORKS, type Network } from './networks.ts';

export interface ChainEnvironment {
  mode: 'devchain' | 'rpc';
  rpc: Partial<Record<Network, string>>;
  contracts: Partial<Record<Network, { address: string; decimals: number }>>;
  /** EVM hot-wallet key (also TRC20's on the devchain). */
  hotKey: Hex | null;
  /** Production TRC20 sending through TronWeb: full node, API key, hot-wallet key. */
  tron: { fullHost: string; apiKey: string; hotKey: string; contract: string } | null;
  faucet: Faucet | null;
  /** Sweeping deposit addresses into the hot wallet (EVM networks; TRC20 on the devchain). */
  sweep: { evmXprv: string; tronXprv: string; gasKey: Hex; threshold: string } | null;
  startBlock: bigint | 'head';
  /** How the saved address is given to the EVM path (TRON -> hex on the devchain). */
  toHex: (network: Network, address: string) => string;
}

/**
 * Deposit keys for the demo and tests: a fixed, published seed, so addresses stay the same
 * across restarts. Never used in production (config refuses to start without real xpubs).
 */
const DEMO_SEED = createHash('sha256')
  .update('olive demo deposit seed - not for production')
  .digest();
export const demoDepositKeys = {
  evm: accountKeysFromSeed(DEMO_SEED, COIN_TYPE.evm),
  tron: accountKeysFromSeed(DEMO_SEED, COIN_TYPE.tron),
};

export function depositKeys(config: Config): DepositKeys {
  return {
    evmXpub: config.DEPOSIT_XPUB_EVM || demoDepositKeys.evm.xpub,
    tronXpub: config.DEPOSIT_XPUB_TRON || demoDepositKeys.tron.xpub,
  };
}

export const evmHex = (network: Network, address: string) =>
  network === 'trc20' && address.startsWith('T') ? tronToHex(address) : address;

/** Production: RPC URLs, contracts and the hot key from the configuration. */
export function configuredChains(config: Config): ChainEnvironment {
  const rpc: ChainEnvironment['rpc'] = {};
  const contracts: ChainEnvironment['contracts'] = {};
  const urls = {
    erc20: config.CHAIN_RPC_ERC20,
    bep20: config.CHAIN_RPC_BEP20,
    trc20: config.CHAIN_RPC_TRC20,
  };
  const addresses = {
    erc20: config.USDT_CONTRACT_ERC20,
    bep20: config.USDT_CONTRACT_BEP20,
    trc20: config.USDT_CONTRACT_TRC20,
  };
  const decimals = { erc20: 6, bep20: 18, trc20: 6 };
  for (const network of NETWORKS) {
    if (urls[network]) rpc[network] = urls[network];
    if (addresses[network]) {
      // TRON's JSON-RPC takes the contract as EVM hex.
      contracts[network] = {
        address: evmHex(network, addresses[network]),
        decimals: decimals[network],
      };
    }
  }
  return {
    mode: 'rpc',
    rpc,
    contracts,
    hotKey: (config.HOT_WALLET_KEY_EVM || null) as Hex | null,
    tron:
      config.TRON_FULL_HOST && config.HOT_WALLET_KEY_TRON && config.USDT_CONTRACT_TRC20
        ? {
            fullHost: config.TRON_FULL_HOST,
            apiKey: config.TRON_API_KEY,
            hotKey: config.HOT_WALLET_KEY_TRON,
            contract: config.USDT_CONTRACT_TRC20,
          }
        : null,
    faucet: null,
    sweep:
      config.SWEEP_XPRV_EVM && config.SWEEP_GAS_KEY_EVM
        ? {
            evmXprv: config.SWEEP_XPRV_EVM,
            tronXprv: '',
            gasKey: config.SWEEP_GAS_KEY_EVM as Hex,
            threshold: config.SWEEP_THRESHOLD,
          }
        : null,
    startBlock: config.CHAIN_START_BLOCK === 'head' ? 'head' : BigInt(config.CHAIN_START_BLOCK),
    toHex: evmHex,
  };
}

/**
 * Puts the environment's USDT contracts into the network settings the watchers read. The
 * devchain's always win (a new deployment each start); configured ones only fill a blank,
 * so an operator's edit in the database is not overwritten by a restart.
 */
export async function applyContracts(repo: DepositRepository, env: ChainEnvironment) {
  for (const network of NETWORKS) {
    const contract = env.contracts[network];
    if (!contract) continue;
    const current = await repo.settings(network);
    if (env.mode === 'devchain' || !current.contract_address) {
      await repo.setContract(network, contract.address, contract.decimals);
    }
  }
}

/**
 * Each configured chain's head block, asked with a short timeout (health and metrics); a
 * network that does not answer is missing from the result. One request per distinct URL.
 */
export async function chainHeads(
  env: ChainEnvironment | null,
  timeoutMs = 2_000,
): Promise<Partial<Record<Network, bigint>>> {
  if (!env) return {};
  const byUrl = new Map<string, Promise<bigint | null>>();
  const head = (url: string) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
      signal: AbortSignal.timeout(timeoutMs),
    })
      .then((r) => r.json() as Promise<{ result?: string }>)
      .then((body) => (body.result ? BigInt(body.result) : null))
      .catch(() => null);
  const heads: Partial<Record<Network, bigint>> = {};
  await Promise.all(
    NETWORKS.filter((n) => env.rpc[n]).map(async (network) => {
      const url = env.rpc[network]!;
      if (!byUrl.has(url)) byUrl.set(url, head(url));
      const block = await byUrl.get(url)!;
      if (block !== null) heads[network] = block;
    }),
  );
  return heads;
}
