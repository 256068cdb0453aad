// Recomputes the root of the liabilities tree from the investor's own leaves in the browser
// (Web Crypto SHA-256), independently of the server's code. Byte layout:
// docs/proof-of-reserves.md (leaf = H(0x00‖H("olive-por-user:"+id)‖nonce‖part u32‖amount u64),
// node = H(0x01‖left‖left sum u64‖right‖right sum u64)).

/** What `/api/user/reservesproof` answers (amounts in USDT, decimal strings). */
export interface InclusionProof {
  snapshot_id: string;
  user_id: string;
  leaves: { amount: string; nonce: string; index: number; part: number }[];
  paths: { hash: string; sum: string; side: 'left' | 'right' }[][];
  root: string;
  total: string;
  taken_at: string;
}

export interface VerifyStep {
  leaf: number;
  /** leaf, node, root: climbing the tree; published, anchor: comparing the root reached. */
  kind: 'leaf' | 'node' | 'root' | 'published' | 'anchor';
  /**
   * Leaf: part and position; node: tree level and where the sibling sat; published: the
   * snapshot id; anchor: the block (or the failure).
   */
  detail: string;
  hash: string;
  sum: bigint;
  ok?: boolean;
}

const enc = new TextEncoder();
const MAX = (1n << 63n) - 1n;

function concat(...parts: Uint8Array[]) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
async function sha256(...parts: Uint8Array[]) {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', concat(...parts)));
}
const u32 = (n: number) => {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n);
  return b;
};
const u64 = (v: bigint) => {
  if (v < 0n || v > MAX) throw new RangeError('amount out of range');
  const b = new Uint8Array(8);
  new DataView(b.buffer).setBigUint64(0, v);
  return b;
};
export const toHex = (b: Uint8Array) =>
  Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
function fromHex(h: string) {
  if (!/^([0-9a-f]{2})*$/.test(h)) throw new Error('not hex');
  return Uint8Array.from(h.match(/../g) ?? [], (x) => parseInt(x, 16));
}
/** "12.5" USDT -> 1250000000 units of 10^-8; refuses anything negative or malformed. */
export function usdtUnits(text: string): bigint {
  const m = /^(\d{1,12})(?:\.(\d{1,8}))?$/.exec(text);
  if (!m) throw new RangeError(`bad amount ${text}`);
  return BigInt(m[1]!) * 100000000n + BigInt((m[2] ?? '').padEnd(8, '0'));
}

/**
 * Climbs from each of the investor's leaves to the top with the sibling path the server
 * gave, and returns the root and sum every leaf reached. The proof's own `root`, `total` and
 * `user_id` are never used: a proof from another tree (or of another investor) would agree
 * with itself. The leaf binds `userId`, the signed-in investor's own id.
 */
export async function computeRoot(
  proof: Pick<InclusionProof, 'leaves' | 'paths'>,
  userId: string,
  onStep: (s: VerifyStep) => void,
): Promise<{ hash: string; sum: bigint } | null> {
  const user = await sha256(enc.encode(`olive-por-user:${userId}`));
  let reached: { hash: string; sum: bigint } | null = null;
  let agree = proof.leaves.length > 0;
  for (const [i, leaf] of proof.leaves.entries()) {
    let sum = usdtUnits(leaf.amount);
    let hash = await sha256(
      new Uint8Array([0]),
      user,
      fromHex(leaf.nonce),
      u32(leaf.part),
      u64(sum),
    );
    onStep({ leaf: i, kind: 'leaf', detail: `${leaf.part}:${leaf.index}`, hash: toHex(hash), sum });
    for (const [level, step] of (proof.paths[i] ?? []).entries()) {
      const siblingSum = usdtUnits(step.sum);
      const sibling = fromHex(step.hash);
      hash =
        step.side === 'left'
          ? await sha256(new Uint8Array([1]), sibling, u64(siblingSum), hash, u64(sum))
          : await sha256(new Uint8Array([1]), hash, u64(sum), sibling, u64(siblingSum));
      sum += siblingSum;
      onStep({
        leaf: i,
        kind: 'node',
        detail: `${level + 1}:${step.side}`,
        hash: toHex(hash),
        sum,
      });
    }
    // Every leaf of one investor must reach the same root.
    const top = { hash: toHex(hash), sum };
    if (reached && (reached.hash !== top.hash || reached.sum !== top.sum)) agree = false;
    reached ??= top;
  }
  return agree ? reached : null;
}
