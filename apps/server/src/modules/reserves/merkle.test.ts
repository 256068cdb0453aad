// The liabilities tree on its own: a fixed vector (so the server, the verifier script and the
// browser checker agree on bytes forever), every proof verifying, and tampering failing.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  buildLeaves,
  buildTree,
  pathFor,
  rootFromPath,
  splitAmount,
  verifyLeaf,
  type PathStep,
} from './merkle.ts';

const fixedNonce = (userId: string) => createHash('sha256').update(`nonce:${userId}`).digest();
const KNOWN = [
  { userId: '1', amount: 2_500_000_000n }, // 25 USDT
  { userId: '2', amount: 0n },
  { userId: '3', amount: 123_456_789_012n },
  { userId: '7', amount: 1n },
  { userId: '42', amount: 99_999_999n },
];
// Fixed split: two parts, the first a third; no shuffle (positions in input order).
const fixedSplit = (a: bigint) => [a / 3n, a - a / 3n];

function fixedTree() {
  const { leaves, owners } = buildLeaves(KNOWN, {
    nonceFor: fixedNonce,
    split: fixedSplit,
    shuffle: false,
  });
  return { tree: buildTree(leaves), owners };
}

describe('Merkle-sum tree of liabilities', () => {
  it('a tree over known balances has the expected root (fixed vector)', () => {
    const { tree } = fixedTree();
    expect(tree.levels[0]!.sums.length).toBe(10);
    expect(tree.root.sum).toBe(2_500_000_000n + 123_456_789_012n + 1n + 99_999_999n);
    expect(tree.root.hash).toBe(FIXED_ROOT);
  });

  it("every user's proof verifies against the root", () => {
    const users = Array.from({ length: 300 }, (_, i) => ({
      userId: String(i + 1),
      amount: BigInt(i * 1_000_003),
    }));
    const { leaves, owners } = buildLeaves(users);
    const tree = buildTree(leaves);
    let checked = 0;
    for (const owner of owners) {
      expect(owner.indexes.length).toBeGreaterThanOrEqual(2);
      expect(owner.amounts.reduce((a, b) => a + b, 0n)).toBe(
        users.find((u) => u.userId === owner.userId)!.amount,
      );
      owner.indexes.forEach((index, part) => {
        const ok = verifyLeaf(
          {
            userId: owner.userId,
            nonce: owner.nonce,
            part,
            amount: owner.amounts[part]!,
            path: pathFor(tree.levels, index),
          },
          tree.root,
        );
        expect(ok).toBe(true);
        checked++;
      });
    }
    expect(checked).toBe(leaves.sums.length);
  });

  it('a changed amount, a changed sibling, a changed side or a negative leaf fails', () => {
    const { tree, owners } = fixedTree();
    const owner = owners[2]!;
    const path = pathFor(tree.levels, owner.indexes[0]!);
    const base = {
      userId: owner.userId,
      nonce: owner.nonce,
      part: 0,
      amount: owner.amounts[0]!,
      path,
    };
    expect(verifyLeaf(base, tree.root)).toBe(true);
    expect(verifyLeaf({ ...base, amount: base.amount + 1n }, tree.root)).toBe(false);
    expect(verifyLeaf({ ...base, amount: -base.amount }, tree.root)).toBe(false);
    expect(verifyLeaf({ ...base, userId: '4' }, tree.root)).toBe(false);
    const bump = (steps: PathStep[], at: number, change: Partial<PathStep>) =>
      steps.map((s, i) => (i === at ? { ...s, ...change } : s));
    expect(
      verifyLeaf(
        { ...base, path: bump(path, 1, { sum: String(BigInt(path[1]!.sum) + 1n) }) },
        tree.root,
      ),
    ).toBe(false);
    expect(verifyLeaf({ ...base, path: bump(path, 0, { hash: 'ff'.repeat(32) }) }, tree.root)).toBe(
      false,
    );
    expect(
      verifyLeaf(
        { ...base, path: bump(path, 2, { side: path[2]!.side === 'left' ? 'right' : 'left' }) },
        tree.root,
      ),
    ).toBe(false);
    // A negative sibling that keeps the total cannot be smuggled in either.
    expect(() =>
      rootFromPath({ hash: '00'.repeat(32), sum: 5n }, bump(path, 0, { sum: '-5' })),
    ).toThrow();
  });

  it('splits never produce a negative part and always add up', () => {
    for (const amount of [0n, 1n, 7n, 10n ** 15n]) {
      for (let i = 0; i < 50; i++) {
        const parts = splitAmount(amount, 4);
        expect(parts.length).toBeGreaterThanOrEqual(2);
        expect(parts.length).toBeLessThanOrEqual(4);
        expect(parts.every((p) => p >= 0n)).toBe(true);
        expect(parts.reduce((a, b) => a + b, 0n)).toBe(amount);
      }
    }
  });
});

// Computed independently from the byte layout in docs/proof-of-reserves.md (Python hashlib).
const FIXED_ROOT = '70d73e9bbde13054f97e2e3c2b141acc71d35b50e117523899d0dd0c5c9ee804';
