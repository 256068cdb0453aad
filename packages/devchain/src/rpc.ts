// anvil's test-control methods (snapshot, revert, mine, mining mode) as plain JSON-RPC
// calls: they are not in viem's public actions, and tests need them for reorgs and depth.
import { NETWORKS, type Network } from '@olive/chain';

/** An RPC URL, or anything carrying one (a started devchain, a deployment). */
export type RpcTarget = string | { rpcUrl: string };

const urlOf = (target: RpcTarget) => (typeof target === 'string' ? target : target.rpcUrl);

export async function rpc<T = unknown>(
  target: RpcTarget,
  method: string,
  params: unknown[] = [],
): Promise<T> {
  const url = urlOf(target);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new Error(`devchain at ${url} is not answering (${String(error)})`, { cause: error });
  }
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method} failed: ${body.error.message}`);
  return body.result as T;
}

/** Marks the chain state; `revert(id)` returns to it (each id is usable once). */
export const snapshot = (target: RpcTarget): Promise<string> => rpc<string>(target, 'evm_snapshot');

/** Back to a snapshot: later blocks and their transfers disappear, as in a reorg. */
export async function revert(target: RpcTarget, id: string): Promise<void> {
  if (!(await rpc<boolean>(target, 'evm_revert', [id]))) {
    throw new Error(`no snapshot ${id} (already reverted, or from another run)`);
  }
}

/** Mines `blocks` empty blocks at once, e.g. to reach a confirmation count. */
export async function mine(target: RpcTarget, blocks = 1): Promise<void> {
  if (!Number.isInteger(blocks) || blocks < 1) throw new RangeError(`bad block count: ${blocks}`);
  await rpc(target, 'anvil_mine', [`0x${blocks.toString(16)}`]);
}

export async function blockNumber(target: RpcTarget): Promise<bigint> {
  return BigInt(await rpc<string>(target, 'eth_blockNumber'));
}

// anvil's evm_setIntervalMining takes whole seconds; a shorter block time switched on over
// RPC (tests) is a timer here that mines a block every `ms` (started with `blockTimeMs`,
// anvil ticks by itself, fractions included).
const tickers = new Map<string, NodeJS.Timeout>();

/** Stops this process's block timer for the chain at `target`, if any. */
export function stopMiningTicker(target: RpcTarget): void {
  const url = urlOf(target);
  clearInterval(tickers.get(url));
  tickers.delete(url);
}

/** A block per transaction, at once: what tests want. */
export async function setAutomine(target: RpcTarget): Promise<void> {
  stopMiningTicker(target);
  await rpc(target, 'evm_setIntervalMining', [0]);
  await rpc(target, 'evm_setAutomine', [true]);
}

/** A block every `ms` whether or not there are transactions: what the demo wants. */
export async function setIntervalMining(target: RpcTarget, ms: number): Promise<void> {
  if (!Number.isInteger(ms) || ms < 1) throw new RangeError(`bad block time: ${ms}`);
  stopMiningTicker(target);
  await rpc(target, 'evm_setAutomine', [false]);
  if (ms % 1000 === 0) {
    await rpc(target, 'evm_setIntervalMining', [ms / 1000]);
    return;
  }
  await rpc(target, 'evm_setIntervalMining', [0]);
  const url = urlOf(target);
  const timer = setInterval(() => {
    rpc(url, 'evm_mine').catch(() => stopMiningTicker(url));
  }, ms);
  timer.unref();
  tickers.set(url, timer);
}

export function assertNetwork(value: string): Network {
  if (!(NETWORKS as readonly string[]).includes(value)) {
    throw new Error(`unknown network ${JSON.stringify(value)} (expected ${NETWORKS.join(', ')})`);
  }
  return value as Network;
}
