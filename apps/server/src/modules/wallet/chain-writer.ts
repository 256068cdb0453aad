// What the withdrawal sender needs from a chain, as a port: sign a USDT transfer from the
// hot wallet with a nonce we allocated, broadcast the signed bytes (again, if need be),
// and look a transaction up. The viem adapter serves ERC20 and BEP20 (and TRC20 on the
// devchain, where TRON addresses are converted to EVM hex).
import {
  createPublicClient,
  encodeFunctionData,
  http,
  keccak256,
  parseAbi,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

export type TransactionState =
  | { state: 'unknown' }
  | { state: 'pending' }
  | { state: 'mined'; blockNumber: bigint }
  | { state: 'failed'; blockNumber: bigint };

export interface ChainWriter {
  hotAddress: string;
  /** Which nonce sequence the hot wallet uses: one per chain. */
  nonceScope: string;
  /** The hot wallet's next nonce as the chain sees it (pending included). */
  chainNonce(): Promise<bigint>;
  /** False for chains without account nonces (TRON): nothing to reconcile. Default true. */
  nonces?: boolean;
  signTransfer(input: {
    to: string;
    tokenAmount: bigint;
    nonce: bigint;
  }): Promise<{ rawTx: string; txHash: string }>;
  /** Sends signed bytes; sending the same bytes twice is harmless. */
  broadcast(rawTx: string): Promise<void>;
  status(txHash: string): Promise<TransactionState>;
  headNumber(): Promise<bigint>;
  /**
   * Chains whose transactions expire (TRON): the instant (ms) after which these signed
   * bytes can never be mined. Absent on EVM chains, where a transaction stays valid until
   * its nonce is used.
   */
  expiresAt?(rawTx: string): number;
  /** With `expiresAt`: the time of the node's head block (ms), the chain's own clock. */
  headTime?(): Promise<number>;
}

/** The node refused the bytes because they expired: sending them again can never work. */
export class ExpiredTransactionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExpiredTransactionError';
  }
}

const ERC20 = parseAbi(['function transfer(address to, uint256 value) returns (bool)']);

export function viemChainWriter(options: {
  rpcUrl: string;
  contract: string;
  hotKey: Hex;
  nonceScope: string;
  /** Converts the saved address to the 0x form the chain takes (TRON -> hex on the devchain). */
  toHex?: (address: string) => string;
}): ChainWriter {
  const client: PublicClient = createPublicClient({
    transport: http(options.rpcUrl, { timeout: 10_000, retryCount: 0 }),
  });
  const account = privateKeyToAccount(options.hotKey);
  let chainId: number | null = null;
  return {
    hotAddress: account.address,
    nonceScope: options.nonceScope,
    chainNonce: async () =>
      BigInt(await client.getTransactionCount({ address: account.address, blockTag: 'pending' })),
    async signTransfer({ to, tokenAmount, nonce }) {
      chainId ??= await client.getChainId();
      const gasPrice = await client.getGasPrice();
      const recipient = (options.toHex ? options.toHex(to) : to) as Hex;
      const rawTx = await account.signTransaction({
        chainId,
        type: 'legacy',
        nonce: Number(nonce),
        to: options.contract as Hex,
        data: encodeFunctionData({
          abi: ERC20,
          functionName: 'transfer',
          args: [recipient, tokenAmount],
        }),
        gas: 120_000n,
        // A margin over the current price so the transaction is not stuck when fees rise.
        gasPrice: (gasPrice * 12n) / 10n,
      });
      return { rawTx, txHash: keccak256(rawTx) };
    },
    async broadcast(rawTx) {
      try {
        await client.sendRawTransaction({ serializedTransaction: rawTx as Hex });
      } catch (error) {
        // Already in the pool or already mined: the same bytes were sent before.
        if (/already known|nonce too low|known transaction|already imported/i.test(String(error)))
          return;
        throw error;
      }
    },
    async status(txHash) {
      const receipt = await client.getTransactionReceipt({ hash: txHash as Hex }).catch(() => null);
      if (receipt) {
        return receipt.status === 'success'
          ? { state: 'mined', blockNumber: receipt.blockNumber }
          : { state: 'failed', blockNumber: receipt.blockNumber };
      }
      const pending = await client.getTransaction({ hash: txHash as Hex }).catch(() => null);
      return pending ? { state: 'pending' } : { state: 'unknown' };
    },
    headNumber: () => client.getBlockNumber({ cacheTime: 0 }),
  };
}
