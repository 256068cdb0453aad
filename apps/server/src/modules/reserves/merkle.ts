// The liabilities tree: a Merkle-sum tree over SHA-256 (docs/proof-of-reserves.md gives the
// byte layout; scripts/verify-reserves.mjs and the web app's checker implement it again on
// their own). Each node commits to its children's hashes and sums; a level of odd length is
// closed with an empty node (32 zero bytes, sum 0). Levels are kept as flat buffers so a
// million users (several million leaves) fit in a few hundred megabytes.
import { createHash, hash as oneShot, randomBytes, randomInt } from 'node:crypto';

export const EMPTY_HASH = Buffer.alloc(32);
const MAX_AMOUNT = (1n << 63n) - 1n;

/** One SHA-256 of a buffer: Node's one-shot `crypto.hash` where it exists (20.12+). */
const sha256: (data: Buffer) => Buffer =
  typeof oneShot === 'function'
    ? (data) => oneShot('sha256', data, 'buffer') as unknown as Buffer
    : (data) => createHash('sha256').update(data).digest();

export function userHash(userId: string): Buffer {
  return sha256(Buffer.from(`olive-por-user:${userId}`));
}

function checkAmount(amount: bigint) {
  if (amount < 0n || amount > MAX_AMOUNT) throw new RangeError(`amount out of range: ${amount}`);
}

const LEAF_BYTES = 1 + 32 + 32 + 4 + 8;
const NODE_BYTES = 1 + 32 + 8 + 32 + 8;

/** Writes a leaf's message into `into` (77 bytes) and returns its hash. */
function leafInto(into: Buffer, user: Buffer, nonce: Buffer, part: number, amount: bigint) {
  checkAmount(amount);
  into[0] = 0;
  user.copy(into, 1);
  nonce.copy(into, 33);
  into.writeUInt32BE(part, 65);
  into.writeBigUInt64BE(amount, 69);
  return sha256(into);
}

/** leaf = SHA-256(0x00 ‖ user hash ‖ nonce ‖ part (u32 BE) ‖ amount (u64 BE)). */
export function leafHash(user: Buffer, nonce: Buffer, part: number, amount: bigint): Buffer {
  if (user.length !== 32 || nonce.length !== 32)
    throw new RangeError('user and nonce are 32 bytes');
  return leafInto(Buffer.alloc(LEAF_BYTES), user, nonce, part, amount);
}

/** Writes a node's message into `into` (81 bytes) and returns its hash. */
function nodeInto(into: Buffer, lh: Buffer, ls: bigint, rh: Buffer, rs: bigint) {
  checkAmount(ls);
  checkAmount(rs);
  into[0] = 1;
  lh.copy(into, 1);
  into.writeBigUInt64BE(ls, 33);
  rh.copy(into, 41);
  into.writeBigUInt64BE(rs, 73);
  return sha256(into);
}

/** node = SHA-256(0x01 ‖ left hash ‖ left sum (u64 BE) ‖ right hash ‖ right sum (u64 BE)). */
export function nodeHash(lh: Buffer, ls: bigint, rh: Buffer, rs: bigint): Buffer {
  if (lh.length !== 32 || rh.length !== 32) throw new RangeError('hashes are 32 bytes');
  return nodeInto(Buffer.alloc(NODE_BYTES), lh, ls, rh, rs);
}

export interface Level {
  hashes: Buffer; // 32 bytes per node
  sums: BigUint64Array;
}

export interface Tree {
  levels: Level[]; // levels[0] = leaves, last = root (one node)
  root: { hash: string; sum: bigint };
}

export const hashAt = (level: Level, i: number) => level.hashes.subarray(i * 32, i * 32 + 32);

export function buildTree(leaves: Level): Tree {
  if (leaves.sums.length === 0) throw new Error('a tree needs at least one leaf');
  const levels = [leaves];
  let level = leaves;
  while (level.sums.length > 1) {
    const n = Math.ceil(level.sums.length / 2);
    const next: Level = { hashes: Buffer.allocUnsafe(n * 32), sums: new BigUint64Array(n) };
    const scratch = Buffer.alloc(NODE_BYTES);
    for (let i = 0; i < n; i++) {
      const l = 2 * i;
      const r = l + 1;
      const ls = level.sums[l]!;
      const rs = r < level.sums.length ? level.sums[r]! : 0n;
      const rh = r < level.sums.length ? hashAt(level, r) : EMPTY_HASH;
      const sum = ls + rs;
      if (sum > MAX_AMOUNT) throw new RangeError('sum overflows 63 bits');
      nodeInto(scratch, hashAt(level, l), ls, rh, rs).copy(next.hashes, i * 32);
      next.sums[i] = sum;
    }
    levels.push(next);
    level = next;
  }
  return { levels, root: { hash: hashAt(level, 0).toString('hex'), sum: level.sums[0]! } };
}

/** Splits an amount into 2..maxParts non-negative parts that add up to it. */
export function splitAmount(amount: bigint, maxParts: number): bigint[] {
  const parts = maxParts <= 1 ? 1 : 2 + randomInt(maxParts - 1);
  if (parts === 1) return [amount];
  const cuts: bigint[] = [];
  for (let i = 0; i < parts - 1; i++) {
    // A random point in [0, amount]: 48 random bits scaled, enough for any balance.
    cuts.push((amount * BigInt(randomInt(2 ** 48 - 1))) / BigInt(2 ** 48 - 2));
  }
  cuts.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const out: bigint[] = [];
  let previous = 0n;
  for (const c of cuts) {
    out.push(c - previous);
    previous = c;
  }
  out.push(amount - previous);
  return out;
}

export interface UserLiability {
  userId: string;
  amount: bigint;
}

export interface UserLeaves {
  userId: string;
  nonce: string; // hex
  indexes: number[];
  amounts: bigint[];
}

/** 32 random bytes per call, drawn from the CSPRNG 128 KiB at a time. */
function randomNonces() {
  let pool = Buffer.alloc(0);
  let at = 0;
  return () => {
    if (at === pool.length) {
      pool = randomBytes(32 * 4096);
      at = 0;
    }
    at += 32;
    return pool.subarray(at - 32, at);
  };
}

/**
 * Leaves for every user: each amount split into several parts, each part a leaf at a
 * random position (a Fisher-Yates shuffle of all leaves). `nonceFor` is injectable so a
 * fixed vector can be checked; in production every nonce is 32 random bytes.
 */
export function buildLeaves(
  users: UserLiability[],
  options: {
    maxParts?: number;
    nonceFor?: (userId: string) => Buffer;
    split?: (amount: bigint) => bigint[];
    shuffle?: boolean;
  } = {},
): { leaves: Level; owners: UserLeaves[] } {
  const maxParts = options.maxParts ?? 4;
  const split = options.split ?? ((a: bigint) => splitAmount(a, maxParts));
  const nonceFor = options.nonceFor ?? randomNonces();
  const parts = users.map((u) => split(u.amount));
  const count = parts.reduce((n, p) => n + p.length, 0);
  // Position k of the shuffled order holds leaf order[k].
  const order = new Uint32Array(count);
  for (let i = 0; i < count; i++) order[i] = i;
  if (options.shuffle !== false) {
    for (let i = count - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      const t = order[i]!;
      order[i] = order[j]!;
      order[j] = t;
    }
  }
  const positionOf = new Uint32Array(count);
  for (let k = 0; k < count; k++) positionOf[order[k]!] = k;
  const leaves: Level = { hashes: Buffer.allocUnsafe(count * 32), sums: new BigUint64Array(count) };
  const owners: UserLeaves[] = [];
  const scratch = Buffer.alloc(LEAF_BYTES);
  let seq = 0;
  users.forEach((u, ui) => {
    const nonce = nonceFor(u.userId);
    if (nonce.length !== 32) throw new RangeError('a nonce is 32 bytes');
    const uh = userHash(u.userId);
    const indexes: number[] = [];
    const amounts = parts[ui]!;
    amounts.forEach((amount, part) => {
      const position = positionOf[seq++]!;
      leafInto(scratch, uh, nonce, part, amount).copy(leaves.hashes, position * 32);
      leaves.sums[position] = amount;
      indexes.push(position);
    });
    owners.push({ userId: u.userId, nonce: nonce.toString('hex'), indexes, amounts });
  });
  return { leaves, owners };
}

export interface PathStep {
  hash: string;
  sum: string;
  /** Where the sibling sits: 'left' or 'right' of the node being climbed. */
  side: 'left' | 'right';
}

/** The siblings from a leaf up to the root. */
export function pathFor(levels: Level[], index: number): PathStep[] {
  const steps: PathStep[] = [];
  let i = index;
  for (let d = 0; d < levels.length - 1; d++) {
    const level = levels[d]!;
    const sibling = i ^ 1;
    const exists = sibling < level.sums.length;
    steps.push({
      hash: (exists ? hashAt(level, sibling) : EMPTY_HASH).toString('hex'),
      sum: (exists ? level.sums[sibling]! : 0n).toString(),
      side: sibling < i ? 'left' : 'right',
    });
    i >>= 1;
  }
  return steps;
}

/** Recomputes the root from a leaf and its path. */
export function rootFromPath(leaf: { hash: string; sum: bigint }, path: PathStep[]) {
  let hash: Buffer = Buffer.from(leaf.hash, 'hex');
  let sum = leaf.sum;
  for (const step of path) {
    const sh = Buffer.from(step.hash, 'hex');
    const ss = BigInt(step.sum);
    if (ss < 0n || sum < 0n) throw new RangeError('negative amount in path');
    hash = step.side === 'left' ? nodeHash(sh, ss, hash, sum) : nodeHash(hash, sum, sh, ss);
    sum += ss;
  }
  return { hash: hash.toString('hex'), sum };
}

/** Does this user's leaf (from their nonce and amount) climb to the root? */
export function verifyLeaf(
  input: { userId: string; nonce: string; part: number; amount: bigint; path: PathStep[] },
  root: { hash: string; sum: bigint },
): boolean {
  if (input.amount < 0n) return false;
  try {
    const leaf = leafHash(
      userHash(input.userId),
      Buffer.from(input.nonce, 'hex'),
      input.part,
      input.amount,
    );
    const top = rootFromPath({ hash: leaf.toString('hex'), sum: input.amount }, input.path);
    return top.hash === root.hash && top.sum === root.sum;
  } catch {
    return false;
  }
}
