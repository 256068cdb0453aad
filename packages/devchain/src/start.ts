// Starts the local chain: Foundry's anvil in a child process on 127.0.0.1, three test
// USDT contracts (erc20 6 decimals, bep20 18, trc20 6) plus a look-alike, a funded hot
// wallet and faucet, and a deployment file that other processes read. With `persist`, the
// chain's state lives in `<dataDir>/state.json` (saved every few seconds and at exit) and
// the next start resumes it: same blocks, balances, contracts and nonces.
import { existsSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hexToTron, parseTokenAmount, type Network } from '@olive/chain';
import { getAddress, type Hex, type PublicClient, type WalletClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { anvil } from 'viem/chains';
import {
  freePort,
  portIsFree,
  PortTakenError,
  spawnAnvil,
  staleAnvil,
  stopMining,
  type AnvilProcess,
} from './anvil.ts';
import { devchainArtifacts, type CompiledContract } from './contracts.ts';
import {
  DEFAULT_DATA_DIR,
  writeDeployment,
  type DevchainAccount,
  type DevchainDeployment,
} from './deployment.ts';
import { mine, revert, rpc, snapshot, stopMiningTicker } from './rpc.ts';
import { devchainClients } from './usdt.ts';

export const DEVCHAIN_CHAIN_ID = 31337;
export const DEFAULT_DEVCHAIN_PORT = 8545;

// The default dev accounts of anvil and Hardhat (mnemonic "test test … junk"): public
// knowledge, test only. #0 owns the tokens and pays the faucet; #1 is the hot wallet.
const DEV_KEYS: readonly Hex[] = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
];

const TOKEN_DECIMALS: Record<Network, number> = { erc20: 6, bep20: 18, trc20: 6 };

export interface StartDevchainOptions {
  /** Port to listen on; when taken, a free one is used. Default 8545; 0 = any free port. */
  port?: number;
  /** Interval mining, one block every this many ms (demo ~1000). Omitted: automine. */
  blockTimeMs?: number;
  /** Directory for deployment.json (and, with persist, the chain's state); default `<repo>/.data/devchain`. */
  dataDir?: string;
  /** Exact deployment file path; overrides dataDir for deployment.json. */
  deploymentFile?: string;
  /** Hot wallet key (default dev account #1); it gets gas and test USDT. */
  hotWalletPrivateKey?: Hex;
  /** Test USDT given to the hot wallet on each network. Default "1000000". */
  hotWalletUsdt?: string;
  /** Milliseconds to wait for the node to listen. Default 30000. */
  startTimeoutMs?: number;
  /**
   * Keep the chain on disk in dataDir (state.json, chain.json) and resume it on the next
   * start. Default false: a fresh chain that leaves nothing behind (tests).
   */
  persist?: boolean;
  /** With persist: throw the saved chain away and start a new one. */
  fresh?: boolean;
  /** With persist: seconds between state saves (also saved at exit). Default 5. */
  stateIntervalS?: number;
}

export interface Devchain extends DevchainDeployment {
  deploymentFile: string;
  /** True when this start resumed a saved chain (persist), false for a new chain. */
  resumed: boolean;
  /** Where the chain's state is saved, or null when it is not kept. */
  stateFile: string | null;
  /** Stops the node (it saves its state first) and removes its deployment file. Idempotent. */
  stop(): Promise<void>;
  snapshot(): Promise<string>;
  revert(id: string): Promise<void>;
  mine(blocks?: number): Promise<void>;
}

/** What a persistent chain remembers about itself beside anvil's state (chain.json). */
interface SavedChain {
  chainId: number;
  contracts: DevchainDeployment['contracts'];
  fakeUsdt: { address: Hex };
  hotWallet: DevchainAccount;
  faucet: DevchainAccount;
  createdAt: string;
}

async function deploy(
  publicClient: PublicClient,
  walletClient: WalletClient,
  contract: CompiledContract,
  args: unknown[],
  mineNow: () => Promise<void>,
): Promise<Hex> {
  const hash = await walletClient.deployContract({
    chain: anvil,
    account: walletClient.account ?? null,
    abi: contract.abi,
    bytecode: contract.bytecode,
    args,
  });
  await mineNow();
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (!receipt.contractAddress) throw new Error('deployment produced no contract');
  return getAddress(receipt.contractAddress);
}

const account = (privateKey: Hex): DevchainAccount => ({
  address: privateKeyToAccount(privateKey).address,
  privateKey,
});

/** Deploys the tokens to a new chain and funds the faucet and the hot wallet. */
async function deployAll(
  rpcUrl: string,
  faucet: DevchainAccount,
  hotWallet: DevchainAccount,
  hotWalletUsdt: string,
  interval: boolean,
): Promise<Omit<SavedChain, 'createdAt'>> {
  const artifacts = devchainArtifacts();
  // Interval mining: mine each transaction at once rather than wait for the next tick.
  const mineNow = interval ? () => rpc(rpcUrl, 'evm_mine').then(() => undefined) : async () => {};
  // Gas for a hot wallet that is not one of the pre-funded dev accounts.
  await rpc(rpcUrl, 'anvil_setBalance', [hotWallet.address, `0x${(10n ** 22n).toString(16)}`]);

  const { publicClient, walletClient } = devchainClients(rpcUrl, faucet.privateKey);
  const wallet = walletClient as WalletClient;
  const contracts = {} as Record<Network, DevchainDeployment['contracts'][Network]>;
  for (const network of ['erc20', 'bep20', 'trc20'] as const) {
    const decimals = TOKEN_DECIMALS[network];
    const address = await deploy(publicClient, wallet, artifacts.TestUSDT, [decimals], mineNow);
    contracts[network] = { address, decimals };
    if (network === 'trc20') contracts[network].tronAddress = hexToTron(address);
  }
  const fakeAddress = await deploy(publicClient, wallet, artifacts.FakeUSDT, [], mineNow);

  // The faucet holds a large supply to pay out; the hot wallet its working balance.
  const mints: Hex[] = [];
  for (const network of ['erc20', 'bep20', 'trc20'] as const) {
    const { address, decimals } = contracts[network];
    const grants: [Hex, bigint][] = [
      [faucet.address, parseTokenAmount('1000000000', decimals)],
      [hotWallet.address, parseTokenAmount(hotWalletUsdt, decimals)],
    ];
    for (const [to, value] of grants) {
      mints.push(
        await wallet.writeContract({
          chain: anvil,
          account: wallet.account ?? null,
          address,
          abi: artifacts.TestUSDT.abi,
          functionName: 'mint',
          args: [to, value],
        }),
      );
    }
  }
  await mineNow();
  for (const hash of mints) {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`mint ${hash} reverted`);
  }
  return {
    chainId: DEVCHAIN_CHAIN_ID,
    contracts,
    fakeUsdt: { address: fakeAddress },
    hotWallet,
    faucet,
  };
}

function readSaved(file: string): SavedChain | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as SavedChain;
  } catch {
    return null;
  }
}

/** Whether the resumed node really holds the saved contracts (the state file matched). */
async function holdsContracts(rpcUrl: string, saved: SavedChain): Promise<boolean> {
  const addresses = [
    ...Object.values(saved.contracts).map((c) => c.address),
    saved.fakeUsdt.address,
  ];
  for (const address of addresses) {
    const code = await rpc<string>(rpcUrl, 'eth_getCode', [address, 'latest']);
    if (!code || code === '0x') return false;
  }
  return true;
}

/** Starts a devchain and deploys to it; call `stop()` when done (tests: in afterAll). */
export async function startDevchain(options: StartDevchainOptions = {}): Promise<Devchain> {
  const started = Date.now();
  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
  const persist = options.persist ?? false;
  // Not kept (tests): anvil runs in memory only.
  const stateDir = persist ? dataDir : null;
  const stateFile = stateDir ? join(stateDir, 'state.json') : null;
  const savedFile = stateDir ? join(stateDir, 'chain.json') : null;
  const pidFile = stateDir ? join(stateDir, 'anvil.pid') : null;
  if (stateDir) mkdirSync(stateDir, { recursive: true });

  // A node left running by a process that was killed outright still holds the state file.
  if (pidFile) {
    const stale = staleAnvil(pidFile);
    if (stale) {
      const staleUrl = readFileSync(pidFile, 'utf8').split('\n')[1]?.trim();
      if (staleUrl) await stopMining(staleUrl);
      try {
        process.kill(stale, 'SIGTERM');
      } catch {
        // Gone meanwhile.
      }
      for (let i = 0; i < 100 && staleAnvil(pidFile); i++)
        await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const faucet = account(DEV_KEYS[0] as Hex);
  const hotWallet = account(options.hotWalletPrivateKey ?? (DEV_KEYS[1] as Hex));
  if (hotWallet.address === faucet.address) throw new Error('hot wallet must not be the faucet');

  let saved = stateFile && savedFile && !options.fresh ? readSaved(savedFile) : null;
  if (saved && (saved.hotWallet.address !== hotWallet.address || !existsSync(stateFile!))) {
    saved = null;
  }
  if (!saved && stateFile && savedFile) {
    rmSync(stateFile, { force: true });
    rmSync(savedFile, { force: true });
  }

  const wanted = options.port ?? DEFAULT_DEVCHAIN_PORT;
  const startOn = async (attempt: number): Promise<AnvilProcess> => {
    const port =
      wanted > 0 && attempt === 0 && (await portIsFree(wanted)) ? wanted : await freePort();
    const node = await spawnAnvil({
      port,
      chainId: DEVCHAIN_CHAIN_ID,
      ...(options.blockTimeMs ? { blockTimeMs: options.blockTimeMs } : {}),
      ...(stateFile ? { stateFile, stateIntervalS: options.stateIntervalS ?? 5 } : {}),
      timeoutMs: options.startTimeoutMs ?? 30_000,
    });
    if (pidFile && node.child.pid) writeFileSync(pidFile, `${node.child.pid}\n${node.rpcUrl}\n`);
    return node;
  };
  // The port was free when checked but another process bound it first: a port of the OS's
  // choosing, a few times (it may race too), rather than someone else's node.
  const start = async (): Promise<AnvilProcess> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await startOn(attempt);
      } catch (error) {
        if (!(error instanceof PortTakenError) || attempt >= 4) throw error;
      }
    }
  };

  // Compile (or read the cache) before the node boots: anvil starts in ~0.1 s.
  devchainArtifacts();
  let node = await start();
  try {
    let resumed = false;
    let chain: Omit<SavedChain, 'createdAt'>;
    if (saved && (await holdsContracts(node.rpcUrl, saved))) {
      resumed = true;
      chain = saved;
    } else {
      if (saved && stateFile && savedFile) {
        // The state file does not hold what chain.json says: start a new chain.
        await node.stop();
        rmSync(stateFile, { force: true });
        rmSync(savedFile, { force: true });
        node = await start();
      }
      chain = await deployAll(
        node.rpcUrl,
        faucet,
        hotWallet,
        options.hotWalletUsdt ?? '1000000',
        Boolean(options.blockTimeMs),
      );
      if (savedFile) {
        const record: SavedChain = { ...chain, createdAt: new Date(started).toISOString() };
        writeFileSync(savedFile, `${JSON.stringify(record, null, 2)}\n`);
      }
    }
    const rpcUrl = node.rpcUrl;

    const deployment: DevchainDeployment = {
      rpcUrl,
      chainId: chain.chainId,
      contracts: chain.contracts,
      fakeUsdt: chain.fakeUsdt,
      hotWallet: chain.hotWallet,
      faucet: chain.faucet,
      mining: options.blockTimeMs
        ? { auto: false, intervalMs: options.blockTimeMs }
        : { auto: true },
      pid: process.pid,
      startedAt: new Date(started).toISOString(),
    };
    const deploymentFile = options.deploymentFile ?? join(dataDir, 'deployment.json');
    writeDeployment(deploymentFile, deployment);

    let stopping: Promise<void> | undefined;
    const running = node;
    return {
      ...deployment,
      deploymentFile,
      resumed,
      stateFile,
      stop() {
        stopping ??= (async () => {
          stopMiningTicker(rpcUrl);
          await running.stop();
          if (pidFile) rmSync(pidFile, { force: true });
          // Only our own file: another devchain may have replaced it since.
          try {
            const current = JSON.parse(readFileSync(deploymentFile, 'utf8')) as DevchainDeployment;
            if (current.rpcUrl === rpcUrl && current.pid === process.pid)
              unlinkSync(deploymentFile);
          } catch {
            // Already gone.
          }
        })();
        return stopping;
      },
      snapshot: () => snapshot(rpcUrl),
      revert: (id) => revert(rpcUrl, id),
      mine: (blocks) => mine(rpcUrl, blocks),
    };
  } catch (error) {
    // A failed start must not leave a node behind.
    await node.stop();
    throw error;
  }
}
