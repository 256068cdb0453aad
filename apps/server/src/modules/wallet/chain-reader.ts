// What the deposit watcher needs from a chain, as a port: the head, a block's hash and
// the USDT contract's Transfer logs. The viem adapter talks JSON-RPC to any EVM node and
// to TRON's Ethereum-compatible endpoint (addresses given as 0x hex without the 41).
import { createPublicClient, http, parseAbiItem, type PublicClient } from 'viem';

export interface TransferLog {
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
  /** Lower-case 0x hex. */
  from: string;
  to: string;
  value: bigint;
}

export interface ChainReader {
  headNumber(): Promise<bigint>;
  /** null when the node has no such block (yet, or any more). */
  blockHash(number: bigint): Promise<string | null>;
  transferLogs(contract: string, fromBlock: bigint, toBlock: bigint): Promise<TransferLog[]>;
}

const TRANSFER = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);

export function viemChainReader(rpcUrl: string, options: { timeoutMs?: number } = {}): ChainReader {
  const client: PublicClient = createPublicClient({
    transport: http(rpcUrl, { timeout: options.timeoutMs ?? 10_000, retryCount: 0 }),
  });
  return {
    headNumber: () => client.getBlockNumber({ cacheTime: 0 }),
    async blockHash(number) {
      try {
        return (await client.getBlock({ blockNumber: number })).hash;
      } catch (error) {
        if (/not found|could not be found/i.test(String(error))) return null;
        throw error;
      }
    },
    async transferLogs(contract, fromBlock, toBlock) {
      const logs = await client.getLogs({
        address: contract as `0x${string}`,
        event: TRANSFER,
        fromBlock,
        toBlock,
        strict: true,
      });
      return logs.map((log) => ({
        txHash: log.transactionHash,
        logIndex: log.logIndex,
        blockNumber: log.blockNumber,
        blockHash: log.blockHash,
        from: log.args.from.toLowerCase(),
        to: log.args.to.toLowerCase(),
        value: log.args.value,
      }));
    },
  };
}
