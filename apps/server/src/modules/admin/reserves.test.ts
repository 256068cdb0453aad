// The console's reserves page through the admin API, on a real devchain: the snapshots list
// (open to every role: the figures are public), "take a snapshot now" for admin and finance
// only (support and editors refused, each refusal and each snapshot audited), the alarms an
// operator must act on, and what each snapshot left out for demo investors.
import { sendTestUsdt } from '@olive/devchain';
import { parseAmount } from '@olive/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { register } from '../../../test/accounts.ts';
import { adminCall, enrolledOperator } from '../../../test/admin.ts';
import { startChainTest, type ChainTest } from '../../../test/chain.ts';
import { platformAccount, userAccount } from '../ledger/ledger.service.ts';
import { demoAccounts } from '../users/demo-accounts.ts';
import type { Role } from './permissions.ts';

vi.setConfig({ testTimeout: 120_000 });

let c: ChainTest;
const tokens = {} as Record<Role, string>;

const admin = <T = Record<string, unknown>>(
  path: string,
  body: Record<string, unknown> = {},
  role: Role = 'admin',
) => adminCall<T>(c.t, path, body, tokens[role]);

/** An operator of `role`, signed in with TOTP enrolled; its token. */
const operator = (role: Role) => enrolledOperator(c.t, `${role}-reserves@olive.test`, role);

beforeAll(async () => {
  c = await startChainTest(1);
  // A real investor with 190.5 USDT deposited on chain, credited by the watcher.
  const investor = await register(c.t);
  const address = (
    await c.t.call<{ address: string }>('/api/user/invest', { network: 'bep20' }, investor.headers)
  ).data!.address;
  await sendTestUsdt({
    deployment: c.chain,
    network: 'bep20',
    to: address,
    amount: '190.5',
    wait: true,
  });
  const watcher = c.watcher('bep20');
  for (let i = 0; i < 3; i++) {
    await c.chain.mine(1);
    await watcher.tick();
  }
  // A demo investor with 1,000 USDT of play money, granted as the demo seed grants it.
  const demo = await demoAccounts(c.t.app.services.users).ensure(1);
  await c.t.app.services.ledger.post({
    kind: 'demo_grant',
    idempotencyKey: `demo:${demo}:grant`,
    reference: `demo:${demo}`,
    postings: [
      { account: platformAccount('demo_grant'), amount: -parseAmount('1000') },
      { account: userAccount(demo, 'available'), amount: parseAmount('1000') },
    ],
  });
  for (const role of ['admin', 'finance', 'support', 'editor'] as const) {
    tokens[role] = await operator(role);
  }
}, 180_000);
afterAll(() => c?.close());

describe("the console's reserves page", () => {
  interface Snapshot {
    id: string;
    taken_at: string;
    liabilities: string;
    reserves: string | null;
    ratio: string | null;
    root: string;
    leaf_count: number;
    anchor_tx: string | null;
    anchor_network: string | null;
    demo_excluded: { users: number; amount: string };
    networks: { network: string; custody: string; reserves: string; error: string | null }[];
    alarms: string[];
  }

  it('lists nothing before the first snapshot, to every role', async () => {
    for (const role of ['admin', 'finance', 'support', 'editor'] as const) {
      const list = await admin<{ list: Snapshot[]; total: number }>('reserves/list', {}, role);
      expect(list.code, `${role}: ${list.msg}`).toBe(1);
      expect(list.data).toMatchObject({ list: [], total: 0 });
    }
  });

  it('refuses support and editors a snapshot, and audits the refusal', async () => {
    for (const role of ['support', 'editor'] as const) {
      const refused = await admin('reserves/snapshot', {}, role);
      expect(refused).toMatchObject({ code: 0, data: { error: 'admin.forbidden' } });
    }
    const audit = await c.t.db
      .selectFrom('admin_audit')
      .select(['operator_email', 'outcome'])
      .where('action', '=', 'reserves.snapshot')
      .execute();
    expect(audit).toEqual([
      { operator_email: 'support-reserves@olive.test', outcome: 'refused' },
      { operator_email: 'editor-reserves@olive.test', outcome: 'refused' },
    ]);
    expect((await admin<{ total: number }>('reserves/list')).data!.total).toBe(0);
  });

  it('lets finance take one: audited, then listed with reserves, anchor and no alarm', async () => {
    const taken = await admin<{ snapshot_id: string; liabilities: string; root: string }>(
      'reserves/snapshot',
      {},
      'finance',
    );
    expect(taken.code, taken.msg).toBe(1);
    expect(taken.data).toMatchObject({ liabilities: '190.5' });
    const id = taken.data!.snapshot_id;

    const audit = await c.t.db
      .selectFrom('admin_audit')
      .selectAll()
      .where('action', '=', 'reserves.snapshot')
      .where('outcome', '=', 'done')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      operator_email: 'finance-reserves@olive.test',
      target: `reserve-snapshot:${id}`,
    });
    expect(audit[0]!.after).toMatchObject({ snapshot_id: id, root: taken.data!.root });

    const list = await admin<{ list: Snapshot[]; total: number }>('reserves/list', {}, 'support');
    expect(list.data!.total).toBe(1);
    const [row] = list.data!.list;
    expect(row).toMatchObject({
      id,
      liabilities: '190.5',
      root: taken.data!.root,
      anchor_network: 'erc20',
      alarms: [],
      demo_excluded: { users: 1, amount: '1000' },
    });
    expect(row!.anchor_tx).toMatch(/^0x[0-9a-f]{64}$/);
    expect(row!.leaf_count).toBeGreaterThan(0);
    expect(Number(row!.ratio)).toBeGreaterThan(100);
    const bep20 = row!.networks.find((n) => n.network === 'bep20');
    expect(bep20).toMatchObject({ custody: '190.5', error: null });
    expect(parseAmount(bep20!.reserves)).toBeGreaterThanOrEqual(parseAmount('190.5'));
  });

  it('lets an admin take one too; the list is newest first and pages', async () => {
    const taken = await admin<{ snapshot_id: string }>('reserves/snapshot');
    expect(taken.code, taken.msg).toBe(1);
    const first = await admin<{ list: Snapshot[]; total: number }>('reserves/list', { limit: 1 });
    expect(first.data!.total).toBe(2);
    expect(first.data!.list.map((s) => s.id)).toEqual([taken.data!.snapshot_id]);
    const second = await admin<{ list: Snapshot[] }>('reserves/list', { limit: 1, page: 2 });
    expect(second.data!.list).toHaveLength(1);
    expect(second.data!.list[0]!.id).not.toBe(taken.data!.snapshot_id);
  });

  it('names the alarms of a snapshot whose reserves fall short or could not be read', async () => {
    // A snapshot as the service records one when the chain is short and one network unreadable.
    const [latest] = (await admin<{ list: Snapshot[] }>('reserves/list')).data!.list;
    await sql`
      update reserve_snapshots set reserves = 1,
        networks = jsonb_set(networks::jsonb, '{trc20,error}', '"connection refused"'::jsonb)
       where id = ${latest!.id}`.execute(c.t.db);
    const [row] = (await admin<{ list: Snapshot[] }>('reserves/list')).data!.list;
    expect(row!.alarms).toEqual(
      expect.arrayContaining(['reserves_below_liabilities', 'chain_unreadable']),
    );
    expect(row!.networks.find((n) => n.network === 'trc20')!.error).toBe('connection refused');
  });
});
