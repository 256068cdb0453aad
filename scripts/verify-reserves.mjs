#!/usr/bin/env node
// Independent verifier of an Olive proof-of-liabilities file (docs/proof-of-reserves.md).
// Node's standard library only, nothing from the server: anyone can read and run it.
//
//   node scripts/verify-reserves.mjs --file snapshot-12.json [--leaf <user_id>,<nonce>,<part>,<amount>] ...
//
// Checks every leaf (64-hex hash, integer amount, never negative), rebuilds every node of the
// Merkle-sum tree (hash and sum), and compares the root and the total with the file's header.
// With --leaf, also recomputes that leaf from the investor's own data (user id, nonce, part,
// amount in USDT) and checks it is in the tree. Exit 0 only for a sound tree.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';

const MAX = (1n << 63n) - 1n;
const EMPTY = Buffer.alloc(32);
const u64 = (v) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(v);
  return b;
};
const nodeHash = (lh, ls, rh, rs) =>
  createHash('sha256')
    .update(Buffer.from([1]))
    .update(lh)
    .update(u64(ls))
    .update(rh)
    .update(u64(rs))
    .digest();
const userHash = (id) => createHash('sha256').update(`olive-por-user:${id}`).digest();
function leafHash(userId, nonceHex, part, amount) {
  const p = Buffer.alloc(4);
  p.writeUInt32BE(part);
  return createHash('sha256')
    .update(Buffer.from([0]))
    .update(userHash(userId))
    .update(Buffer.from(nonceHex, 'hex'))
    .update(p)
    .update(u64(amount))
    .digest();
}
function usdtToUnits(text) {
  const m = /^(\d{1,12})(?:\.(\d{1,8}))?$/.exec(text);
  if (!m) throw new Error(`bad amount: ${text}`);
  return BigInt(m[1]) * 10n ** 8n + BigInt((m[2] ?? '').padEnd(8, '0'));
}

function parseArgs(argv) {
  const out = { file: null, leaves: [] };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--file') out.file = argv[++i];
    else if (argv[i] === '--leaf') out.leaves.push(argv[++i]);
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  if (!out.file) throw new Error('--file <snapshot.json> is required');
  return out;
}

export async function verifyFile(file, leafArgs = []) {
  const problems = [];
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  let header = null;
  const hashes = [];
  const sums = [];
  let closed = false;
  for await (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    if (!header) {
      if (!line.endsWith('"leaves":[')) throw new Error('not an Olive proof-of-liabilities file');
      header = JSON.parse(`${line}]}`);
      continue;
    }
    if (line === ']}') {
      closed = true;
      continue;
    }
    if (closed) throw new Error('data after the end of the file');
    const leaf = JSON.parse(line.replace(/,$/, ''));
    const n = hashes.length;
    if (!Array.isArray(leaf) || leaf.length !== 2 || !/^[0-9a-f]{64}$/.test(String(leaf[0])))
      problems.push(`leaf ${n}: malformed`);
    if (!/^\d{1,19}$/.test(String(leaf[1]))) {
      problems.push(`leaf ${n}: amount ${leaf[1]} is not a non-negative integer`);
      hashes.push(EMPTY);
      sums.push(0n);
      continue;
    }
    const amount = BigInt(leaf[1]);
    if (amount > MAX) problems.push(`leaf ${n}: amount out of range`);
    hashes.push(Buffer.from(String(leaf[0]), 'hex'));
    sums.push(amount);
  }
  if (!header) throw new Error('empty file');
  if (!closed) problems.push('the file is truncated');
  if (header.format !== 'olive-proof-of-liabilities/1')
    problems.push(`unknown format ${header.format}`);
  if (header.leaf_count !== hashes.length)
    problems.push(`header says ${header.leaf_count} leaves, the file has ${hashes.length}`);
  if (hashes.length === 0) problems.push('no leaves');

  // Every level of the tree, recomputed: each parent's sum is its children's, never above 2^63.
  let levelHashes = hashes;
  let levelSums = sums;
  while (levelHashes.length > 1) {
    const nextHashes = [];
    const nextSums = [];
    for (let i = 0; i < levelHashes.length; i += 2) {
      const last = i + 1 >= levelHashes.length;
      const rs = last ? 0n : levelSums[i + 1];
      const sum = levelSums[i] + rs;
      if (sum > MAX) problems.push('a sum overflows');
      nextHashes.push(
        nodeHash(levelHashes[i], levelSums[i], last ? EMPTY : levelHashes[i + 1], rs),
      );
      nextSums.push(sum);
    }
    levelHashes = nextHashes;
    levelSums = nextSums;
  }
  const root = { hash: levelHashes[0]?.toString('hex') ?? '', sum: levelSums[0] ?? 0n };
  if (root.hash !== header.root?.hash)
    problems.push(`root hash ${root.hash} differs from the published ${header.root?.hash}`);
  if (String(root.sum) !== String(header.root?.sum))
    problems.push(`root sum ${root.sum} differs from the published ${header.root?.sum}`);
  if (String(header.total) !== String(header.root?.sum))
    problems.push(`total ${header.total} differs from the root sum ${header.root?.sum}`);

  const leafResults = [];
  for (const arg of leafArgs) {
    const [userId, nonce, part, amount] = String(arg).split(',');
    try {
      const units = usdtToUnits(amount ?? '');
      const h = leafHash(userId, nonce, Number(part), units).toString('hex');
      const at = hashes.findIndex((x, i) => sums[i] === units && x.toString('hex') === h);
      leafResults.push({ leaf: arg, index: at, found: at >= 0 });
      if (at < 0) problems.push(`leaf ${arg} is not in the tree`);
    } catch (error) {
      problems.push(`leaf ${arg}: ${error.message}`);
    }
  }
  return {
    ok: problems.length === 0,
    snapshot_id: header.snapshot_id,
    root: root.hash,
    total: String(root.sum),
    leaf_count: hashes.length,
    leaves: leafResults,
    problems: problems.slice(0, 50),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const args = parseArgs(process.argv.slice(2));
    const file = resolve(process.env.INIT_CWD ?? process.cwd(), args.file);
    const result = await verifyFile(file, args.leaves);
    process.stdout.write(`${JSON.stringify(result)}\n`);
    process.exit(result.ok ? 0 : 1);
  } catch (error) {
    process.stdout.write(`${JSON.stringify({ ok: false, error: error.message })}\n`);
    process.exit(2);
  }
}
