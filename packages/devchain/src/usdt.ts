// Moving and reading test USDT on the devchain, for the demo's "send me test USDT"
// button, the CLI and tests. Amounts are decimal USDT strings, converted exactly.
import {
  formatTokenAmount,
  isValidEvmAddress,
  isValidTronAddress,
  parseTokenAmount,
  tronToHex,
  type Network,
} from '@olive/chain';
import {
  createPublicClient,
  createWalletClient,
  http,
  type Hex,
  type PublicClient,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { anvil } from 'viem/chains';
import { devchainArtifacts } from './contracts.ts';
import { resolveDeployment, type DevchainDeployment } from './deployment.ts';
import { assertNetwork } from './rpc.ts';

/** Where a deployment comes from: the object itself, or a deployment file path. */
export type DeploymentRef = DevchainDeployment | string | undefined;

// anvil answers at once; viem's default 4 s polling would make every wait that long.
const POLLING_MS = 50;

export function devchainClients(
  rpcUrl: string,
  privateKey?: Hex,
): { publicClient: PublicClient; walletClient: WalletClient | undefined } {
  const transport = http(rpcUrl, { retryCount: 0, timeout: 15_000 });
  const chain = anvil;
  const publicClient = createPublicClient({ chain, transport, pollingInterval: POLLING_MS });
  const walletClient = privateKey
    ? createWalletClient({
        chain,
        transport,
        pollingInterval: POLLING_MS,
        account: privateKeyToAccount(privateKey),
      })
    : undefined;
  return { publicClient, walletClient };
}

/**
 * The 0x form of a recipient on `network`. TRC20 takes a 'T…' address (shown to users)
 * or its hex; the devchain is EVM, so it always sends to the 20-byte hex.
 */
export function recipientHex(network: Network, to: string): Hex {
  if (network === 'trc20' && isValidTronAddress(to)) return tronToHex(to);
  if (isValidEvmAddress(to)) return to.toLowerCase() as Hex;
  throw new Error(`not a valid ${network} address: ${to}`);
}

// One send at a time per signer in this process, so two quick clicks don't pick the same
// nonce while the first transaction waits for its block (interval mining).
const signerQueues = new Map<string, Promise<unknown>>();

function serialised<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = signerQueues.get(key) ?? Promise.resolve();
  const next = previous.then(task, task);
  signerQueues.set(
    key,
    next.catch(() => undefined),
  );
  return next;
}

export interface SendTestUsdtOptions {
  /** Deployment object or file; default `.data/devchain/deployment.json`. */
  deployment?: DeploymentRef;
  network: Network | string;
  to: string;
  /** Decimal USDT, e.g. "25" or "0.000000000000000001" on BEP20. */
  amount: string;
  /**
   * Wait until the transfer is in a block. Default: yes when the chain mines on demand
   * (anvil answers the send before its block is written, which a loaded machine shows:
   * a balance read at once could still be the old one), no under interval mining.
   */
  wait?: boolean;
  /** Send the look-alike token instead (tests of the contract filter). */
  fake?: boolean;
}

/** Transfers test USDT from the faucet; returns the transaction hash. */
export async function sendTestUsdt(options: SendTestUsdtOptions): Promise<Hex> {
  const deployment = resolveDeployment(options.deployment);
  const network = assertNetwork(options.network);
  const to = recipientHex(network, options.to);
  const token = deployment.contracts[network];
  const decimals = options.fake ? 6 : token.decimals;
  const value = parseTokenAmount(options.amount, decimals);
  if (value <= 0n) throw new RangeError('amount must be positive');
  const { publicClient, walletClient } = devchainClients(
    deployment.rpcUrl,
    deployment.faucet.privateKey,
  );
  const { TestUSDT, FakeUSDT } = devchainArtifacts();
  const hash = await serialised(`${deployment.rpcUrl} ${deployment.faucet.address}`, () =>
    (walletClient as WalletClient).writeContract({
      chain: anvil,
      account: (walletClient as WalletClient).account ?? null,
      address: options.fake ? deployment.fakeUsdt.address : token.address,
      abi: options.fake ? FakeUSDT.abi : TestUSDT.abi,
      // The fake token is minted, not transferred: nobody holds a supply of it.
      functionName: options.fake ? 'mint' : 'transfer',
      args: [to, value],
      // A fixed limit, not the estimate: the estimate prices the state at the time of
      // asking, and a recipient emptied before the block (the sweeper, moving a deposit to
      // the hot wallet) makes the transfer write a new storage slot, which costs ~17,000
      // more gas; the estimated transfer then reverts, silently under interval mining.
      gas: 150_000n,
    }),
  );
  if (options.wait ?? deployment.mining?.auto !== false) {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, timeout: 30_000 });
    if (receipt.status !== 'success') throw new Error(`transfer ${hash} reverted`);
  }
  return hash;
}

export interface UsdtBalanceOptions {
  deployment?: DeploymentRef;
  network: Network | string;
  address: string;
  /** Read the look-alike token's balance instead. */
  fake?: boolean;
}

/** Token units held by `address` on the network's test USDT. */
export async function usdtBalanceUnits(options: UsdtBalanceOptions): Promise<bigint> {
  const deployment = resolveDeployment(options.deployment);
  const network = assertNetwork(options.network);
  const { publicClient } = devchainClients(deployment.rpcUrl);
  const { TestUSDT, FakeUSDT } = devchainArtifacts();
  return (await publicClient.readContract({
    address: options.fake ? deployment.fakeUsdt.address : deployment.contracts[network].address,
    abi: options.fake ? FakeUSDT.abi : TestUSDT.abi,
    functionName: 'balanceOf',
    args: [recipientHex(network, options.address)],
  })) as bigint;
}

/** The balance as a decimal USDT string ("1000000", "0.5"), exact for 18 decimals. */
export async function usdtBalance(options: UsdtBalanceOptions): Promise<string> {
  const deployment = resolveDeployment(options.deployment);
  const network = assertNetwork(options.network);
  const decimals = options.fake ? 6 : deployment.contracts[network].decimals;
  return formatTokenAmount(await usdtBalanceUnits({ ...options, deployment }), decimals);
}

/**
 * For the server CLI (`devchain:send`, `devchain:balance`): each takes the parsed flags
 * and an optional deployment file path, and returns the JSON object to print.
 */
export const devchainCommands = {
  async send(
    flags: { network: string; to: string; amount: string },
    deploymentFile?: string,
  ): Promise<{ tx_hash: Hex; network: Network; to: string; amount: string }> {
    const network = assertNetwork(flags.network);
    // Wait for the block, so a `devchain:balance` right after shows the transfer.
    const txHash = await sendTestUsdt({
      deployment: deploymentFile,
      ...flags,
      network,
      wait: true,
    });
    return { tx_hash: txHash, network, to: flags.to, amount: flags.amount };
  },
  async balance(
    flags: { network: string; address: string },
    deploymentFile?: string,
  ): Promise<{ network: Network; address: string; balance: string }> {
    const network = assertNetwork(flags.network);
    const balance = await usdtBalance({ deployment: deploymentFile, ...flags, network });
    return { network, address: flags.address, balance };
  },
};
