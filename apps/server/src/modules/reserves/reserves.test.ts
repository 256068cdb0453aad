// Proof of reserves end to end on a real devchain and a real PostgreSQL: investors deposit
// real test USDT, a snapshot cuts the ledger, publishes the tree, reads the custody addresses
// on chain with a signed message from the hot wallet, anchors the root in a transaction; each
// investor's proof climbs to the root; the verifier script rejects a tampered file; and a
// snapshot taken during 200 parallel transfers equals the ledger at its instant.
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sendTestUsdt } from '@olive/devchain';
import { formatAmount, parseAmount } from '@olive/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from '../../../test/accounts.ts';
import { createTestApp } from '../../../test/harness.ts';
import { startChainTest, type ChainTest } from '../../../test/chain.ts';
import { insertUser } from '../../../test/users.ts';
import { platformAccount, userAccount } from '../ledger/ledger.service.ts';
import { devchainEnvironment } from '../wallet/devchain.ts';
import type { Network } from '../wallet/networks.ts';
import { checkSignature, readAnchor, reservesChain } from './chain.ts';
import { ratioOf } from './reserves.service.ts';
import { rootFromPath, leafHash, userHash } from './merkle.ts';

const run = promisify(execFile);
const VERIFIER = new URL('../../../../../scripts/verify-reserves.mjs', import.meta.url).pathname;

let c: ChainTest;
beforeAll(async () => {
  c = await startChainTest(1);
}, 120_000);
afterAll(() => c?.close());

async function investorWithDeposit(network: Network, amount: string) {
  const user = await register(c.t);
  const address = (
    await c.t.call<{ address: string }>('/api/user/invest', { network }, user.headers)
  ).data!.address;
  await sendTestUsdt({ deployment: c.chain, network, to: address, amount, wait: true });
  const watcher = c.watcher(network);
  for (let i = 0; i < 4; i++) {
    await c.chain.mine(1);
    await watcher.tick();
  }
  return user;
}

async function verifier(file: string, ...extra: string[]) {
  try {
    const { stdout } = await run(process.execPath, [VERIFIER, '--file', file, ...extra]);
    return { code: 0, out: JSON.parse(stdout) as { ok: boolean; problems: string[] } };
  } catch (error) {
    const e = error as { code: number; stdout: string };
    return { code: e.code, out: JSON.parse(e.stdout) as { ok: boolean; problems: string[] } };
  }
}

type Proof = {
  leaves: { amount: string; nonce: string; index: number; part: number }[];
  paths: { hash: string; sum: string; side: 'left' | 'right' }[][];
  root: string;
  total: string;
};

describe('proof of reserves', () => {
  let file = '';
  let reservesSeen = 0n;
  let snapshotId = '';
  let alice: Awaited<ReturnType<typeof register>>;

  it('snapshots liabilities, reads reserves on chain, signs, anchors and publishes', async () => {
    // The hot wallet's own float (the devchain funds it for withdrawals) counts as reserves.
    const env = devchainEnvironment(c.chain);
    const chain = reservesChain(env);
    const float: Record<string, bigint> = {};
    for (const n of chain.networks) {
      float[n] = (await chain.balances(n, await chain.head(n), [chain.hotWallet(n)!]))[0]!;
    }
    const floatTotal = Object.values(float).reduce((a, b) => a + b, 0n);
    expect(floatTotal).toBeGreaterThan(0n);
    alice = await investorWithDeposit('erc20', '50');
    await investorWithDeposit('trc20', '30');
    const s = c.t.app.services.reserves.reserves;
    const result = await s.takeSnapshot();
    ({ file } = result);
    snapshotId = result.snapshot_id;
    expect(result).toMatchObject({
      liabilities: '80',
      reserves: formatAmount(floatTotal + parseAmount('80')),
      ratio: ratioOf(floatTotal + parseAmount('80'), parseAmount('80')),
      alarm: false,
    });
    expect(result.root).toMatch(/^[0-9a-f]{64}$/);
    expect(result.networks.erc20).toMatchObject({
      reserves: formatAmount(float.erc20! + parseAmount('50')),
      custody: '50',
    });
    expect(result.networks.trc20).toMatchObject({
      reserves: formatAmount(float.trc20! + parseAmount('30')),
      custody: '30',
    });
    expect(result.networks.bep20).toMatchObject({
      reserves: formatAmount(float.bep20!),
      custody: '0',
      ratio: null,
    });
    reservesSeen = parseAmount(result.reserves!);

    // The anchoring transaction carries the root, on the chain itself.
    expect(result.anchor_tx).toMatch(/^0x[0-9a-f]{64}$/);
    const anchored = await readAnchor(devchainEnvironment(c.chain), 'erc20', result.anchor_tx!);
    expect(anchored?.text).toBe(`olive-por:${snapshotId}:${result.root}:${parseAmount('80')}`);

    const page = await c.t.app.inject({
      url: `/api/main/reservesanchor?snapshot_id=${snapshotId}`,
    });
    expect(page.json()).toMatchObject({
      found_on_chain: true,
      carries_root: true,
      tx_hash: result.anchor_tx,
    });

    // The public call, with the fields of API.md, and each hot wallet's signed message.
    const reply = await c.t.call<{ list: Record<string, unknown>[] }>('/api/main/reserves', {
      lang: 'en',
    });
    expect(reply.code).toBe(1);
    const latest = reply.data!.list[0]!;
    expect(latest).toMatchObject({
      snapshot_id: snapshotId,
      liabilities: '80',
      reserves: result.reserves,
      ratio: result.ratio,
      root: result.root,
      anchor_tx: result.anchor_tx,
    });
    expect(typeof latest.taken_at).toBe('string');
    const networks = latest.networks as {
      network: string;
      hot_wallet: { address: string; message: string; signature: string } | null;
    }[];
    expect(networks.map((n) => n.network).sort()).toEqual(['bep20', 'erc20', 'trc20']);
    for (const n of networks) {
      expect(n.hot_wallet).not.toBeNull();
      expect(n.hot_wallet!.message).toContain(result.root);
      expect(
        await checkSignature(n.hot_wallet!.address, n.hot_wallet!.message, n.hot_wallet!.signature),
      ).toBe(true);
      expect(
        await checkSignature(
          n.hot_wallet!.address,
          n.hot_wallet!.message.replace('root', 'r00t'),
          n.hot_wallet!.signature,
        ),
      ).toBe(false);
    }

    // The published file is sound for the independent verifier and carries no nonce.
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain('nonce');
    expect((await verifier(file)).code).toBe(0);
  }, 120_000);

  it('gives each investor their leaves, nonce and paths, which climb to the root', async () => {
    const reply = await c.t.call<Proof & { user_id: string }>(
      '/api/user/reservesproof',
      { snapshot_id: snapshotId },
      alice.headers,
    );
    expect(reply.code).toBe(1);
    const proof = reply.data!;
    expect(proof.leaves.length).toBeGreaterThanOrEqual(2);
    const sum = proof.leaves.reduce((a, l) => a + parseAmount(l.amount), 0n);
    expect(sum).toBe(parseAmount('50'));
    proof.leaves.forEach((leaf, i) => {
      const hash = leafHash(
        userHash(proof.user_id),
        Buffer.from(leaf.nonce, 'hex'),
        leaf.part,
        parseAmount(leaf.amount),
      );
      const top = rootFromPath(
        { hash: hash.toString('hex'), sum: parseAmount(leaf.amount) },
        proof.paths[i]!.map((s) => ({ ...s, sum: parseAmount(s.sum).toString() })),
      );
      expect(top).toEqual({ hash: proof.root, sum: parseAmount(proof.total) });
    });
    // The verifier finds the investor's own leaf from their data alone.
    const leaf = proof.leaves[0]!;
    const arg = `${proof.user_id},${leaf.nonce},${leaf.part},${leaf.amount}`;
    expect((await verifier(file, '--leaf', arg)).code).toBe(0);
    expect((await verifier(file, '--leaf', arg.replace(/,[^,]+$/, ',999'))).code).toBe(1);

    // Someone with no account at that instant is told so; a bad id names the field.
    const late = await register(c.t);
    const none = await c.t.call(
      '/api/user/reservesproof',
      { snapshot_id: snapshotId },
      late.headers,
    );
    expect(none).toMatchObject({ code: 0 });
    const bad = await c.t.call('/api/user/reservesproof', { snapshot_id: 'x1' }, alice.headers);
    expect(bad.code).toBe(0);
    expect(JSON.stringify(bad.data)).toContain('snapshot_id');
    const anonymous = await c.t.call('/api/user/reservesproof', { snapshot_id: snapshotId });
    expect(anonymous.code).toBe(10000);
  });

  it('the verifier script rejects a tampered file', async () => {
    const text = await readFile(file, 'utf8');
    const lines = text.split('\n');
    const at = lines.findIndex((l, i) => i > 0 && /^\["[0-9a-f]{64}","[1-9]\d*"\]/.test(l));
    const tamper = async (name: string, change: (line: string) => string) => {
      const copy = [...lines];
      copy[at] = change(copy[at]!);
      const path = join(file, '..', `${name}.json`);
      await writeFile(path, copy.join('\n'));
      return verifier(path);
    };
    const amount = await tamper('amount', (l) =>
      l.replace(/"(\d+)"\]/, (_, n: string) => `"${BigInt(n) + 1n}"]`),
    );
    expect(amount.code).toBe(1);
    expect(amount.out.problems.join(' ')).toContain('root');
    expect(
      (
        await tamper('hash', (l) =>
          l.replace(/^\["(.)/, (_, ch: string) => `["${ch === 'a' ? 'b' : 'a'}`),
        )
      ).code,
    ).toBe(1);
    const negative = await tamper('negative', (l) => l.replace(/"(\d+)"\]/, '"-$1"]'));
    expect(negative.code).toBe(1);
    expect(negative.out.problems.join(' ')).toContain('non-negative');
    // The header's root changed alone (say, to match an edited tree) is caught too.
    const header = [...lines];
    header[0] = header[0]!.replace(/"hash":"[0-9a-f]{64}"/, `"hash":"${'0'.repeat(64)}"`);
    await writeFile(join(file, '..', 'root.json'), header.join('\n'));
    expect((await verifier(join(file, '..', 'root.json'))).code).toBe(1);
  });

  it('raises the alarm when reserves fall below liabilities', async () => {
    const user = await insertUser(c.t.db);
    await c.t.app.services.ledger.post({
      kind: 'adjustment_credit',
      idempotencyKey: `por-alarm:${user.id}`,
      reason: 'test credit without any USDT on chain',
      operatorId: 'test',
      postings: [
        { account: platformAccount('adjustment'), amount: -(reservesSeen * 2n) },
        { account: userAccount(user.id, 'available'), amount: reservesSeen * 2n },
      ],
    });
    const result = await c.t.app.services.reserves.reserves.takeSnapshot();
    const owed = reservesSeen * 2n + parseAmount('80');
    expect(result).toMatchObject({
      liabilities: formatAmount(owed),
      reserves: formatAmount(reservesSeen),
      ratio: ratioOf(reservesSeen, owed),
      alarm: true,
    });
    expect(Number(result.ratio)).toBeLessThan(100);
  }, 60_000);

  it('a snapshot taken during 200 parallel transfers equals the ledger total at its instant', async () => {
    const users = await Promise.all(Array.from({ length: 20 }, () => insertUser(c.t.db)));
    const ledgerTotal = async (snapshot?: string) => {
      const r = await sql<{ total: string | null }>`
        select sum(p.amount)::text as total from postings p
        join journal_entries e on e.id = p.entry_id
        join accounts a on a.id = p.account_id
        where a.user_id is not null
          and (${snapshot ?? null}::text is null or pg_visible_in_snapshot(e.tx_id, ${snapshot ?? null}::pg_snapshot))
      `.execute(c.t.db);
      return BigInt(r.rows[0]!.total ?? 0);
    };
    const before = await ledgerTotal();
    let done = 0;
    let releaseSnapshot!: () => void;
    const midway = new Promise<void>((r) => (releaseSnapshot = r));
    const transfers = Array.from({ length: 200 }, async (_, i) => {
      const user = users[i % users.length]!;
      // Deposits change what the platform owes; moves between users' accounts do not.
      await c.t.app.services.ledger.post(
        i % 2
          ? {
              kind: 'deposit',
              idempotencyKey: `por-par:${i}`,
              postings: [
                { account: platformAccount('custody', 'bep20'), amount: -parseAmount('1.5') },
                { account: userAccount(user.id, 'available'), amount: parseAmount('1.5') },
              ],
            }
          : {
              kind: 'deposit',
              idempotencyKey: `por-par:${i}`,
              postings: [
                { account: platformAccount('custody', 'erc20'), amount: -parseAmount('0.25') },
                { account: userAccount(user.id, 'available'), amount: parseAmount('0.25') },
              ],
            },
      );
      if (++done === 20) releaseSnapshot();
    });
    await midway;
    const snapshot = c.t.app.services.reserves.reserves.takeSnapshot();
    await Promise.all(transfers);
    const result = await snapshot;
    const after = await ledgerTotal();
    const cut = parseAmount(result.liabilities);
    expect(cut).toBe(await ledgerTotal(result.pg_snapshot));
    expect(cut).toBeGreaterThan(before);
    expect(cut).toBeLessThanOrEqual(after);
    expect(after - before).toBe(100n * parseAmount('1.5') + 100n * parseAmount('0.25'));
    expect((await verifier(result.file)).code).toBe(0);
  }, 120_000);
});

describe('where the investor app reads anchors from', () => {
  it('on the devchain: its RPC and the anchoring address (demo only), allowed by the page policy', async () => {
    const snapshot = await c.t.app.services.reserves.reserves.takeSnapshot();
    const reply = await c.t.app.inject({ method: 'GET', url: '/dev/reserves-chain.json' });
    expect(reply.statusCode).toBe(200);
    const demo = reply.json<{ rpc: Record<string, string>; anchor_address: string }>();
    expect(demo.rpc.erc20).toBe(c.chain.rpcUrl);
    // The address every anchor comes from, as the chain has it.
    const anchored = await readAnchor(devchainEnvironment(c.chain), 'erc20', snapshot.anchor_tx!);
    expect(anchored?.from).toBe(demo.anchor_address);
    expect(anchored?.text).toBe(
      `olive-por:${snapshot.snapshot_id}:${snapshot.root}:${parseAmount(snapshot.liabilities)}`,
    );
    // A page may fetch from that node (connect-src); an API reply allows nothing.
    const page = await c.t.app.inject({ method: 'GET', url: '/' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`connect-src 'self' ${new URL(c.chain.rpcUrl).origin}`);
  });

  it('with configured nodes: their origins in connect-src, and no demo answer', async () => {
    const t = await createTestApp({
      env: {
        VITE_RESERVES_RPC_ERC20: 'https://eth.example.org/v1/key',
        VITE_RESERVES_RPC_BEP20: 'https://bsc.example.net',
      },
    });
    try {
      const page = await t.app.inject({ method: 'GET', url: '/' });
      expect(String(page.headers['content-security-policy'])).toContain(
        "connect-src 'self' https://eth.example.org https://bsc.example.net",
      );
      const demo = await t.app.inject({ method: 'GET', url: '/dev/reserves-chain.json' });
      expect(demo.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
