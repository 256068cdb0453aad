// The in-app inclusion check against a small tree built here with Node's own SHA-256 (the
// layout of docs/proof-of-reserves.md) and a stubbed JSON-RPC node: only a proof whose
// computed root is both the published root and the root anchored by the anchoring address
// passes; a forged proof that agrees with itself fails, and each failure names its check.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkInclusion, type ChainConfig, type PublishedSnapshot } from './check.ts';

const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const u64 = (n: bigint) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(n);
  return b;
};
const usdt = (units: bigint) => {
  const frac = (units % 100000000n).toString().padStart(8, '0').replace(/0+$/, '');
  return `${units / 100000000n}${frac ? `.${frac}` : ''}`;
};
const nonceOf = (user: string) => sha(Buffer.from(`nonce ${user}`)).toString('hex');
const leaf = (user: string, part: number, amount: bigint) =>
  sha(
    Buffer.from([0]),
    sha(Buffer.from(`olive-por-user:${user}`)),
    Buffer.from(nonceOf(user), 'hex'),
    u32(part),
    u64(amount),
  );
const node = (l: Buffer, ls: bigint, r: Buffer, rs: bigint) =>
  sha(Buffer.from([1]), l, u64(ls), r, u64(rs));

// Four leaves: investor 7 has two parts (positions 0 and 2), investors 9 and 12 one each.
const parts = [
  { user: '7', part: 0, amount: 1_000_000_000n },
  { user: '9', part: 0, amount: 250_000_000n },
  { user: '7', part: 1, amount: 234_500_000n },
  { user: '12', part: 0, amount: 5_000_000_000n },
];
const L = parts.map((p) => leaf(p.user, p.part, p.amount));
const S = parts.map((p) => p.amount);
const n01 = node(L[0]!, S[0]!, L[1]!, S[1]!);
const n23 = node(L[2]!, S[2]!, L[3]!, S[3]!);
const s01 = S[0]! + S[1]!;
const s23 = S[2]! + S[3]!;
const ROOT = node(n01, s01, n23, s23).toString('hex');
const TOTAL = s01 + s23;

const ANCHOR = '0x' + 'ab'.repeat(20);
const TX = '0x' + '12'.repeat(32);
const genuine = {
  leaves: [
    { amount: usdt(S[0]!), nonce: nonceOf('7'), index: 0, part: 0 },
    { amount: usdt(S[2]!), nonce: nonceOf('7'), index: 2, part: 1 },
  ],
  paths: [
    [
      { hash: L[1]!.toString('hex'), sum: usdt(S[1]!), side: 'right' as const },
      { hash: n23.toString('hex'), sum: usdt(s23), side: 'right' as const },
    ],
    [
      { hash: L[3]!.toString('hex'), sum: usdt(S[3]!), side: 'right' as const },
      { hash: n01.toString('hex'), sum: usdt(s01), side: 'left' as const },
    ],
  ],
};
const published: PublishedSnapshot = {
  snapshot_id: '3',
  taken_at: '2026-11-26T00:05:00.000Z',
  root: ROOT,
  liabilities: usdt(TOTAL),
  anchor_tx: TX,
  anchor_network: 'erc20',
};
const chain: ChainConfig = { rpc: { erc20: 'https://rpc.example' }, anchorAddress: ANCHOR };
const hexText = (text: string) => '0x' + Buffer.from(text, 'utf8').toString('hex');

/** A JSON-RPC node holding one transaction (or none), mined in block 0x2a at a fixed time. */
function node_(tx: Record<string, unknown> | null) {
  const calls: string[] = [];
  const fetcher = (async (_url: string, init: RequestInit) => {
    const { method } = JSON.parse(String(init.body)) as { method: string };
    calls.push(method);
    const result =
      method === 'eth_getTransactionByHash'
        ? tx
        : method === 'eth_getBlockByNumber'
          ? { number: '0x2a', timestamp: '0x6745f2c0' }
          : null;
    return new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result }));
  }) as typeof fetch;
  return { fetcher, calls };
}
const minedTx = (over: Record<string, unknown> = {}) => ({
  hash: TX,
  from: ANCHOR,
  blockNumber: '0x2a',
  input: hexText(`olive-por:3:${ROOT}:${TOTAL}`),
  ...over,
});

const run = (
  over: Partial<Parameters<typeof checkInclusion>[0]> = {},
  fetcher = node_(minedTx()).fetcher,
) =>
  checkInclusion(
    { proof: genuine, userId: '7', snapshotId: '3', published, chain, ...over },
    fetcher,
  );

describe('the in-app inclusion check', () => {
  it('passes a genuine proof: published root, anchored root, block and time', async () => {
    const { fetcher, calls } = node_(minedTx());
    const result = await run({}, fetcher);
    expect(result).toMatchObject({
      ok: true,
      failure: null,
      block: '42',
      amount: (S[0]! + S[2]!).toString(),
      anchored_at: new Date(0x6745f2c0 * 1000).toISOString(),
    });
    expect(calls).toEqual(['eth_getTransactionByHash', 'eth_getBlockByNumber']);
    expect(result.steps.map((s) => s.kind)).toEqual([
      'leaf',
      'node',
      'node',
      'leaf',
      'node',
      'node',
      'root',
      'published',
      'anchor',
    ]);
  });

  it("fails a forged proof that agrees with itself (one leaf, no siblings, its own 'root')", async () => {
    const amount = '1234.5';
    const forgedLeaf = { amount, nonce: nonceOf('7'), index: 0, part: 0 };
    const forged = { leaves: [forgedLeaf], paths: [[]] };
    const result = await run({ proof: forged });
    expect(result.ok).toBe(false);
    expect(result.failure).toBe('published');
    expect(result.steps.find((s) => s.kind === 'anchor')).toMatchObject({
      ok: false,
      detail: 'anchor_root',
    });
  });

  it('fails when the root published for the snapshot is another one', async () => {
    const result = await run({ published: { ...published, root: 'ff'.repeat(32) } });
    expect(result).toMatchObject({ ok: false, failure: 'published' });
  });

  it('fails when the published liabilities are not the sum the proof reaches', async () => {
    const result = await run({ published: { ...published, liabilities: usdt(TOTAL + 1n) } });
    expect(result).toMatchObject({ ok: false, failure: 'published' });
  });

  it('fails when Olive published nothing for the snapshot', async () => {
    expect(await run({ published: null })).toMatchObject({ failure: 'published_missing' });
  });

  it("fails another investor's leaves: the leaf binds the signed-in investor's id", async () => {
    // Investor 9's genuine leaf and path, handed to investor 7: it climbs to the published
    // root only for the investor it belongs to.
    const ninth = {
      leaves: [{ amount: usdt(S[1]!), nonce: nonceOf('9'), index: 1, part: 0 }],
      paths: [
        [
          { hash: L[0]!.toString('hex'), sum: usdt(S[0]!), side: 'left' as const },
          { hash: n23.toString('hex'), sum: usdt(s23), side: 'right' as const },
        ],
      ],
    };
    expect(await run({ proof: ninth, userId: '9' })).toMatchObject({ ok: true });
    expect(await run({ proof: ninth })).toMatchObject({ ok: false, failure: 'published' });
  });

  it('fails leaves that do not reach one root', async () => {
    const split = { ...genuine, paths: [genuine.paths[0]!, genuine.paths[1]!.slice(0, 1)] };
    expect(await run({ proof: split })).toMatchObject({ ok: false, failure: 'proof' });
  });

  it.each([
    ['anchor_missing', { published: { ...published, anchor_tx: null } }, minedTx()],
    ['no_rpc', { chain: null }, minedTx()],
    ['no_rpc', { chain: { rpc: {}, anchorAddress: ANCHOR } }, minedTx()],
    ['anchor_not_found', {}, null],
    ['anchor_pending', {}, minedTx({ blockNumber: null })],
    ['anchor_sender', {}, minedTx({ from: '0x' + 'cd'.repeat(20) })],
    ['anchor_root', {}, minedTx({ input: hexText(`olive-por:3:${'ee'.repeat(32)}:${TOTAL}`) })],
    ['anchor_root', {}, minedTx({ input: hexText(`olive-por:2:${ROOT}:${TOTAL}`) })],
    ['anchor_root', {}, minedTx({ input: '0xff' })],
  ] as const)(
    'fails with %s when the chain does not carry the computed root',
    async (failure, over, tx) => {
      const result = await run(over as never, node_(tx).fetcher);
      expect(result).toMatchObject({ ok: false, failure });
    },
  );

  it('fails with rpc_unreachable when the chain node cannot be reached', async () => {
    const down = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await run({}, down)).toMatchObject({ ok: false, failure: 'rpc_unreachable' });
    const refusing = (async () => new Response('bad gateway', { status: 502 })) as typeof fetch;
    expect(await run({}, refusing)).toMatchObject({ ok: false, failure: 'rpc_unreachable' });
  });
});
