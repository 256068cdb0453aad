// The whole inclusion check, with nothing taken from the proof on trust: the root computed
// from the investor's own leaves must equal (1) the root Olive published for that snapshot
// and (2) the root anchored on chain, read by the app itself over JSON-RPC from the node its
// build names (never through Olive's API): the transaction is mined, sent by the anchoring
// address, and its data reads exactly `olive-por:<snapshot_id>:<root>:<liabilities>`.
// Runs in a Web Worker (check.worker.ts); pure apart from `fetch`, so unit tests drive it.
import { computeRoot, toHex, usdtUnits, type InclusionProof, type VerifyStep } from './verify.ts';

/** The public chain nodes and anchoring address the app reads the anchor with. */
export interface ChainConfig {
  /** JSON-RPC URL per network that can carry an anchor. */
  rpc: Partial<Record<string, string>>;
  /** The address every anchoring transaction must come from (lower case hex). */
  anchorAddress: string | null;
}

/** What `/api/main/reserves` publishes of a snapshot (the fields the check compares). */
export interface PublishedSnapshot {
  snapshot_id: string;
  taken_at: string;
  root: string;
  liabilities: string;
  anchor_tx: string | null;
  anchor_network: string | null;
}

/** Which check failed, in the order they are made. */
export type CheckFailure =
  | 'proof'
  | 'published_missing'
  | 'published'
  | 'anchor_missing'
  | 'no_rpc'
  | 'rpc_unreachable'
  | 'anchor_not_found'
  | 'anchor_pending'
  | 'anchor_sender'
  | 'anchor_root';

export interface CheckResult {
  snapshot_id: string;
  taken_at: string;
  ok: boolean;
  /** The first check that failed; null when all held. */
  failure: CheckFailure | null;
  /** The investor's amount in the tree, in units of 10^-8 USDT (decimal string). */
  amount: string;
  /** The anchoring transaction's block and its time (ISO), when read from the chain. */
  block: string | null;
  anchored_at: string | null;
  steps: VerifyStep[];
}

/** Failures that may pass later (the node was down, the anchor not mined yet): checked again. */
export const TRANSIENT_FAILURES: readonly CheckFailure[] = ['rpc_unreachable', 'anchor_pending'];

class RpcUnreachable extends Error {}

type Fetch = typeof fetch;

async function rpcCall(fetcher: Fetch, url: string, method: string, params: unknown[]) {
  let body: { result?: unknown; error?: unknown };
  try {
    const response = await fetcher(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new RpcUnreachable(`HTTP ${response.status}`);
    body = (await response.json()) as typeof body;
  } catch (error) {
    throw error instanceof RpcUnreachable ? error : new RpcUnreachable(String(error));
  }
  if (body.error) throw new RpcUnreachable(JSON.stringify(body.error));
  return body.result;
}

/** The anchor as the chain has it, or the failure that stops the check. */
async function readAnchor(
  fetcher: Fetch,
  url: string,
  txHash: string,
): Promise<
  | { failure: CheckFailure }
  | { failure: null; from: string; text: string | null; block: bigint; time: string | null }
> {
  if (!/^0x[0-9a-fA-F]{64}$/.test(txHash)) return { failure: 'anchor_not_found' };
  try {
    const tx = (await rpcCall(fetcher, url, 'eth_getTransactionByHash', [txHash])) as {
      from?: string;
      input?: string;
      blockNumber?: string | null;
    } | null;
    if (!tx) return { failure: 'anchor_not_found' };
    if (!tx.blockNumber) return { failure: 'anchor_pending' };
    const block = BigInt(tx.blockNumber);
    const header = (await rpcCall(fetcher, url, 'eth_getBlockByNumber', [
      tx.blockNumber,
      false,
    ])) as { timestamp?: string } | null;
    const time = header?.timestamp
      ? new Date(Number(BigInt(header.timestamp)) * 1000).toISOString()
      : null;
    return {
      failure: null,
      from: (tx.from ?? '').toLowerCase(),
      text: decode(tx.input),
      block,
      time,
    };
  } catch (error) {
    if (error instanceof RpcUnreachable) return { failure: 'rpc_unreachable' };
    throw error;
  }
}

/** A transaction's data as UTF-8 text, or null when it is not text. */
function decode(input: string | undefined): string | null {
  if (!input || !/^0x([0-9a-fA-F]{2})*$/.test(input)) return null;
  const bytes = Uint8Array.from(input.slice(2).match(/../g) ?? [], (x) => parseInt(x, 16));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

export async function checkInclusion(
  input: {
    proof: Pick<InclusionProof, 'leaves' | 'paths'>;
    /** The signed-in investor's own id (never the proof's). */
    userId: string;
    snapshotId: string;
    /** What Olive published for `snapshotId`; null when it published nothing for it. */
    published: PublishedSnapshot | null;
    chain: ChainConfig | null;
  },
  fetcher: Fetch = fetch,
): Promise<CheckResult> {
  const steps: VerifyStep[] = [];
  const result = (failure: CheckFailure | null, extra: Partial<CheckResult> = {}) => ({
    snapshot_id: input.snapshotId,
    taken_at: input.published?.taken_at ?? '',
    ok: failure === null,
    failure,
    amount: '0',
    block: null,
    anchored_at: null,
    steps,
    ...extra,
  });
  let root: { hash: string; sum: bigint } | null = null;
  try {
    root = await computeRoot(input.proof, input.userId, (s) => steps.push(s));
  } catch {
    root = null;
  }
  const amount = input.proof.leaves.reduce((n, l) => {
    try {
      return n + usdtUnits(l.amount);
    } catch {
      return n;
    }
  }, 0n);
  steps.push({
    leaf: 0,
    kind: 'root',
    detail: '',
    hash: root?.hash ?? toHex(new Uint8Array(32)),
    sum: root?.sum ?? 0n,
    ok: root !== null,
  });
  if (!root) return result('proof', { amount: amount.toString() });

  const base = { amount: amount.toString() };
  const published = input.published;
  let failure: CheckFailure | null = null;
  if (!published) failure = 'published_missing';
  else {
    let liabilities: bigint | null = null;
    try {
      liabilities = usdtUnits(published.liabilities);
    } catch {
      liabilities = null;
    }
    const same = published.root === root.hash && liabilities === root.sum;
    steps.push({
      leaf: 0,
      kind: 'published',
      detail: input.snapshotId,
      hash: published.root,
      sum: liabilities ?? 0n,
      ok: same,
    });
    if (!same) failure = 'published';
  }

  // The anchor is read even after a mismatch above, so the steps show every comparison.
  let anchor: { block: string | null; anchored_at: string | null } = {
    block: null,
    anchored_at: null,
  };
  let anchorFailure: CheckFailure | null = null;
  const url = published?.anchor_network ? input.chain?.rpc[published.anchor_network] : undefined;
  if (!published?.anchor_tx) anchorFailure = 'anchor_missing';
  else if (!url || !input.chain?.anchorAddress) anchorFailure = 'no_rpc';
  else {
    const read = await readAnchor(fetcher, url, published.anchor_tx);
    if (read.failure) anchorFailure = read.failure;
    else {
      anchor = { block: read.block.toString(), anchored_at: read.time };
      if (read.from !== input.chain.anchorAddress.toLowerCase()) anchorFailure = 'anchor_sender';
      else if (read.text !== `olive-por:${input.snapshotId}:${root.hash}:${root.sum}`) {
        anchorFailure = 'anchor_root';
      }
    }
  }
  steps.push({
    leaf: 0,
    kind: 'anchor',
    detail: anchorFailure ?? anchor.block ?? '',
    hash: published?.anchor_tx ?? '',
    sum: root.sum,
    ok: anchorFailure === null,
  });
  return result(failure ?? anchorFailure, { ...base, ...anchor });
}
