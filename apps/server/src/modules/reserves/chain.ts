// Reserves on chain, through the wallet module's chain environment (the devchain in the
// demo and tests, configured nodes in production): USDT balances of the custody addresses
// at a fixed block, a signed message from each hot wallet, and the anchoring transaction
// that writes a snapshot's root on chain. Nothing here is specific to one devchain.
import {
  createPublicClient,
  http,
  keccak256,
  parseAbi,
  stringToHex,
  verifyMessage,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { ChainEnvironment } from '../wallet/chain-environment.ts';
import { NETWORKS, type Network } from '../wallet/networks.ts';

const ERC20 = parseAbi(['function balanceOf(address owner) view returns (uint256)']);
/** Anvil's and Hardhat's well-known dev account #3 (#0 faucet, #1 hot wallet, #2 sweep gas). */
export const DEVCHAIN_ANCHOR_KEY =
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6' as Hex;

export interface ReservesChain {
  networks: Network[];
  head(network: Network): Promise<bigint>;
  /** USDT of each address at the block, in units of 10^-8 USDT. */
  balances(network: Network, block: bigint, addresses: string[]): Promise<bigint[]>;
  hotWallet(network: Network): string | null;
  /** An EIP-191 signature of `message` by the network's hot wallet. */
  sign(network: Network, message: string): Promise<string | null>;
  /** Writes `text` into a transaction's data from the anchoring account; the tx hash. */
  anchor(text: string): Promise<{ network: Network; txHash: string } | null>;
  /** An anchoring transaction as the chain has it: sender, block and the text it carries. */
  anchored(
    network: Network,
    txHash: string,
  ): Promise<{ from: string; blockNumber: bigint | null; text: string } | null>;
}

/** Token units (6 or 18 decimals) to 10^-8 USDT, rounding down. */
export function toUnits(value: bigint, decimals: number) {
  return decimals >= 8 ? value / 10n ** BigInt(decimals - 8) : value * 10n ** BigInt(8 - decimals);
}

const anchorKeyOf = (env: ChainEnvironment, anchorKey?: Hex | null) =>
  anchorKey ?? (env.mode === 'devchain' ? DEVCHAIN_ANCHOR_KEY : null);

/** The address every anchoring transaction is sent from (lower case), or null. */
export function anchorAddress(env: ChainEnvironment, anchorKey?: Hex | null) {
  const key = anchorKeyOf(env, anchorKey);
  return key ? privateKeyToAccount(key).address.toLowerCase() : null;
}

export function reservesChain(env: ChainEnvironment, anchorKey?: Hex | null): ReservesChain {
  const clients = new Map<string, PublicClient>();
  const client = (network: Network) => {
    const url = env.rpc[network];
    if (!url) throw new Error(`no RPC for ${network}`);
    let c = clients.get(url);
    if (!c) {
      c = createPublicClient({ transport: http(url, { timeout: 15_000, retryCount: 1 }) });
      clients.set(url, c);
    }
    return c;
  };
  const networks = NETWORKS.filter((n) => env.rpc[n] && env.contracts[n]);
  const hotKey = (network: Network): Hex | null => {
    const key = network === 'trc20' && env.tron ? env.tron.hotKey : env.hotKey;
    return key ? (`0x${key.replace(/^0x/, '')}` as Hex) : null;
  };
  const key = anchorKeyOf(env, anchorKey);
  const anchorNetwork = networks.find((n) => n !== 'trc20') ?? null;
  return {
    networks,
    head: (network) => client(network).getBlockNumber({ cacheTime: 0 }),
    async balances(network, block, addresses) {
      const contract = env.contracts[network]!;
      const out: bigint[] = new Array(addresses.length);
      let next = 0;
      const worker = async () => {
        while (next < addresses.length) {
          const i = next++;
          const raw = await client(network).readContract({
            address: contract.address as Hex,
            abi: ERC20,
            functionName: 'balanceOf',
            args: [addresses[i] as Hex],
            blockNumber: block,
          });
          out[i] = toUnits(raw, contract.decimals);
        }
      };
      await Promise.all(Array.from({ length: Math.min(8, addresses.length) }, worker));
      return out;
    },
    hotWallet(network) {
      const k = hotKey(network);
      return k ? privateKeyToAccount(k).address.toLowerCase() : null;
    },
    async sign(network, message) {
      const k = hotKey(network);
      return k ? privateKeyToAccount(k).signMessage({ message }) : null;
    },
    async anchored(network, txHash) {
      const tx = await client(network)
        .getTransaction({ hash: txHash as Hex })
        .catch(() => null);
      if (!tx) return null;
      const text = Buffer.from(tx.input.slice(2), 'hex').toString('utf8');
      return { from: tx.from.toLowerCase(), blockNumber: tx.blockNumber, text };
    },
    async anchor(text) {
      if (!key || !anchorNetwork) return null;
      const c = client(anchorNetwork);
      const account = privateKeyToAccount(key);
      const [chainId, nonce, gasPrice] = await Promise.all([
        c.getChainId(),
        c.getTransactionCount({ address: account.address, blockTag: 'pending' }),
        c.getGasPrice(),
      ]);
      const rawTx = await account.signTransaction({
        chainId,
        type: 'legacy',
        nonce,
        to: account.address,
        value: 0n,
        data: stringToHex(text),
        gas: 60_000n,
        gasPrice: (gasPrice * 12n) / 10n,
      });
      await c.sendRawTransaction({ serializedTransaction: rawTx });
      return { network: anchorNetwork, txHash: keccak256(rawTx) };
    },
  };
}

/** Reads an anchoring transaction back: who sent it, in which block, what text it carries. */
export async function readAnchor(env: ChainEnvironment, network: Network, txHash: string) {
  const url = env.rpc[network];
  if (!url) return null;
  const c = createPublicClient({ transport: http(url, { timeout: 10_000, retryCount: 0 }) });
  const tx = await c.getTransaction({ hash: txHash as Hex }).catch(() => null);
  if (!tx) return null;
  const text = Buffer.from(tx.input.slice(2), 'hex').toString('utf8');
  return { from: tx.from.toLowerCase(), blockNumber: tx.blockNumber, text };
}

export const checkSignature = (address: string, message: string, signature: string) =>
  verifyMessage({ address: address as Hex, message, signature: signature as Hex });
