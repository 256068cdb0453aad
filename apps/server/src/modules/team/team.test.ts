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
      new RegExp(`/#/pages/public/regiest\\?invite=${share.data!.invite_code}$`),
    );
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

describe('refunded fees', () => {
  const fundPassword = '246810';
  let fees = 0n;
  /** A withdrawal request by D, held for review; answers its id and fee. */
  async function heldWithdrawal(amount: string) {
    const w = await t.app.services.withdrawals.request(d.userId, {
      network: 'bep20',
      amount,
      fund_password: fundPassword,
    });
    expect(w.status).toBe('pending_review');
    return { id: w.withdrawal_id, fee: parseAmount(w.fee) };
  }
  const commissions = async (where: string) => {
    const { rows } = await sql<{ n: string; paid: string; reversed: string }>`
      select count(*)::text as n, coalesce(sum(amount), 0)::text as paid,
             coalesce(sum(reversed), 0)::text as reversed
        from team_commissions c join journal_entries f on f.id = c.fee_entry_id
       where f.reference like ${where}`.execute(t.db);
    return rows[0]!;
  };

  beforeAll(async () => {
    await t.app.services.settings.put('withdrawal_auto_approve_max', '10');
    await call(d, '/api/user/setaddress', {
      network: 'bep20',
      address: `0x${'ab'.repeat(20)}`,
      fund_password: fundPassword,
    });
    await deposit(d, '5000');
  });

  it('a withdrawal fee is collected with the request and pays commissions at once', async () => {
    const before = await Promise.all([a, b, c, d].map(balance));
    const w = await heldWithdrawal('100');
    fees += w.fee;
    expect(w.fee).toBeGreaterThan(0n);
    await sync();
    const after = await Promise.all([a, b, c, d].map(balance));
    const gained = after.map((v, i) => parseAmount(v) - parseAmount(before[i]!));
    // C 20%, B 10%, A 5% of the fee; D paid the whole amount.
    expect(gained).toEqual([(w.fee * 5n) / 100n, w.fee / 10n, w.fee / 5n, -parseAmount('100')]);
  });

  it('an operator rejection refunds the fee and reverses each commission once, in the ledger', async () => {
    const before = await Promise.all([a, b, c, d].map(balance));
    const earnings = (await call<Team>(c, '/api/user/team')).data!.team_earnings;
    const w = await heldWithdrawal('200');
    await sync();
    const rejected = await runCli(t.databaseUrl, [
      'withdraw:reject',
      '--id',
      w.id,
      '--operator',
      'op-1',
      '--reason',
      'address flagged',
    ]);
    expect(rejected.exitCode).toBe(0);
    await Promise.all([sync(), sync(), sync()]);
    await sync();
    // Everyone is back where they were: the member got the fee back, the uplines gave theirs.
    expect(await Promise.all([a, b, c, d].map(balance))).toEqual(before);
    expect((await call<Team>(c, '/api/user/team')).data!.team_earnings).toBe(earnings);
    expect(await commissions(`withdrawal:${w.id}`)).toEqual({
      n: '3',
      paid: String((w.fee * 35n) / 100n),
      reversed: String((w.fee * 35n) / 100n),
    });
    const log = await call<{ list: { kind: string; amount: string; memo: string }[] }>(
      c,
      '/api/user/usdtlog',
      { kind: 'commission_reversal' },
    );
    expect(log.data!.list[0]).toMatchObject({
      kind: 'commission_reversal',
      amount: `-${formatAmount(w.fee / 5n)}`,
      memo: `${maskAccount(d.account)} · L1 · withdrawal_fee`,
    });
    await expect(t.app.services.withdrawals.reject(w.id, 'op-1', 'twice')).rejects.toThrow();
  });

  it('30 rejections in parallel with parallel syncs reverse each commission exactly once', async () => {
    const before = await Promise.all([a, b, c, d].map(balance));
    const held = [];
    for (let i = 0; i < 30; i += 1) held.push(await heldWithdrawal(String(20 + i)));
    await sync();
    const fee = held.reduce((sum, w) => sum + w.fee, 0n);
    const mid = await Promise.all([a, b, c].map(balance));
    expect(parseAmount(mid[2]!) - parseAmount(before[2]!)).toBe(
      held.reduce((sum, w) => sum + w.fee / 5n, 0n),
    );
    // Each rejection twice at once (one wins), syncs racing them.
    const rejections = held.flatMap((w) =>
      [1, 2].map(() =>
        t.app.services.withdrawals.reject(w.id, 'op-1', 'flagged').then(
          () => 'ok',
          () => 'refused',
        ),
      ),
    );
    const outcomes = await Promise.all([...rejections, ...Array.from({ length: 4 }, sync)]);
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(30);
    await sync();
    expect(await Promise.all([a, b, c, d].map(balance))).toEqual(before);
    const { rows } = await sql<{ n: string }>`
      select count(*)::text as n from journal_entries
       where kind = 'commission_reversal' and idempotency_key like 'commission:%:reversal'
         and reference = ${`team:${d.userId}`}`.execute(t.db);
    // 3 levels x 31 rejected withdrawals, none twice.
    expect(rows[0]!.n).toBe('93');
    expect(fee).toBeGreaterThan(0n);
  });

  it('a commission already spent is taken back as far as the upline holds; the rest is recorded', async () => {
    const w = await heldWithdrawal('300');
    await sync();
    // C moves everything out of the balance before the rejection.
    const all = parseAmount(await balance(c));
    await ledger().post({
      kind: 'withdrawal_freeze',
      idempotencyKey: `test-spend:${(n += 1)}`,
      postings: [
        { account: userAccount(c.userId, 'available'), amount: -all },
        { account: userAccount(c.userId, 'frozen'), amount: all },
      ],
    });
    await t.app.services.withdrawals.reject(w.id, 'op-1', 'flagged');
    await sync();
    expect(await balance(c)).toBe('0');
    const { rows } = await sql<{ level: number; reversed: string; unrecovered: string }>`
      select c.level, c.reversed::text, c.unrecovered::text
        from team_commissions c join journal_entries f on f.id = c.fee_entry_id
       where f.reference = ${`withdrawal:${w.id}`} order by c.level`.execute(t.db);
    expect(rows.map((r) => [r.level, r.reversed, r.unrecovered])).toEqual([
      [1, '0', String(w.fee / 5n)],
      [2, String(w.fee / 10n), '0'],
      [3, String((w.fee * 5n) / 100n), '0'],
    ]);
  });

  it('audit: revenue less refunds less commissions is what the platform kept', async () => {
    const [revenue, refunds, margin, expense] = (await Promise.all(
      (['fee_revenue', 'fee_refunds', 'mining_margin', 'commission_expense'] as const).map((k) =>
        ledger().platformBalance(k),
      ),
    )) as [bigint, bigint, bigint, bigint];
    const { rows } = await sql<{ net: string }>`
      select coalesce(sum(amount - reversed), 0)::text as net from team_commissions`.execute(t.db);
    expect(-BigInt(expense)).toBe(BigInt(rows[0]!.net));
    // Kept: the first withdrawal's fee (not refunded) plus 112 of fees and 5 of margin
    // from before, less the commissions that stayed paid.
    const kept = BigInt(revenue) + BigInt(refunds) + BigInt(margin) + BigInt(expense);
    expect(BigInt(revenue) + BigInt(refunds) + BigInt(margin)).toBe(
      fees + parseAmount('112') + parseAmount('5'),
    );
    expect(kept).toBe(fees + parseAmount('117') - BigInt(rows[0]!.net));
    const audit = await runCli(t.databaseUrl, ['ledger:audit']);
    expect(audit.exitCode).toBe(0);
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
    const found = (
      await call<Members>(c, '/api/user/getteamuser', { keyword: d.account.slice(0, 8) })
    ).data!;
    expect(found.list.map((m) => m.user_id)).toEqual([d.userId]);
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
