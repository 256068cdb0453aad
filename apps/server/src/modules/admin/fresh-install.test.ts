// The operator's first look at a fresh installation (issue 30): the demo investors seeded
// by the real demo seed, one real investor who deposited real test USDT on the devchain.
// The dashboard owes investors only what real investors hold (demo play money is shown
// apart), reads custody on chain from the devchain itself, counts no demo investor as new,
// and every console list marks demo investors.
import { sendTestUsdt } from '@olive/devchain';
import { formatAmount, parseAmount } from '@olive/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { register } from '../../../test/accounts.ts';
import { adminCall, enrolledOperator } from '../../../test/admin.ts';
import { startChainTest, type ChainTest } from '../../../test/chain.ts';
import { devchainEnvironment } from '../wallet/devchain.ts';
import { reservesChain } from '../reserves/chain.ts';
import type { Role } from './permissions.ts';

vi.setConfig({ testTimeout: 120_000 });

let c: ChainTest;
const tokens = {} as Record<Role, string>;
let investor: Awaited<ReturnType<typeof register>>;

const admin = <T = Record<string, unknown>>(
  path: string,
  body: Record<string, unknown> = {},
  role: Role = 'admin',
) => adminCall<T>(c.t, path, body, tokens[role]);

/** An operator of `role`, signed in with TOTP enrolled; its token. */
const operator = (role: Role) => enrolledOperator(c.t, `${role}-first-look@olive.test`, role);

beforeAll(async () => {
  c = await startChainTest(1, { env: { DEMO_INVESTORS: 'true' } });
  // The real seed, as the worker runs it on a fresh `npm start`.
  const seeded = await c.t.app.services.demo.seed();
  expect(seeded.status).toBe('seeded');
  // A real investor deposits 190.5 USDT on chain; the watcher credits it.
  investor = await register(c.t);
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
  for (const role of ['admin', 'support'] as const) {
    tokens[role] = await operator(role);
  }
}, 300_000);
afterAll(() => c?.close());

const demoIds = async () =>
  (await c.t.db.selectFrom('users').select('id').where('demo', '=', true).execute()).map(
    (r) => r.id,
  );

describe('the dashboard of a fresh installation', () => {
  interface Board {
    users_total: number;
    users_today: number;
    robots_running: number;
    rentals_active: number;
    demo: { users: number; balances: string; robots_running: number; rentals_active: number };
    solvency: {
      liabilities: string;
      custody_ledger: string;
      custody_chain: string | null;
      custody_chain_at: string | null;
      custody_chain_source: string | null;
      custody_chain_error: string | null;
      ratio: string | null;
    };
  }

  it("owes investors only real investors' money; demo play money is shown apart", async () => {
    const { rows } = await sql<{ amount: string }>`
      select sum(a.balance)::text as amount from accounts a join users u on u.id = a.user_id
       where u.demo`.execute(c.t.db);
    const demoMoney = BigInt(rows[0]!.amount);
    expect(demoMoney).toBeGreaterThan(parseAmount('10000'));

    const board = await admin<Board>('dashboard/show', {}, 'support');
    expect(board.code, board.msg).toBe(1);
    expect(board.data!.solvency).toMatchObject({
      liabilities: '190.5',
      custody_ledger: '190.5',
      // Custody covers what real investors are owed: no red ratio from play money.
      ratio: '1',
    });
    expect(board.data!.demo).toMatchObject({ users: 5, balances: formatAmount(demoMoney) });
  });

  it('counts no demo investor among the investors or the new ones today', async () => {
    const board = await admin<Board>('dashboard/show');
    expect(board.data).toMatchObject({ users_total: 1, users_today: 1 });
  });

  it("counts demo robots and rentals apart from the investors' own", async () => {
    const running = async (table: 'robots' | 'mining_rentals', status: string, demo: boolean) => {
      const { rows } = await sql<{ n: string }>`
        select count(*)::text as n from ${sql.table(table)} r join users u on u.id = r.user_id
         where r.status = ${status} and u.demo = ${demo}`.execute(c.t.db);
      return Number(rows[0]!.n);
    };
    const demoRobots = await running('robots', 'running', true);
    expect(demoRobots).toBeGreaterThan(0);
    const board = await admin<Board>('dashboard/show');
    expect(board.data).toMatchObject({
      robots_running: await running('robots', 'running', false),
      rentals_active: await running('mining_rentals', 'active', false),
      demo: {
        robots_running: demoRobots,
        rentals_active: await running('mining_rentals', 'active', true),
      },
    });
  });

  it('reads custody on chain from the devchain, with no snapshot taken yet', async () => {
    const chain = reservesChain(devchainEnvironment(c.chain));
    let held = 0n;
    for (const n of chain.networks) {
      const head = await chain.head(n);
      held += (await chain.balances(n, head, [chain.hotWallet(n)!]))[0]!;
    }
    const board = await admin<Board>('dashboard/show');
    expect(board.data!.solvency).toMatchObject({
      // The hot wallets' float on every network and the investor's deposit address.
      custody_chain: formatAmount(held + parseAmount('190.5')),
      custody_chain_source: 'chain',
      custody_chain_error: null,
    });
    expect(Date.parse(board.data!.solvency.custody_chain_at!)).toBeGreaterThan(
      Date.now() - 120_000,
    );
  });
});

describe('console lists mark demo investors', () => {
  type Rows = { list: Record<string, unknown>[]; total: number };

  it('users: the demo investors are marked, the real investor is not', async () => {
    const page = await admin<Rows>('users/list', { limit: 100 });
    const demo = await demoIds();
    expect(page.data!.list).toHaveLength(6);
    for (const row of page.data!.list) {
      expect(row.demo, String(row.account)).toBe(demo.includes(String(row.id)));
    }
    const shown = await admin<{ demo: boolean }>('users/show', { id: demo[0] });
    expect(shown.data!.demo).toBe(true);
  });

  it("robots, rentals, deposits and a demo investor's ledger entries", async () => {
    const demo = await demoIds();
    const robots = await admin<Rows>('robots/list', { limit: 100 });
    expect(robots.data!.list.length).toBeGreaterThanOrEqual(7);
    for (const row of robots.data!.list) {
      expect(row.demo).toBe(demo.includes(String(row.user_id)));
    }
    expect(robots.data!.list.filter((r) => r.demo)).toHaveLength(7);

    // A rental of a demo investor, beside those the seed rents (decision 143), written as
    // the mining module would.
    const model = await c.t.db.selectFrom('mining_models').select('id').executeTakeFirstOrThrow();
    await c.t.db
      .insertInto('mining_rentals')
      .values({
        user_id: demo[0]!,
        model_id: model.id,
        hash_rate_ghs: '100000',
        electricity_per_day: '0',
        price_per_day: '100000000',
        term_days: 1,
        days: 1,
        starts_on: '2026-01-01',
        ends_on: '2026-01-02',
        started_at: new Date('2026-01-01T00:00:00Z'),
        expires_at: new Date('2026-01-02T00:00:00Z'),
        status: 'expired',
      })
      .execute();
    const rentals = await admin<Rows>('rentals/list', { limit: 100 });
    expect(rentals.data!.list).toContainEqual(
      expect.objectContaining({
        user_id: demo[0],
        started_at: '2026-01-01T00:00:00.000Z',
        demo: true,
      }),
    );
    for (const row of rentals.data!.list) {
      expect(row.demo).toBe(demo.includes(String(row.user_id)));
    }

    const deposits = await admin<Rows>('deposits/list');
    expect(deposits.data!.list).toEqual([
      expect.objectContaining({ user_id: investor.userId, demo: false }),
    ]);

    const entries = await admin<Rows>('ledger-entries/list', { filters: { user_id: demo[0] } });
    expect(entries.data!.list.length).toBeGreaterThan(0);
    expect(entries.data!.list.every((e) => e.demo === true)).toBe(true);
    const mine = await admin<Rows>('ledger-entries/list', {
      filters: { user_id: investor.userId },
    });
    expect(mine.data!.list.every((e) => e.demo === false)).toBe(true);
  });
});
