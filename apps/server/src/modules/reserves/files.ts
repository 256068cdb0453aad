// The files of a snapshot, in the reserves folder:
// - `snapshot-<id>.json`: the published tree (root, total, every leaf's hash and amount in
//   tree order; never a nonce or a user id). Anyone checks it with scripts/verify-reserves.mjs.
// - `snapshot-<id>.tree.bin`: every level of the tree, so the server reads one user's
//   sibling path with a few positional reads instead of loading millions of nodes.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { Level, PathStep, Tree } from './merkle.ts';

export const FILE_FORMAT = 'olive-proof-of-liabilities/1' as const;

export interface PublishedHeader {
  format: typeof FILE_FORMAT;
  snapshot_id: string;
  taken_at: string;
  /** Amounts are integers in units of 10^-8 USDT. */
  unit: '1e-8 USDT';
  total: string;
  root: { hash: string; sum: string };
  leaf_count: number;
  anchor?: { network: string; tx_hash: string } | null;
}

export const publishedName = (id: string) => `snapshot-${id}.json`;
const treeName = (id: string) => `snapshot-${id}.tree.bin`;

async function writeStream(
  path: string,
  write: (put: (s: string | Buffer) => Promise<void>) => Promise<void>,
) {
  const partial = `${path}.partial`;
  const out = createWriteStream(partial);
  const put = async (chunk: string | Buffer) => {
    if (!out.write(chunk)) await once(out, 'drain');
  };
  await write(put);
  out.end();
  await once(out, 'finish');
  await rename(partial, path);
}

/** Writes the published JSON (streamed: a million users make a file of a few hundred MB). */
export async function writePublished(dir: string, header: PublishedHeader, leaves: Level) {
  await mkdir(dir, { recursive: true });
  const path = join(dir, publishedName(header.snapshot_id));
  await writeStream(path, async (put) => {
    const head = JSON.stringify(header);
    await put(`${head.slice(0, -1)},"leaves":[\n`);
    const n = leaves.sums.length;
    let chunk = '';
    for (let i = 0; i < n; i++) {
      chunk += `${i ? ',\n' : ''}["${leaves.hashes.toString('hex', i * 32, i * 32 + 32)}","${leaves.sums[i]}"]`;
      if (chunk.length > 1 << 16) {
        await put(chunk);
        chunk = '';
      }
    }
    await put(`${chunk}\n]}\n`);
  });
  return path;
}

const MAGIC = Buffer.from('OLIVEPT1');

export async function writeTree(dir: string, id: string, tree: Tree) {
  await mkdir(dir, { recursive: true });
  const path = join(dir, treeName(id));
  await writeStream(path, async (put) => {
    const head = Buffer.alloc(12 + 4 * tree.levels.length);
    MAGIC.copy(head, 0);
    head.writeUInt32BE(tree.levels.length, 8);
    tree.levels.forEach((l, i) => head.writeUInt32BE(l.sums.length, 12 + 4 * i));
    await put(head);
    for (const level of tree.levels) {
      await put(level.hashes.subarray(0, level.sums.length * 32));
      const sums = Buffer.alloc(level.sums.length * 8);
      level.sums.forEach((s, i) => sums.writeBigUInt64BE(s, i * 8));
      await put(sums);
    }
  });
  return path;
}

/** The sibling path of each given leaf index, read from the tree file. */
export async function readPaths(dir: string, id: string, indexes: number[]): Promise<PathStep[][]> {
  const file = await open(join(dir, treeName(id)), 'r');
  try {
    const head = Buffer.alloc(12);
    await file.read(head, 0, 12, 0);
    if (!head.subarray(0, 8).equals(MAGIC)) throw new Error('not a tree file');
    const levelCount = head.readUInt32BE(8);
    const counts = Buffer.alloc(4 * levelCount);
    await file.read(counts, 0, counts.length, 12);
    const offsets: { count: number; hashes: number; sums: number }[] = [];
    let at = 12 + 4 * levelCount;
    for (let d = 0; d < levelCount; d++) {
      const count = counts.readUInt32BE(4 * d);
      offsets.push({ count, hashes: at, sums: at + 32 * count });
      at += 40 * count;
    }
    const paths: PathStep[][] = [];
    for (const index of indexes) {
      const steps: PathStep[] = [];
      let i = index;
      for (let d = 0; d < levelCount - 1; d++) {
        const { count, hashes, sums } = offsets[d]!;
        const sibling = i ^ 1;
        const side = sibling < i ? 'left' : 'right';
        if (sibling >= count) {
          steps.push({ hash: '0'.repeat(64), sum: '0', side });
        } else {
          const h = Buffer.alloc(32);
          const s = Buffer.alloc(8);
          await file.read(h, 0, 32, hashes + 32 * sibling);
          await file.read(s, 0, 8, sums + 8 * sibling);
          steps.push({ hash: h.toString('hex'), sum: s.readBigUInt64BE().toString(), side });
        }
        i >>= 1;
      }
      paths.push(steps);
    }
    return paths;
  } finally {
    await file.close();
  }
}
