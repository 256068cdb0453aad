// Team and referral as a client and an operator see them: the tree from invite codes,
// commissions from collected fees only (levels 1-3, nothing further up, once per fee even
// under 200 parallel fees), team figures, search limited to my team, masked accounts,
// the upline fixed for ever, the operator commands and a clean audit.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatAmount, parseAmount } from '@olive/protocol';
import { sql } from 'kysely';
import { register } from '../../../test/accounts.ts';
import { runCli } from '../../../test/cli.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { auditRepository } from '../ledger/audit.repository.ts';
import { auditService } from '../ledger/audit.service.ts';
import { platformAccount, userAccount } from '../ledger/ledger.service.ts';
import { displayName, maskAccount } from '../users/display-name.ts';

let t: TestApp;
vi.setConfig({ testTimeout: 180_000 });

type Investor = Awaited<ReturnType<typeof register>> & { code: string };
type Team = {
  team_count: number;
  performance: string;
  team_earnings: string;
  levels: { level: number; count: number; performance: string; earnings: string }[];
};
type Members = {
  list: {
    user_id: string;
    account: string;
    nickname: string;
    level: number;
    total_topup: string;
    total_withdrawal: string;
  }[];
  total: number;
};

async function investor(inviteCode?: string, account?: string): Promise<Investor> {
  const options = {
    ...(inviteCode ? { invite_code: inviteCode } : {}),
    ...(account ? { account } : {}),
  };
  // On a loaded machine under-pressure may shed a request (503) right after start.
  let user: Awaited<ReturnType<typeof register>> | undefined;
  for (let attempt = 1; !user; attempt += 1) {
    try {
      user = await register(t, options);
    } catch (error) {
      if (attempt >= 4 || !/went wrong/.test(String(error))) throw error;
      await new Promise((r) => setTimeout(r, 1500));
    }
  }
  const share = await t.call<{ invite_code: string; invite_url: string }>(
    '/api/user/share',
    {},
    user.headers,
  );
  return { ...user, code: share.data!.invite_code };
}

const call = <T>(u: Investor, path: string, body: Record<string, string> = {}) =>
  t.call<T>(path, body, u.headers);
const balance = async (u: Investor) =>
  (await call<{ balance: string }>(u, '/api/user/userinfo')).data!.balance;
const ledger = () => t.app.services.ledger;
const sync = () => t.app.services.team.team.sync();
/** The ledger audit (what `ledger:audit` runs), in process. */
const audited = async () => (await auditService(auditRepository(t.db)).run()).ok;

let n = 0;
async function deposit(u: Investor, amount: string) {
  const k = (n += 1);
  await ledger().post({
    kind: 'deposit',
    idempotencyKey: `test-deposit:${u.userId}:${k}`,
    postings: [
      { account: platformAccount('custody', 'erc20'), amount: -parseAmount(amount) },
      { account: userAccount(u.userId, 'available'), amount: parseAmount(amount) },
    ],
  });
}
/** A completed withdrawal of `amount` of which `fee` is the platform's fee. */
async function withdrawal(u: Investor, amount: string, fee: string) {
  const k = (n += 1);
  const a = parseAmount(amount);
  const f = parseAmount(fee);
  await ledger().post({
    kind: 'withdrawal_freeze',
    idempotencyKey: `test-w:${k}:freeze`,
    postings: [
      { account: userAccount(u.userId, 'available'), amount: -a },
      { account: userAccount(u.userId, 'frozen'), amount: a },
    ],
  });
  await ledger().post({
    kind: 'withdrawal_sent',
    idempotencyKey: `test-w:${k}:sent`,
    postings: [
      { account: userAccount(u.userId, 'frozen'), amount: -a },
      { account: platformAccount('custody', 'erc20:hot'), amount: a - f },
      { account: platformAccount('fee_revenue'), amount: f },
    ],
  });
}
/** A robot's profit of `profit`, settled less a performance fee of `fee`. */
async function performanceFee(u: Investor, profit: string, fee: string, robot = '1') {
  const k = (n += 1);
  const p = parseAmount(profit);
  const f = parseAmount(fee);
  await ledger().post({
    kind: 'robot_profit',
    idempotencyKey: `test-r:${k}:profit`,
    postings: [
      { account: platformAccount('robot_pnl_clearing'), amount: -p },
      { account: userAccount(u.userId, 'robot_pnl', robot), amount: p },
    ],
  });
  await ledger().post({
    kind: 'performance_fee',
    idempotencyKey: `test-r:${k}:fee`,
    postings: [
      { account: userAccount(u.userId, 'robot_pnl', robot), amount: -f },
      { account: platformAccount('fee_revenue'), amount: f },
    ],
  });
}

// Z <- A <- B <- C <- D: D is level 3 of A, A is level 4 of nobody's commission.
let z: Investor, a: Investor, b: Investor, c: Investor, d: Investor;
beforeAll(async () => {
  t = await createTestApp();
  z = await investor();
  a = await investor(z.code);
  b = await investor(a.code);
  c = await investor(b.code);
  d = await investor(c.code.toLowerCase());
  const rates = await runCli(t.databaseUrl, ['team:rates', '--levels', '20,10,5']);
  expect(rates).toEqual({ exitCode: 0, json: { levels: [20, 10, 5] } });
});
afterAll(() => t.close());

describe('invite and tree', () => {
  it('answers the code and a link that opens registration with it', async () => {
    const share = await call<{ invite_code: string; invite_url: string }>(a, '/api/user/share');
    expect(share.data!.invite_code).toMatch(/^[A-Z0-9]{6,16}$/);
    expect(share.data!.invite_url).toMatch(
      new RegExp(`^http://[^/]+/register\\?code=${share.data!.invite_code}$`),
    );
    // The clean address lands on the spec's registration screen with the code filled in.
    const opened = await t.app.inject({
      method: 'GET',
      url: new URL(share.data!.invite_url).pathname + new URL(share.data!.invite_url).search,
    });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(
      `/#/pages/public/regiest?invite=${share.data!.invite_code}`,
    );
  });

  it('drops from the shared address whatever is not an invite code', async () => {
    for (const [query, location] of [
      ['?code=ab12cd', '/#/pages/public/regiest?invite=AB12CD'],
      ['', '/#/pages/public/regiest'],
      ['?code=%22%3E%3Cscript%3E', '/#/pages/public/regiest'],
      ['?code=https://evil.example', '/#/pages/public/regiest'],
      ['?code=ABCD1234&next=//evil.example', '/#/pages/public/regiest?invite=ABCD1234'],
      [`?code=${'A'.repeat(500)}`, '/#/pages/public/regiest'],
    ]) {
      const opened = await t.app.inject({ method: 'GET', url: `/register${query}` });
      expect(opened.statusCode, query).toBe(302);
      expect(opened.headers.location, query).toBe(location);
    }
  });

  it('refuses an unknown code naming the field', async () => {
    await expect(register(t, { invite_code: 'NOSUCH99' })).rejects.toThrow(/invitation code/i);
  });

  it('never changes an upline and refuses self-referral and loops in the database', async () => {
    await expect(
      sql`update users set inviter_id = ${d.userId} where id = ${a.userId}`.execute(t.db),
    ).rejects.toThrow(/never changes/);
    await expect(
      sql`update users set inviter_id = id where id = ${z.userId}`.execute(t.db),
    ).rejects.toThrow();
    const chain = await t.app.services.team.team.upline(d.userId);
    expect(chain.map((u) => [u.depth, u.user_id])).toEqual([
      [1, c.userId],
      [2, b.userId],
      [3, a.userId],
    ]);
  });

  it('counts members by level, three levels deep', async () => {
    const team = (await call<Team>(a, '/api/user/team')).data!;
    expect(team.team_count).toBe(3);
    expect(team.levels.map((l) => l.count)).toEqual([1, 1, 1]);
    expect((await call<Team>(z, '/api/user/team')).data!.levels.map((l) => l.count)).toEqual([
      1, 1, 1,
    ]);
  });
});

describe('commissions', () => {
  it('a withdrawal fee and a performance fee of a level-3 member credit levels 1-3 only', async () => {
    await deposit(d, '1000');
    await withdrawal(d, '100', '2');
    await performanceFee(d, '50', '10');
    const before = await Promise.all([z, a, b, c].map(balance));
    expect(before).toEqual(['0', '0', '0', '0']);
    await sync();
    // fees 2 + 10 = 12: C 20%, B 10%, A 5%, Z nothing.
    expect(await Promise.all([z, a, b, c].map(balance))).toEqual(['0', '0.6', '1.2', '2.4']);
    await sync();
    expect(await balance(c)).toBe('2.4');

    const log = await call<{ list: { kind: string; amount: string; memo: string }[] }>(
      c,
      '/api/user/usdtlog',
    );
    expect(log.data!.list.map((e) => [e.kind, e.amount, e.memo])).toEqual(
      expect.arrayContaining([
        ['commission', '2', `${maskAccount(d.account)} · L1 · performance_fee`],
        ['commission', '0.4', `${maskAccount(d.account)} · L1 · withdrawal_fee`],
      ]),
    );

    const team = (await call<Team>(a, '/api/user/team')).data!;
    expect(team.team_earnings).toBe('0.6');
    expect(team.levels[2]).toEqual({ level: 3, count: 1, performance: '1000', earnings: '0.6' });
    expect(team.performance).toBe('1000');
    const members = (await call<Members>(c, '/api/user/teamuser', { level: '1' })).data!;
    expect(members.list[0]).toMatchObject({
      user_id: d.userId,
      total_topup: '1000',
      total_withdrawal: '100',
      level: 1,
    });
  });

  it('deposits and principal never earn a commission; a released withdrawal credits nothing', async () => {
    const before = await balance(c);
    await deposit(d, '500');
    const k = (n += 1);
    const amount = parseAmount('50');
    await ledger().post({
      kind: 'withdrawal_freeze',
      idempotencyKey: `test-w:${k}:freeze`,
      postings: [
        { account: userAccount(d.userId, 'available'), amount: -amount },
        { account: userAccount(d.userId, 'frozen'), amount },
      ],
    });
    await ledger().post({
      kind: 'withdrawal_release',
      idempotencyKey: `test-w:${k}:release`,
      postings: [
        { account: userAccount(d.userId, 'frozen'), amount: -amount },
        { account: userAccount(d.userId, 'available'), amount },
      ],
    });
    await sync();
    expect(await balance(c)).toBe(before);
    const members = (await call<Members>(c, '/api/user/teamuser')).data!;
    expect(members.list.find((m) => m.user_id === d.userId)?.total_withdrawal).toBe('100');
  });

  it('200 parallel fees and parallel syncs credit the upline exactly once each', async () => {
    const before = parseAmount(await balance(c));
    const runs = Array.from({ length: 200 }, (_, i) => performanceFee(d, '1', '0.5', `p${i}`));
    const syncs = Array.from({ length: 6 }, () => sync());
    await Promise.all([...runs, ...syncs]);
    await sync();
    expect(parseAmount(await balance(c)) - before).toBe(parseAmount('20')); // 200 x 0.1
    const { rows } = await sql<{ n: string }>`
      select count(*)::text as n from team_commissions
       where upline_id = ${c.userId} and source = 'performance_fee'`.execute(t.db);
    expect(rows[0]!.n).toBe('201');
  });

  it('audit: fee revenue minus commissions is what the platform kept; the audit passes', async () => {
    const fees = await ledger().platformBalance('fee_revenue');
    const expense = await ledger().platformBalance('commission_expense');
    const { rows } = await sql<{ paid: string; fee: string }>`
      select coalesce(sum(amount), 0)::text as paid from team_commissions`.execute(t.db);
    expect(-BigInt(expense)).toBe(BigInt(rows[0]!.paid));
    // fees: 2 + 10 + 200 x 0.5 = 112; commissions 35% of that.
    expect(BigInt(fees)).toBe(parseAmount('112'));
    expect(BigInt(fees) + BigInt(expense)).toBe(parseAmount('72.8'));
    expect(await audited()).toBe(true);
  });

  it("a mining rental's margin pays the same levels, once", async () => {
    const before = await Promise.all([z, a, b, c].map(balance));
    await ledger().post({
      kind: 'mining_margin',
      idempotencyKey: `test-m:${(n += 1)}:margin`,
      reference: 'mining:rental:test',
      postings: [
        { account: userAccount(d.userId, 'available'), amount: -parseAmount('5') },
        { account: platformAccount('mining_margin'), amount: parseAmount('5') },
      ],
    });
    await sync();
    await sync();
    const after = await Promise.all([z, a, b, c].map(balance));
    // margin 5: C 20% = 1, B 10% = 0.5, A 5% = 0.25, Z nothing.
    const gained = after.map((v, i) => parseAmount(v) - parseAmount(before[i]!));
    expect(gained).toEqual([0n, parseAmount('0.25'), parseAmount('0.5'), parseAmount('1')]);
    expect(await audited()).toBe(true);
  });
});

describe('commissions on refundable fees', () => {
  const fundPassword = '246810';
  const keptBefore = { value: 0n };
  /** Fee revenue less refunds, plus mining margin, less commissions: what the platform kept. */
  const kept = async () =>
    (
      await Promise.all(
        (['fee_revenue', 'fee_refunds', 'mining_margin', 'commission_expense'] as const).map((k) =>
          ledger().platformBalance(k),
        ),
      )
    ).reduce((sum, v) => sum + BigInt(v), 0n);
  /** Everything a user holds in the ledger, pending commissions included. */
  const holdings = async (u: Investor) => {
    const { rows } = await sql<{ total: string }>`
      select coalesce(sum(balance), 0)::text as total from accounts
       where user_id = ${u.userId}`.execute(t.db);
    return BigInt(rows[0]!.total);
  };
  const pending = async (u: Investor) =>
    (await call<Team & { pending_earnings: string }>(u, '/api/user/team')).data!.pending_earnings;
  /** A withdrawal request by D through the service; held for review above 10 USDT. */
  async function request(amount: string) {
    const w = await t.app.services.withdrawals.request(d.userId, {
      network: 'bep20',
      amount,
      fund_password: fundPassword,
    });
    return { id: w.withdrawal_id, fee: parseAmount(w.fee), status: w.status };
  }
  /** Approved, broadcast (as the sender would) and confirmed on chain. */
  async function confirmOnChain(id: string) {
    const status = (
      await t.db
        .selectFrom('withdrawals')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;
    if (status === 'pending_review') await t.app.services.withdrawals.approve(id, 'op-1');
    await sql`update withdrawals set status = 'broadcast', tx_hash = ${`0x${id.padStart(64, '0')}`}
               where id = ${id} and status = 'approved'`.execute(t.db);
    return t.app.services.withdrawals.confirm(id, 15);
  }
  const rows = async (withdrawalId: string) => {
    const { rows: list } = await sql<{ level: number; status: string; unrecovered: string }>`
      select c.level, c.status, c.unrecovered::text
        from team_commissions c join journal_entries f on f.id = c.fee_entry_id
       where f.reference = ${`withdrawal:${withdrawalId}`} order by c.level`.execute(t.db);
    return list.map((r) => [r.level, r.status, r.unrecovered]);
  };

  beforeAll(async () => {
    await t.app.services.settings.put('withdrawal_auto_approve_max', '10');
    for (const [u, i] of [
      [c, 'c'],
      [d, 'd'],
    ] as const) {
      const saved = await call(u, '/api/user/setaddress', {
        network: 'bep20',
        address: `0x${i.charCodeAt(0).toString(16).repeat(20)}`,
        fund_password: fundPassword,
      });
      expect(saved.code, saved.msg).toBe(1);
    }
    await deposit(d, '5000');
    keptBefore.value = await kept();
  });

  it('a withdrawal fee pays its commissions as pending: shown, but neither withdrawable nor spendable', async () => {
    const before = await Promise.all([a, b, c].map(balance));
    const w = await request('100');
    expect(w.status).toBe('pending_review');
    expect(w.fee).toBeGreaterThan(0n);
    await sync();
    // The balance does not move; the team screen shows the commission as pending.
    expect(await Promise.all([a, b, c].map(balance))).toEqual(before);
    expect(await Promise.all([a, b, c].map(pending))).toEqual(
      [(w.fee * 5n) / 100n, w.fee / 10n, w.fee / 5n].map(formatAmount),
    );
    // C tries to take out its balance plus the pending commission: refused, nothing moves.
    const all = parseAmount(before[2]!) + w.fee / 5n;
    const tried = await call<{ field?: string }>(c, '/api/user/withdraw', {
      network: 'bep20',
      amount: formatAmount(all),
      fund_password: fundPassword,
    });
    expect(tried.code).toBe(0);
    expect(tried.msg).toMatch(/balance/i);
    // Nor can it be spent: no debit of the balance beyond what is available is accepted.
    await expect(
      ledger().post({
        kind: 'robot_fund',
        idempotencyKey: `test-spend:${(n += 1)}`,
        postings: [
          { account: userAccount(c.userId, 'available'), amount: -all },
          { account: userAccount(c.userId, 'robot_principal', 'x'), amount: all },
        ],
      }),
    ).rejects.toThrow();
    expect(await balance(c)).toBe(before[2]);
    await t.app.services.withdrawals.reject(w.id, 'op-1', 'clean up');
    await sync();
  });

  it('a rejected withdrawal after the upline tried to withdraw its commission loses the platform nothing', async () => {
    const before = await Promise.all([a, b, c, d].map(holdings));
    const w = await request('200');
    await sync();
    const available = parseAmount(await balance(c));
    // C tries to withdraw everything including the commission: refused ...
    const greedy = await call(c, '/api/user/withdraw', {
      network: 'bep20',
      amount: formatAmount(available + w.fee / 5n),
      fund_password: fundPassword,
    });
    expect(greedy.code).toBe(0);
    // ... and withdraws everything it really has.
    const own = await call<{ withdrawal_id: string }>(c, '/api/user/withdraw', {
      network: 'bep20',
      amount: formatAmount(available),
      fund_password: fundPassword,
    });
    expect(own.code, own.msg).toBe(1);
    expect(await balance(c)).toBe('0');

    await t.app.services.withdrawals.reject(w.id, 'op-1', 'address flagged');
    await Promise.all([sync(), sync(), sync()]);
    await sync();
    // Every commission cancelled, none unrecovered; C's commission never left the platform.
    expect(await rows(w.id)).toEqual([
      [1, 'cancelled', '0'],
      [2, 'cancelled', '0'],
      [3, 'cancelled', '0'],
    ]);
    expect(await pending(c)).toBe('0');
    // C's own withdrawal (its fee pends for B and A) is rejected too: everyone is back.
    await t.app.services.withdrawals.reject(own.data!.withdrawal_id, 'op-1', 'clean up');
    await sync();
    expect(await Promise.all([a, b, c].map(pending))).toEqual(['0', '0', '0']);
    expect(await Promise.all([a, b, c, d].map(holdings))).toEqual(before);
    expect(await kept()).toBe(keptBefore.value);
  });

  it('a withdrawal that fails on chain cancels its commissions', async () => {
    const before = await Promise.all([a, b, c, d].map(holdings));
    const w = await request('10');
    expect(w.status).toBe('approved');
    await sync();
    expect(await pending(c)).toBe(formatAmount(w.fee / 5n));
    await t.app.services.withdrawals.fail(w.id, 'reverted on chain');
    await sync();
    expect(await rows(w.id)).toEqual([
      [1, 'cancelled', '0'],
      [2, 'cancelled', '0'],
      [3, 'cancelled', '0'],
    ]);
    expect(await Promise.all([a, b, c, d].map(holdings))).toEqual(before);
    expect(await kept()).toBe(keptBefore.value);
  });

  it('a confirmed withdrawal makes its commissions available, once', async () => {
    const before = await Promise.all([a, b, c].map(balance));
    const earnings = (await call<Team>(c, '/api/user/team')).data!.team_earnings;
    const w = await request('100');
    await sync();
    expect(await confirmOnChain(w.id)).toBe(true);
    await Promise.all([sync(), sync()]);
    await sync();
    const gained = (await Promise.all([a, b, c].map(balance))).map(
      (v, i) => parseAmount(v) - parseAmount(before[i]!),
    );
    expect(gained).toEqual([(w.fee * 5n) / 100n, w.fee / 10n, w.fee / 5n]);
    expect(await Promise.all([a, b, c].map(pending))).toEqual(['0', '0', '0']);
    expect(await rows(w.id)).toEqual([
      [1, 'available', '0'],
      [2, 'available', '0'],
      [3, 'available', '0'],
    ]);
    expect((await call<Team>(c, '/api/user/team')).data!.team_earnings).toBe(
      formatAmount(parseAmount(earnings) + w.fee / 5n),
    );
    const log = await call<{ list: { kind: string; amount: string; memo: string }[] }>(
      c,
      '/api/user/usdtlog',
      { kind: 'commission_release' },
    );
    expect(log.data!.list[0]).toMatchObject({
      kind: 'commission_release',
      amount: formatAmount(w.fee / 5n),
      memo: `${maskAccount(d.account)} · L1 · withdrawal_fee`,
    });
    keptBefore.value += w.fee - (w.fee * 35n) / 100n;
    expect(await kept()).toBe(keptBefore.value);
  });

  it('30 withdrawals rejected or confirmed twice at once, with parallel syncs: each commission settles once', async () => {
    const before = await Promise.all([a, b, c].map(balance));
    const held = [];
    for (let i = 0; i < 30; i += 1) held.push(await request(String(20 + i)));
    await sync();
    const confirmed = held.filter((_, i) => i % 2 === 0);
    const rejected = held.filter((_, i) => i % 2 === 1);
    const outcomes = await Promise.all([
      ...rejected.flatMap((w) =>
        [1, 2].map(() =>
          t.app.services.withdrawals.reject(w.id, 'op-1', 'flagged').then(
            () => 'ok',
            () => 'refused',
          ),
        ),
      ),
      ...confirmed.map((w) => confirmOnChain(w.id).then((done) => (done ? 'ok' : 'refused'))),
      ...Array.from({ length: 4 }, () => sync().then(() => 'sync')),
    ]);
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(30);
    await sync();
    const gained = (await Promise.all([a, b, c].map(balance))).map(
      (v, i) => parseAmount(v) - parseAmount(before[i]!),
    );
    const fees = confirmed.reduce((sum, w) => sum + w.fee, 0n);
    expect(gained[2]).toBe(confirmed.reduce((sum, w) => sum + w.fee / 5n, 0n));
    expect(gained[1]).toBe(confirmed.reduce((sum, w) => sum + w.fee / 10n, 0n));
    expect(await Promise.all([a, b, c].map(pending))).toEqual(['0', '0', '0']);
    const count = async (kind: string) =>
      (
        await sql<{ n: string }>`
          select count(*)::text as n from journal_entries
           where kind = ${kind} and reference = ${`team:${d.userId}`}`.execute(t.db)
      ).rows[0]!.n;
    // 3 levels: D's 34 withdrawals so far, 16 confirmed, 18 refunded; none twice.
    expect(await count('commission_pending')).toBe(String(3 * 34));
    expect(await count('commission_release')).toBe(String(3 * 16));
    expect(await count('commission_cancel')).toBe(String(3 * 18));
    keptBefore.value += fees - confirmed.reduce((s, w) => s + (w.fee * 35n) / 100n, 0n);
    expect(await kept()).toBe(keptBefore.value);

    // A second sync changes nothing at all.
    const snapshot = async () =>
      (
        await sql<{ s: string }>`
          select (select count(*) from journal_entries)::text || '/' ||
                 (select string_agg(balance::text, ',' order by id) from accounts) as s`.execute(
          t.db,
        )
      ).rows[0]!.s;
    const first = await snapshot();
    await sync();
    expect(await snapshot()).toBe(first);
  });

  it('audit: commissions kept equal the expense; pending commissions match open withdrawal fees', async () => {
    const expense = await ledger().platformBalance('commission_expense');
    const { rows: sums } = await sql<{ net: string; unrecovered: string }>`
      select coalesce(sum(amount - reversed) filter (where status <> 'cancelled'), 0)::text as net,
             coalesce(sum(unrecovered), 0)::text as unrecovered
        from team_commissions`.execute(t.db);
    expect(-BigInt(expense)).toBe(BigInt(sums[0]!.net));
    expect(sums[0]!.unrecovered).toBe('0');

    // An open withdrawal's commissions are pending, and the audit says they match.
    const w = await request('50');
    await sync();
    const audit = await runCli(t.databaseUrl, ['ledger:audit']);
    expect(audit.exitCode, JSON.stringify(audit.json)).toBe(0);
    const checks = (audit.json as { checks: { name: string; ok: boolean; detail: string }[] })
      .checks;
    expect(checks.find((x) => x.name === 'pending_commissions_match_open_fees')).toMatchObject({
      ok: true,
    });
    const named = (report: unknown) =>
      (report as { checks: { name: string; ok: boolean; detail: string }[] }).checks.find(
        (x) => x.name === 'pending_commissions_match_open_fees',
      );
    // A commission marked available while its ledger money is still pending is named.
    const { rows: one } = await sql<{ fee_entry_id: string }>`
      select c.fee_entry_id::text from team_commissions c
        join journal_entries f on f.id = c.fee_entry_id
       where f.reference = ${`withdrawal:${w.id}`} and c.level = 1`.execute(t.db);
    const feeEntry = one[0]!.fee_entry_id;
    await sql`update team_commissions set status = 'available'
               where fee_entry_id = ${feeEntry} and level = 1`.execute(t.db);
    const tampered = await runCli(t.databaseUrl, ['ledger:audit']);
    await sql`update team_commissions set status = 'pending'
               where fee_entry_id = ${feeEntry} and level = 1`.execute(t.db);
    expect(tampered.exitCode).toBe(1);
    expect(named(tampered.json)).toMatchObject({ ok: false });
    expect(named(tampered.json)!.detail).toContain(`user ${c.userId}`);
    // A rejection the sync has not read yet is not an alarm; once read, nothing is pending.
    await t.app.services.withdrawals.reject(w.id, 'op-1', 'flagged');
    expect(named((await runCli(t.databaseUrl, ['ledger:audit'])).json)).toMatchObject({
      ok: true,
    });
    await sync();
    const after = await runCli(t.databaseUrl, ['ledger:audit']);
    expect(after.exitCode, JSON.stringify(after.json)).toBe(0);
    expect(await Promise.all([a, b, c].map(pending))).toEqual(['0', '0', '0']);
  });
});

describe('members, search and ranking', () => {
  it('masks accounts', async () => {
    expect(maskAccount('abcdef@mail.com')).toBe('ab***@mail.com');
    expect(maskAccount('13812345678')).toBe('138****5678');
    const members = (await call<Members>(a, '/api/user/teamuser')).data!;
    expect(members.total).toBe(3);
    for (const m of members.list) expect(m.account).toMatch(/\*\*\*/);
  });

  it('never shows a name that gives an account away, in members and the ranking', async () => {
    expect(displayName('abcdef', 'abcdef@mail.com')).toBe('ab***@mail.com');
    expect(displayName('ABCDEF.x', 'abcdef@mail.com')).toBe('ab***@mail.com');
    expect(displayName('me@x.io', 'abcdef@mail.com')).toBe('ab***@mail.com');
    expect(displayName('Olive fan', 'abcdef@mail.com')).toBe('Olive fan');
    expect(displayName('138****5678', '13812345678')).toBe('138****5678');
    expect(displayName('call 1234 5678', '13812345678')).toBe('138****5678');
    expect(displayName('Grove', '13812345678')).toBe('Grove');
    expect((await call(b, '/api/user/setname', { nickname: 'Olive grower' })).code).toBe(1);
    const members = (await call<Members>(a, '/api/user/teamuser')).data!;
    const names = new Map(members.list.map((m) => [m.user_id, m.nickname]));
    expect(names.get(b.userId)).toBe('Olive grower');
    expect(names.get(c.userId)).toBe(maskAccount(c.account));
    const rank = (await call<{ list: { nickname: string; me: boolean }[] }>(d, '/api/user/rank'))
      .data!;
    expect(rank.list.length).toBeGreaterThan(0);
    for (const u of [z, a, b, c, d]) {
      const local = u.account.split('@')[0]!;
      for (const row of rank.list) expect(row.nickname).not.toContain(local);
    }
  });

  it('search finds my members only, never someone outside my team', async () => {
    const outsider = await investor(undefined, `${d.account.split('@')[0]}x@other.com`);
    // The outsider's account starts with D's whole e-mail name: only D is in C's team.
    const found = (await call<Members>(c, '/api/user/getteamuser', { keyword: d.account })).data!;
    expect(found.list.map((m) => m.user_id)).toEqual([d.userId]);
    const everyone = (await call<Members>(c, '/api/user/getteamuser', { keyword: '@' })).data!;
    expect(everyone.list.map((m) => m.user_id)).toEqual([d.userId]);
    const none = (await call<Members>(d, '/api/user/getteamuser', { keyword: 'investor' })).data!;
    expect(none.list).toEqual([]);
    // Z's team stops at level 3: D (level 4) is not found.
    const z3 = (await call<Members>(z, '/api/user/getteamuser', { keyword: '@' })).data!;
    expect(z3.list.map((m) => m.user_id).sort()).toEqual([a.userId, b.userId, c.userId].sort());
    expect(z3.list.some((m) => m.user_id === outsider.userId)).toBe(false);
    const empty = await call(c, '/api/user/getteamuser', { keyword: '' });
    expect(empty.code).toBe(0);
    expect((empty.data as { field?: string } | undefined)?.field).toBe('keyword');
  });

  it('ranks by team performance and updates on demand', async () => {
    const rank = (
      await call<{ list: { rank: number; me: boolean }[]; my_rank: number }>(a, '/api/user/rank')
    ).data!;
    expect(rank.my_rank).toBeGreaterThan(0);
    expect(rank.list.find((r) => r.me)?.rank).toBe(rank.my_rank);
    await deposit(d, '1');
    const updated = (await call<Team & { updated_at: string }>(c, '/api/user/teamupdate')).data!;
    expect(updated.levels[0]!.performance).toBe('6501');
  });

  it('team:show prints the upline and the team of an account', async () => {
    const shown = await runCli(t.databaseUrl, ['team:show', '--account', b.account]);
    expect(shown.exitCode).toBe(0);
    expect(shown.json).toMatchObject({
      user_id: b.userId,
      upline: [
        { level: 1, user_id: a.userId },
        { level: 2, user_id: z.userId },
      ],
      members_total: 2,
    });
    const bad = await runCli(t.databaseUrl, ['team:rates', '--levels', '20,10,5,1']);
    expect(bad.exitCode).toBe(2);
  });
});

describe('search matches only what the upline is shown (issue 30)', () => {
  const bobby = 'bobby.member@example.com';
  const phone = `13${String(Date.now()).slice(-9)}`;
  let upline: Investor, member: Investor, grower: Investor, texter: Investor;
  const search = async (keyword: string) =>
    (await call<Members>(upline, '/api/user/getteamuser', { keyword, limit: '100' })).data!;
  const ids = (found: Members) => found.list.map((m) => m.user_id).sort();

  beforeAll(async () => {
    upline = await investor();
    member = await investor(upline.code, bobby);
    grower = await investor(upline.code);
    texter = await investor(upline.code, phone);
    expect((await call(grower, '/api/user/setname', { nickname: 'Olive grower' })).code).toBe(1);
  });

  it('finds nothing by a part of a hidden account, however long (the prefix attack)', async () => {
    const shown = (await call<Members>(upline, '/api/user/teamuser')).data!.list.find(
      (m) => m.user_id === member.userId,
    )!;
    // Shown: the first two characters and the domain; the nickname is the e-mail's name,
    // so the masked account stands in for it.
    expect(shown).toMatchObject({ account: 'bo***@example.com', nickname: 'bo***@example.com' });
    const parts = [];
    for (let end = 3; end < bobby.length; end += 1) parts.push(bobby.slice(0, end));
    parts.push('obby', 'member', 'y.member@', 'r@example.com', 'bobby.member', 'BOBBY');
    for (const keyword of parts) {
      const found = await search(keyword);
      expect({ keyword, list: found.list, total: found.total }).toEqual({
        keyword,
        list: [],
        total: 0,
      });
    }
  });

  it('finds a member by the masked account, the nickname shown and the complete account', async () => {
    for (const keyword of ['bo***@example.com', 'bo***', bobby, bobby.toUpperCase()]) {
      const found = await search(keyword);
      expect({ keyword, ids: ids(found), total: found.total }).toEqual({
        keyword,
        ids: [member.userId],
        total: 1,
      });
    }
    const byName = await search('grower');
    expect(byName.list.map((m) => m.nickname)).toEqual(['Olive grower']);
    expect(byName.total).toBe(1);
    // A chosen nickname that shows nothing of the account leaves the account hidden.
    expect((await search(grower.account.slice(0, 8))).total).toBe(0);
    expect(ids(await search(grower.account))).toEqual([grower.userId]);
  });

  it('a phone shows its first three and last four digits, and nothing between', async () => {
    for (const keyword of [phone.slice(0, 4), phone.slice(3, 7), phone.slice(2, 9)]) {
      expect({ keyword, total: (await search(keyword)).total }).toEqual({ keyword, total: 0 });
    }
    for (const keyword of [`${phone.slice(0, 3)}****`, phone.slice(-4), phone]) {
      const found = await search(keyword);
      expect({ keyword, ids: ids(found), total: found.total }).toEqual({
        keyword,
        ids: [texter.userId],
        total: 1,
      });
    }
  });

  it('counts what it lists', async () => {
    for (const keyword of ['@example.com', '***', 'o', 'grower', bobby, 'bob']) {
      const found = await search(keyword);
      expect({ keyword, total: found.total }).toEqual({ keyword, total: found.list.length });
    }
    expect((await search('@example.com')).total).toBe(2);
  });
});
