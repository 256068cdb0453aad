// The admin API as the console and an attacker see it: every call refused without a
// session, before TOTP is enabled, and for every role the permission table leaves out
// (each such refusal audited); TOTP codes spent once; the audit log beyond SQL's reach;
// four-eyes approval by two different operators, settled once under parallel approvals,
// and the approved withdrawal sent by the wallet's own sender; ledger adjustments only
// with a reason.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import { parseAmount } from '@olive/protocol';
import { register } from '../../../test/accounts.ts';
import { adminCall } from '../../../test/admin.ts';
import { runCli } from '../../../test/cli.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { platformAccount, userAccount } from '../ledger/ledger.service.ts';
import type { ChainWriter } from '../wallet/chain-writer.ts';
import { withdrawalSender } from '../wallet/withdrawal.sender.ts';
import { PERMISSIONS, ROLES, type Role } from './permissions.ts';

vi.setConfig({ testTimeout: 120_000 });

let t: TestApp;
let now = Date.now();
const clock = { now: () => new Date(now) };
/** The next TOTP time step: a fresh code. */
const nextStep = () => {
  now += 30_000;
};

const admin = <T = Record<string, unknown>>(
  path: string,
  body: Record<string, unknown> = {},
  token?: string,
) => adminCall<T>(t, path, body, token);

const code = (secret: string) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  }).generate({ timestamp: now });

interface Op {
  id: string;
  email: string;
  password: string;
  token: string;
  secret: string;
}

let seq = 0;
/** An operator signed in; with `totp`, enrolled (the usual state). */
async function operator(role: Role, totp = true): Promise<Op> {
  seq += 1;
  const email = `op${seq}-${role}@olive.test`;
  const created = await t.app.services.admin.operators.create({ email, role });
  const login = await admin<{ token: string }>('auth/login', {
    email,
    password: created.password,
  });
  expect(login.code).toBe(1);
  const token = login.data!.token;
  let secret = '';
  if (totp) {
    const setup = await admin<{ secret: string; otpauth_url: string }>(
      'auth/totp-setup',
      {},
      token,
    );
    expect(setup.data!.otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    secret = setup.data!.secret;
    const enabled = await admin('auth/totp-enable', { otp: code(secret) }, token);
    expect(enabled.code).toBe(1);
  }
  return { id: created.id, email, password: created.password, token, secret };
}

const ops = {} as Record<Role, Op>;
let unenrolled: Op;

beforeAll(async () => {
  t = await createTestApp({ clock });
  for (const role of ROLES) ops[role] = await operator(role);
  unenrolled = await operator('admin', false);
});
afterAll(() => t?.close());

describe('admin API access', () => {
  it('refuses every call without a session, before TOTP, and for every role not allowed (audited)', async () => {
    // Sign-out is checked on its own below (here it would end the sessions the loop uses).
    const actions = t.app.services.admin.actions.filter((a) => !a.open && a.path !== 'auth/logout');
    expect(actions.length).toBeGreaterThan(60);
    // Every permission the table names belongs to a call (or is a sub-permission).
    const paths = new Set(actions.map((a) => a.permission));
    for (const p of Object.keys(PERMISSIONS)) {
      if (p !== 'users.freeze-sign-in') expect(paths, p).toContain(p);
    }
    for (const token of [undefined, 'not-a-token']) {
      expect((await admin('auth/logout', {}, token)).code).toBe(10000);
    }
    for (const a of actions) {
      const none = await admin(a.path, {});
      expect(none, a.path).toMatchObject({ code: 10000, tologin: 1 });
      const bogus = await admin(a.path, {}, 'not-a-token');
      expect(bogus.code, a.path).toBe(10000);

      const early = await admin(a.path, {}, unenrolled.token);
      if (a.enrolment) expect(early.data?.error, a.path).not.toBe('admin.totp_required');
      else expect(early, a.path).toMatchObject({ code: 0, data: { error: 'admin.totp_required' } });

      for (const role of ROLES) {
        const reply = await admin(a.path, {}, ops[role].token);
        const allowed = a.permission === null || PERMISSIONS[a.permission]!.includes(role);
        if (allowed) {
          expect(reply.data?.error, `${a.path} as ${role}`).not.toBe('admin.forbidden');
          expect(reply.data?.error, `${a.path} as ${role}: ${reply.msg}`).not.toBe(
            'error.internal',
          );
          expect(reply.code, `${a.path} as ${role}`).not.toBe(10000);
        } else {
          expect(reply, `${a.path} as ${role}`).toMatchObject({
            code: 0,
            data: { error: 'admin.forbidden' },
          });
        }
      }
    }
    // Each refusal by role is in the audit log, with who, what and the outcome.
    const refused = await t.db
      .selectFrom('admin_audit')
      .select(['operator_id', 'action', 'reason'])
      .where('outcome', '=', 'refused')
      .where('reason', '=', 'admin.forbidden')
      .execute();
    for (const a of actions) {
      if (a.permission === null) continue;
      for (const role of ROLES) {
        if (PERMISSIONS[a.permission]!.includes(role)) continue;
        expect(
          refused.some(
            (r) => r.operator_id === ops[role].id && r.action === a.path.replace(/\//g, '.'),
          ),
          `${a.path} refused for ${role} is audited`,
        ).toBe(true);
      }
    }
    // The freeze of sign-in is a finer permission: finance may freeze withdrawals only.
    const user = await register(t);
    const signIn = await admin(
      'users/freeze',
      { id: user.userId, scope: 'sign_in', reason: 'test' },
      ops.finance.token,
    );
    expect(signIn.data?.error).toBe('admin.forbidden');
    const withdrawals = await admin(
      'users/freeze',
      { id: user.userId, scope: 'withdrawals', reason: 'test' },
      ops.finance.token,
    );
    expect(withdrawals).toMatchObject({ code: 1, data: { withdrawals_frozen: true } });
  });

  it('answers in English or Simplified Chinese, and me lists the permissions', async () => {
    const en = await admin('operators/list', {}, ops.editor.token);
    expect(en.msg).toBe('Your role may not do this.');
    const zh = await admin('operators/list', { lang: 'zh-CN' }, ops.editor.token);
    expect(zh.msg).toBe('您的角色无权执行此操作。');
    const me = await admin<{ role: string; permissions: string[] }>(
      'auth/me',
      {},
      ops.editor.token,
    );
    expect(me.data).toMatchObject({ role: 'editor', totp_enabled: true });
    expect(me.data!.permissions).toContain('content.update');
    expect(me.data!.permissions).not.toContain('withdrawals.approve');
  });

  it('spends a TOTP code once: a replay in the same window is refused', async () => {
    const op = ops.support;
    nextStep();
    const otp = code(op.secret);
    const first = await admin('auth/login', { email: op.email, password: op.password, otp });
    expect(first.code).toBe(1);
    const replay = await admin('auth/login', { email: op.email, password: op.password, otp });
    expect(replay).toMatchObject({ code: 0, data: { error: 'admin.otp_invalid', field: 'otp' } });
    const without = await admin('auth/login', { email: op.email, password: op.password });
    expect(without).toMatchObject({ code: 0, data: { error: 'admin.otp_required' } });
    nextStep();
    const fresh = await admin('auth/login', {
      email: op.email,
      password: op.password,
      otp: code(op.secret),
    });
    expect(fresh.code).toBe(1);
  });

  it('locks sign-in after repeated failures, and lists and ends other sessions', async () => {
    const op = await operator('support');
    for (let i = 0; i < 5; i++) {
      const wrong = await admin('auth/login', { email: op.email, password: 'wrong-password' });
      expect(wrong.data?.error).toBe('admin.login_failed');
    }
    nextStep();
    const locked = await admin('auth/login', {
      email: op.email,
      password: op.password,
      otp: code(op.secret),
    });
    expect(locked.data?.error).toBe('admin.login_locked');

    const other = ops.editor;
    nextStep();
    const second = await admin<{ token: string }>('auth/login', {
      email: other.email,
      password: other.password,
      otp: code(other.secret),
    });
    const sessions = await admin<{ list: { id: string; current: boolean }[] }>(
      'auth/sessions/list',
      {},
      second.data!.token,
    );
    const first = sessions.data!.list.find((s) => !s.current)!;
    expect(first).toBeDefined();
    expect((await admin('auth/sessions/end', { id: first.id }, second.data!.token)).code).toBe(1);
    expect((await admin('auth/me', {}, other.token)).code).toBe(10000);
    other.token = second.data!.token;
    expect((await admin('auth/logout', {}, op.token)).code).toBe(1);
    expect((await admin('auth/me', {}, op.token)).code).toBe(10000);
  });

  it('ends a session after inactivity', async () => {
    const op = await operator('editor');
    now += 31 * 60_000;
    expect((await admin('auth/me', {}, op.token)).code).toBe(10000);
    // The others were idle as long: sign them in again.
    for (const role of ROLES) {
      nextStep();
      const again = await admin<{ token: string }>('auth/login', {
        email: ops[role].email,
        password: ops[role].password,
        otp: code(ops[role].secret),
      });
      ops[role].token = again.data!.token;
    }
  });
});

describe('audit log', () => {
  it('cannot be changed or removed by SQL', async () => {
    expect(
      Number(
        (
          await t.db
            .selectFrom('admin_audit')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBeGreaterThan(0);
    // The app's role may not even try (decision 140); the table's owner meets the trigger.
    for (const db of [t.db, t.ownerDb]) {
      const refusal = db === t.db ? /permission denied/ : /append-only/;
      await expect(sql`update admin_audit set outcome = 'done'`.execute(db)).rejects.toThrow(
        refusal,
      );
      await expect(sql`delete from admin_audit`.execute(db)).rejects.toThrow(refusal);
      await expect(sql`truncate admin_audit`.execute(db)).rejects.toThrow(refusal);
    }
  });

  it('is searchable by action and outcome', async () => {
    const reply = await admin<{ list: { action: string; outcome: string }[]; total: number }>(
      'audit/list',
      { filters: { action: 'operators.list', outcome: 'refused' }, limit: 5 },
      ops.admin.token,
    );
    expect(reply.code).toBe(1);
    expect(reply.data!.total).toBeGreaterThan(0);
    expect(reply.data!.list.every((r) => r.action === 'operators.list')).toBe(true);
    const unknown = await admin('audit/list', { filters: { nope: 1 } }, ops.admin.token);
    expect(unknown).toMatchObject({ code: 0, data: { field: 'filters' } });
    // Bounded before SQL: an id past bigint and a year PostgreSQL cannot hold are refusals
    // naming the filter, not database errors.
    for (const [name, value] of [
      ['operator_id', '9223372036854775808'],
      ['from', '-100000-01-01'],
    ] as const) {
      const bad = await admin('audit/list', { filters: { [name]: value } }, ops.admin.token);
      expect(bad, name).toMatchObject({ code: 0, data: { field: name } });
    }
  });
});

async function pendingWithdrawal(amount: string) {
  const user = await register(t);
  await t.app.services.ledger.post({
    kind: 'deposit',
    idempotencyKey: `test-deposit:${user.userId}`,
    postings: [
      { account: platformAccount('custody', 'bep20'), amount: -parseAmount(amount) },
      { account: userAccount(user.userId, 'available'), amount: parseAmount(amount) },
    ],
  });
  const to = `0x${(0xfeed00 + seq++).toString(16).padStart(40, '0')}`;
  const saved = await t.call(
    '/api/user/setaddress',
    { network: 'bep20', address: to, fund_password: '246810' },
    user.headers,
  );
  expect(saved.code).toBe(1);
  const w = await t.call<{ withdrawal_id: string; status: string }>(
    '/api/user/withdraw',
    { network: 'bep20', amount, fund_password: '246810' },
    user.headers,
  );
  expect(w.data).toMatchObject({ status: 'pending_review' });
  return { user, id: w.data!.withdrawal_id, to };
}

describe('withdrawal review', () => {
  beforeAll(async () => {
    const policy = await admin(
      'withdrawal-policy/update',
      { auto_approve_max: '10', four_eyes_min: '500' },
      ops.admin.token,
    );
    expect(policy.data).toMatchObject({ auto_approve_max: '10', four_eyes_min: '500' });
  });

  it('needs a second, different operator above the four-eyes threshold', async () => {
    const { id } = await pendingWithdrawal('800');
    const first = await admin('withdrawals/approve', { id }, ops.finance.token);
    expect(first.data).toMatchObject({
      status: 'pending_review',
      needs_two_approvals: true,
      first_approved_by: ops.finance.email,
    });
    const same = await admin('withdrawals/approve', { id }, ops.finance.token);
    expect(same).toMatchObject({ code: 0, data: { error: 'withdraw.four_eyes_same_operator' } });
    const queue = await admin<{ list: { id: string }[] }>(
      'withdrawals/list',
      { filters: { awaiting: 'second' } },
      ops.admin.token,
    );
    expect(queue.data!.list.map((w) => w.id)).toContain(id);
    const second = await admin('withdrawals/approve', { id }, ops.admin.token);
    expect(second.data).toMatchObject({ status: 'approved', reviewed_by: ops.admin.email });
    const again = await admin('withdrawals/approve', { id }, ops.support.token);
    expect(again.data?.error).toBe('admin.forbidden');
  });

  it('settles parallel approvals by different operators once', async () => {
    const finance2 = await operator('finance');
    for (let round = 0; round < 3; round++) {
      const { id } = await pendingWithdrawal('600');
      const replies = await Promise.all([
        admin('withdrawals/approve', { id }, ops.finance.token),
        admin('withdrawals/approve', { id }, finance2.token),
        admin('withdrawals/approve', { id }, ops.admin.token),
      ]);
      const row = await t.db
        .selectFrom('withdrawals')
        .select(['status', 'first_approved_by', 'reviewed_by'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('approved');
      expect(row.first_approved_by).not.toBe(row.reviewed_by);
      // One first approval, one final; the third is told the state moved on.
      expect(replies.filter((r) => r.code === 1)).toHaveLength(2);
      expect(replies.filter((r) => r.code === 0)[0]?.data?.error).toBe('withdraw.wrong_state');
      // One operator approving twice in parallel never approves alone.
      const solo = await pendingWithdrawal('700');
      await Promise.all([
        admin('withdrawals/approve', { id: solo.id }, ops.finance.token),
        admin('withdrawals/approve', { id: solo.id }, ops.finance.token),
      ]);
      const soloRow = await t.db
        .selectFrom('withdrawals')
        .select('status')
        .where('id', '=', solo.id)
        .executeTakeFirstOrThrow();
      expect(soloRow.status).toBe('pending_review');
    }
  });

  it('approves below the threshold with one operator; the wallet sender then sends it', async () => {
    const { id, to } = await pendingWithdrawal('50');
    const approved = await admin('withdrawals/approve', { id }, ops.finance.token);
    expect(approved.data).toMatchObject({ status: 'approved', needs_two_approvals: false });
    const sent: { to: string; tokenAmount: bigint }[] = [];
    const writer: ChainWriter = {
      hotAddress: '0x00000000000000000000000000000000000000aa',
      nonceScope: 'test-admin',
      nonces: false,
      chainNonce: async () => 0n,
      signTransfer: async (input) => {
        sent.push(input);
        const n = sent.length.toString(16);
        return { rawTx: `0xraw${id}${n}`, txHash: `0x${`${id}f${n}`.padStart(64, '0')}` };
      },
      broadcast: async () => {},
      status: async () => ({ state: 'unknown' }) as never,
      headNumber: async () => 1n,
    };
    const s = t.app.services;
    await withdrawalSender(
      {
        repo: s.withdrawalRepo,
        deposits: s.deposits,
        withdrawals: s.withdrawals,
        writer,
        log: { info: () => {}, warn: () => {}, error: () => {} } as never,
      },
      'bep20',
    ).tick();
    expect(sent.map((x) => x.to.toLowerCase())).toContain(to.toLowerCase());
    const shown = await admin('withdrawals/show', { id }, ops.support.token);
    expect(shown.data).toMatchObject({ status: 'broadcast' });
  });

  it('shows the review queue and the day on the dashboard', async () => {
    const { id } = await pendingWithdrawal('900');
    await admin('withdrawals/approve', { id }, ops.finance.token);
    const board = await admin<{
      users_total: number;
      pending_reviews: { withdrawals: number; awaiting_second: number };
      withdrawals_today: { count: number; amount: string };
      solvency: { liabilities: string; custody_ledger: string; ratio: string | null };
    }>('dashboard/show', {}, ops.support.token);
    expect(board.code).toBe(1);
    expect(board.data!.users_total).toBeGreaterThan(0);
    expect(board.data!.pending_reviews.awaiting_second).toBeGreaterThanOrEqual(1);
    expect(board.data!.withdrawals_today.count).toBeGreaterThanOrEqual(1);
    expect(Number(board.data!.solvency.liabilities)).toBeGreaterThan(0);
  });

  it('rejects with a reason and gives the funds back', async () => {
    const { id, user } = await pendingWithdrawal('40');
    const noReason = await admin('withdrawals/reject', { id, reason: ' ' }, ops.finance.token);
    expect(noReason).toMatchObject({ code: 0, data: { field: 'reason' } });
    const rejected = await admin(
      'withdrawals/reject',
      { id, reason: 'address on a sanctions list' },
      ops.finance.token,
    );
    expect(rejected.data).toMatchObject({ status: 'rejected' });
    const shown = await admin<{ balance: string }>(
      'users/show',
      { id: user.userId },
      ops.support.token,
    );
    expect(shown.data!.balance).toBe('40');
  });

  it("gives the reviewer the investor's history, the address's age, holds and risk signals", async () => {
    const { id, user, to } = await pendingWithdrawal('60');
    type Review = {
      withdrawal: { id: string; amount: string };
      investor: { id: string; age_days: number; two_factor: boolean };
      deposits: { count: number };
      withdrawals: { count: number; largest: string };
      address: {
        saved_at: string | null;
        first_use_by_investor: string | null;
        first_use_by_anyone: string | null;
        other_investors: number;
      };
      holds: { kind: string; reason: string | null; by: string | null }[];
      signals: string[];
    };
    const first = await admin<Review>('withdrawals/review', { id }, ops.support.token);
    expect(first.code, first.msg).toBe(1);
    expect(first.data).toMatchObject({
      withdrawal: { id, amount: '60' },
      investor: { id: user.userId, age_days: 0, two_factor: false },
      withdrawals: { count: 0, largest: '0' },
      address: { first_use_by_investor: null, first_use_by_anyone: null, other_investors: 0 },
      holds: [],
    });
    expect(first.data!.address.saved_at).not.toBeNull();
    expect(first.data!.signals).toEqual(
      expect.arrayContaining([
        'new_address',
        'address_saved_recently',
        'first_withdrawal',
        'new_account',
      ]),
    );
    expect(first.data!.signals).not.toContain('address_shared');
    expect(first.data!.signals).not.toContain('held');

    // A second investor sends to the same address: it is shared, and not new to anyone.
    const other = await register(t);
    await t.app.services.ledger.post({
      kind: 'deposit',
      idempotencyKey: `test-deposit:${other.userId}`,
      postings: [
        { account: platformAccount('custody', 'bep20'), amount: -parseAmount('70') },
        { account: userAccount(other.userId, 'available'), amount: parseAmount('70') },
      ],
    });
    const saved = await t.call(
      '/api/user/setaddress',
      { network: 'bep20', address: to, fund_password: '246810' },
      other.headers,
    );
    expect(saved.code, saved.msg).toBe(1);
    const w = await t.call<{ withdrawal_id: string }>(
      '/api/user/withdraw',
      { network: 'bep20', amount: '70', fund_password: '246810' },
      other.headers,
    );
    expect(w.code, w.msg).toBe(1);
    // An operator freezes the second investor's withdrawals: the hold says why and who.
    await admin(
      'users/freeze',
      { id: other.userId, scope: 'withdrawals', reason: 'chargeback on card' },
      ops.support.token,
    );
    const second = await admin<Review>(
      'withdrawals/review',
      { id: w.data!.withdrawal_id },
      ops.finance.token,
    );
    expect(second.data!.address.other_investors).toBe(1);
    expect(second.data!.address.first_use_by_anyone).not.toBeNull();
    expect(second.data!.signals).toEqual(expect.arrayContaining(['address_shared', 'held']));
    expect(second.data!.holds).toEqual([
      expect.objectContaining({
        kind: 'withdrawals_frozen',
        reason: 'chargeback on card',
        by: ops.support.email,
      }),
    ]);
    const editor = await admin('withdrawals/review', { id }, ops.editor.token);
    expect(editor.data?.error).toBe('admin.forbidden');
  });

  it('refuses a new withdrawal while withdrawals are frozen', async () => {
    const { user } = await pendingWithdrawal('30');
    await admin(
      'users/freeze',
      { id: user.userId, scope: 'withdrawals', reason: 'review' },
      ops.support.token,
    );
    const w = await t.call(
      '/api/user/withdraw',
      { network: 'bep20', amount: '12', fund_password: '246810' },
      user.headers,
    );
    expect(w.msg).toMatch(/frozen/);
  });
});

describe('users', () => {
  it('adjusts a balance only with a reason, through the ledger, admin only', async () => {
    const user = await register(t);
    const missing = await admin('users/adjust', { id: user.userId, amount: '5' }, ops.admin.token);
    expect(missing).toMatchObject({ code: 0, data: { field: 'reason' } });
    const blank = await admin(
      'users/adjust',
      { id: user.userId, amount: '5', reason: '   ' },
      ops.admin.token,
    );
    expect(blank).toMatchObject({ code: 0, data: { field: 'reason' } });
    const finance = await admin(
      'users/adjust',
      { id: user.userId, amount: '5', reason: 'goodwill' },
      ops.finance.token,
    );
    expect(finance.data?.error).toBe('admin.forbidden');
    const done = await admin(
      'users/adjust',
      { id: user.userId, amount: '5', reason: 'goodwill', idempotency_key: 'k1' },
      ops.admin.token,
    );
    expect(done.data).toMatchObject({ kind: 'adjustment_credit', balance: '5', replayed: false });
    const replay = await admin(
      'users/adjust',
      { id: user.userId, amount: '5', reason: 'goodwill', idempotency_key: 'k1' },
      ops.admin.token,
    );
    expect(replay.data).toMatchObject({ balance: '5', replayed: true });
    const overdraw = await admin(
      'users/adjust',
      { id: user.userId, amount: '-6', reason: 'claw back' },
      ops.admin.token,
    );
    expect(overdraw).toMatchObject({ code: 0, data: { field: 'amount' } });
    const entries = await admin<{ list: { kind: string; reason: string; operator_id: string }[] }>(
      'ledger-entries/list',
      { filters: { user_id: user.userId } },
      ops.support.token,
    );
    expect(entries.data!.list[0]).toMatchObject({
      kind: 'adjustment_credit',
      reason: 'goodwill',
      operator_id: ops.admin.email,
    });
    const audit = await admin<{ list: { outcome: string; reason: string; after: unknown }[] }>(
      'audit/list',
      { filters: { action: 'users.adjust', target: `user:${user.userId}` } },
      ops.admin.token,
    );
    expect(audit.data!.list.map((r) => r.outcome).sort()).toEqual([
      'done',
      'done',
      'refused',
      'refused',
      'refused',
      'refused',
    ]);
  });

  it('shows two-factor, holds, sessions and sign-ins, and ends one session or all (audited)', async () => {
    const user = await register(t);
    const phone = await t.call<{ token: string }>(
      '/api/user/login',
      { account: user.account, password: user.password },
      {
        'user-agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      },
    );
    expect(phone.code, phone.msg).toBe(1);
    const phoneHeaders = { authorization: `Bearer ${phone.data!.token}` };

    type Shown = {
      two_factor: { enabled: boolean };
      holds: { kind: string; until: string | null; reason: string | null }[];
    };
    const shown = await admin<Shown>('users/show', { id: user.userId }, ops.support.token);
    expect(shown.data).toMatchObject({ two_factor: { enabled: false }, holds: [] });

    type Listed = { list: { id: string; ip: string; user_agent: string }[] };
    const sessions = await admin<Listed>('users/sessions', { id: user.userId }, ops.support.token);
    expect(sessions.data!.list).toHaveLength(2);
    const signIns = await admin<Listed>('users/sign-ins', { id: user.userId }, ops.finance.token);
    expect(signIns.data!.list).toHaveLength(2);
    // Newest first, with where from and on what.
    expect(signIns.data!.list[0]!.user_agent).toContain('iPhone');
    expect(signIns.data!.list[0]!.ip).not.toBe('');

    // Finance sees sessions but may not end them; support ends the phone's.
    const phoneSession = sessions.data!.list.find((s) => s.user_agent.includes('iPhone'))!;
    const refused = await admin(
      'users/end-session',
      { id: user.userId, session_id: phoneSession.id },
      ops.finance.token,
    );
    expect(refused.data?.error).toBe('admin.forbidden');
    // A session of someone else is not this investor's to end.
    const stranger = await register(t);
    const strangers = await admin<Listed>(
      'users/sessions',
      { id: stranger.userId },
      ops.support.token,
    );
    const wrong = await admin(
      'users/end-session',
      { id: user.userId, session_id: strangers.data!.list[0]!.id },
      ops.support.token,
    );
    expect(wrong).toMatchObject({ code: 0, data: { field: 'session_id' } });
    expect((await t.call('/api/user/userinfo', {}, stranger.headers)).code).toBe(1);

    const ended = await admin(
      'users/end-session',
      { id: user.userId, session_id: phoneSession.id },
      ops.support.token,
    );
    expect(ended.code, ended.msg).toBe(1);
    expect((await t.call('/api/user/userinfo', {}, phoneHeaders)).code).toBe(10000);
    expect((await t.call('/api/user/userinfo', {}, user.headers)).code).toBe(1);
    const left = await admin<Listed>('users/sessions', { id: user.userId }, ops.support.token);
    expect(left.data!.list).toHaveLength(1);
    // The sign-ins stay on record.
    const still = await admin<Listed>('users/sign-ins', { id: user.userId }, ops.support.token);
    expect(still.data!.list).toHaveLength(2);

    const all = await admin<{ ended: number }>(
      'users/end-sessions',
      { id: user.userId },
      ops.support.token,
    );
    expect(all.data).toEqual({ ended: 1 });
    expect((await t.call('/api/user/userinfo', {}, user.headers)).code).toBe(10000);
    const audit = await admin<{ list: { action: string; operator_email: string }[] }>(
      'audit/list',
      { filters: { target: `user:${user.userId}`, outcome: 'done' } },
      ops.admin.token,
    );
    expect(audit.data!.list.map((r) => r.action).sort()).toEqual([
      'users.end-session',
      'users.end-sessions',
    ]);

    // A frozen sign-in is a hold with the operator's reason, until lifted.
    await admin(
      'users/freeze',
      { id: user.userId, scope: 'sign_in', reason: 'account takeover reported' },
      ops.support.token,
    );
    const held = await admin<Shown>('users/show', { id: user.userId }, ops.support.token);
    expect(held.data!.holds).toEqual([
      expect.objectContaining({
        kind: 'sign_in_frozen',
        until: null,
        reason: 'account takeover reported',
      }),
    ]);

    // A password reset's pause, with the same code as drawinfo's locked_reason.
    await sql`update users set password_changed_at = now(), password_change_kind = 'reset'
               where id = ${user.userId}`.execute(t.db);
    const paused = await admin<Shown>('users/show', { id: user.userId }, ops.support.token);
    expect(paused.data!.holds.map((h) => h.kind)).toContain('password_reset');
  });

  it('lists by account prefix and by balance, and freezing sign-in ends sessions', async () => {
    const user = await register(t, { account: `prefixsearch${seq}@example.com` });
    const found = await admin<{ list: { id: string }[]; total: number }>(
      'users/list',
      { q: 'PrefixSearch', sort: 'balance', order: 'desc' },
      ops.support.token,
    );
    expect(found.data!.list.map((u) => u.id)).toContain(user.userId);
    const frozen = await admin(
      'users/freeze',
      { id: user.userId, scope: 'sign_in', reason: 'fraud report' },
      ops.support.token,
    );
    expect(frozen.data).toMatchObject({ status: 'frozen' });
    const info = await t.call('/api/user/userinfo', {}, user.headers);
    expect(info.code).toBe(10000);
  });
});

describe('operator:create', () => {
  it('prints the operator and a one-time password that signs in; settings:set checks as the console does', async () => {
    const { exitCode, json } = await runCli(t.databaseUrl, [
      'operator:create',
      '--email',
      'first@olive.test',
      '--role',
      'admin',
    ]);
    expect(exitCode).toBe(0);
    expect(json).toMatchObject({ email: 'first@olive.test', role: 'admin' });
    const login = await admin('auth/login', {
      email: 'first@olive.test',
      password: String(json.password),
    });
    expect(login.data).toMatchObject({ operator_id: json.operator_id, totp_enabled: false });
    // The CLI's app-update setting goes through the console's checks too.
    const bad = await runCli(t.databaseUrl, [
      'settings:set',
      '--key',
      'app_update',
      '--value',
      '{"latest_version":"two"}',
    ]);
    expect(bad.exitCode).toBe(2);
  });
});

describe('settings reach the investor side', () => {
  it('changes a network fee, the app update, contacts and content as investors then see them', async () => {
    const user = await register(t);
    const fee = await admin(
      'networks/update',
      { id: 'trc20', withdrawal_fee: '1.5' },
      ops.finance.token,
    );
    expect(fee.data).toMatchObject({ id: 'trc20', withdrawal_fee: '1.5' });
    const draw = await t.call<{ fee: string }>(
      '/api/user/drawinfo',
      { network: 'trc20' },
      user.headers,
    );
    expect(draw.data!.fee).toBe('1.5');
    const bad = await admin('networks/update', { id: 'trc20', min_deposit: 'x' }, ops.admin.token);
    expect(bad).toMatchObject({ code: 0, data: { field: 'min_deposit' } });
    expect(bad.msg).toMatch(/^Minimum deposit must be a plain number/);
    // In Chinese the refusal and the field it names are both Chinese, not English keys.
    const badZh = await admin(
      'networks/update',
      { id: 'trc20', min_deposit: '1e3', lang: 'zh-CN' },
      ops.admin.token,
    );
    expect(badZh).toMatchObject({ code: 0, data: { field: 'min_deposit' } });
    expect(badZh.msg).toMatch(/^最低充值 须为普通数字/);

    const update = await admin(
      'app-update/update',
      { latest_version: '2.0', min_version: '1.9' },
      ops.editor.token,
    );
    expect(update.data).toMatchObject({ latest_version: '2.0', min_version: '1.9' });
    const check = await t.call<{ type: string }>('/api/main/update', { version: '1.8' });
    expect(check.data!.type).toBe('0');

    const contact = await admin<{ id: string }>(
      'contacts/create',
      { kind: 'person', channel: 'telegram', label: 'Night desk', url: 'https://t.me/olive' },
      ops.editor.token,
    );
    expect(contact.code).toBe(1);
    const list = await t.call<{ label: string }[]>('/api/user/cslist', {}, user.headers);
    expect(JSON.stringify(list.data)).toContain('Night desk');
    // Spaces alone are refused by field and change nothing (the label is still there below).
    for (const [field, value] of [
      ['label', ' '],
      ['url', '  '],
    ] as const) {
      const blank = await admin(
        'contacts/update',
        { id: contact.data!.id, [field]: value },
        ops.editor.token,
      );
      expect(blank, field).toMatchObject({
        code: 0,
        data: { field, error: 'validation.required' },
      });
    }
    // The console sends its reply language, `lang`, with every call: it is not a column.
    const hoursCleared = await admin(
      'contacts/update',
      { id: contact.data!.id, hours: '', lang: 'zh-CN' },
      ops.editor.token,
    );
    expect(hoursCleared).toMatchObject({ code: 1, data: { label: 'Night desk', hours: '' } });

    const item = await admin<{ id: string }>(
      'content/create',
      { kind: 'notice', language: 'en', title: 'Maintenance tonight', body: 'From **2:00** UTC.' },
      ops.editor.token,
    );
    expect(item.code).toBe(1);
    const draft = await t.call('/api/main/notice', { page: '1', limit: '20' });
    expect(JSON.stringify(draft.data)).not.toContain('Maintenance tonight');
    expect((await admin('content/publish', { id: item.data!.id }, ops.editor.token)).code).toBe(1);
    const published = await t.call('/api/main/notice', { page: '1', limit: '20' });
    expect(JSON.stringify(published.data)).toContain('Maintenance tonight');
  });

  it("refuses an editor's bad item by its field, and reads cleared fields as none", async () => {
    // The fuzzer's case: empty key, category and link (the console's cleared fields) with a
    // blank title. The key used to reach the database's check and answer "something went
    // wrong"; the blank title is refused by name.
    const fields = {
      kind: 'notice',
      language: 'en',
      body: '',
      key: '',
      category: '',
      link_url: '',
    };
    const blank = await admin('content/create', { ...fields, title: ' ' }, ops.editor.token);
    expect(blank).toMatchObject({ code: 0, msg: 'Title is required.', data: { field: 'title' } });
    // The text's language is its own field: the console sends `lang` (its own language) on
    // every call, which once overwrote it. Missing or not one the app speaks: refused by name.
    const { language: _language, ...noLanguage } = fields;
    const unsaid = await admin(
      'content/create',
      { ...noLanguage, lang: 'fr', title: 'x' },
      ops.editor.token,
    );
    expect(unsaid).toMatchObject({ code: 0, data: { field: 'language' } });
    const klingon = await admin(
      'content/create',
      { ...fields, language: 'tlh', title: 'x' },
      ops.editor.token,
    );
    expect(klingon).toMatchObject({ code: 0, data: { field: 'language' } });
    // A French text written from a console read in Chinese is stored as French.
    const french = await admin<{ id: string; languages: string[] }>(
      'content/create',
      { ...fields, language: 'fr', lang: 'zh-CN', title: 'Maintenance ce soir' },
      ops.editor.token,
    );
    expect(french.data!.languages).toEqual(['fr']);
    const untold = await admin(
      'content/update',
      { id: french.data!.id, title: 'Sans langue' },
      ops.editor.token,
    );
    expect(untold).toMatchObject({ code: 0, data: { field: 'language' } });
    const made = await admin<{ id: string; key: string | null; link_url: string | null }>(
      'content/create',
      { ...fields, title: 'No key', pinned: true, sort: 0 },
      ops.editor.token,
    );
    expect(made.code).toBe(1);
    expect(made.data).toMatchObject({ key: null, link_url: null });

    // A key another item holds is named, in the operator's language, and nothing is made.
    const page = { kind: 'page', language: 'en', body: 'x', key: 'fuzz-key' };
    const first = await admin('content/create', { ...page, title: 'First' }, ops.editor.token);
    expect(first.code).toBe(1);
    const before = await t.db
      .selectFrom('content_items')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const taken = await admin('content/create', { ...page, title: 'Second' }, ops.editor.token);
    expect(taken).toMatchObject({
      code: 0,
      msg: 'Another item already uses this key.',
      data: { field: 'key' },
    });
    const after = await t.db
      .selectFrom('content_items')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    const renamed = await admin(
      'content/update',
      { id: made.data!.id, key: 'fuzz-key' },
      ops.editor.token,
    );
    expect(renamed).toMatchObject({ code: 0, data: { field: 'key' } });
  });

  it("saves the legal pages' operator details, refuses a bad one by its translated field, and audits", async () => {
    const bad = await admin(
      'legal-details/update',
      { company_name: 'Olive Markets Ltd', support_email: 'not an address' },
      ops.editor.token,
    );
    expect(bad).toMatchObject({
      code: 0,
      data: { field: 'support_email', error: 'validation.invalid' },
    });
    expect(bad.msg).toBe('Support e-mail is not valid.');
    const badZh = await admin(
      'legal-details/update',
      { effective_date: '2026-02-30', lang: 'zh-CN' },
      ops.editor.token,
    );
    expect(badZh).toMatchObject({ code: 0, data: { field: 'effective_date' } });
    expect(badZh.msg).toMatch(/^生效日期/);
    // Nothing of a refused change is kept.
    const shown = await admin('legal-details/show', {}, ops.support.token);
    expect(shown.data).toMatchObject({ company_name: '', support_email: '' });

    const saved = await admin(
      'legal-details/update',
      { company_name: 'Olive Markets Ltd', effective_date: '2026-12-01' },
      ops.editor.token,
    );
    expect(saved.data).toMatchObject({
      id: 'legal-details',
      company_name: 'Olive Markets Ltd',
      effective_date: '2026-12-01',
      registered_address: '',
    });
    const page = await t.call<{ body_html: string }>('/api/main/about', { key: 'terms' });
    expect(page.data!.body_html).toContain('Olive Markets Ltd');
    expect(page.data!.body_html).toContain('2026-12-01');
    expect(page.data!.body_html).toContain('[registered address]</mark>');
    const audited = await t.db
      .selectFrom('admin_audit')
      .select(['target', 'after'])
      .where('action', '=', 'legal-details.update')
      .where('outcome', '=', 'done')
      .orderBy('id', 'desc')
      .execute();
    expect(audited[0]).toMatchObject({
      target: 'settings:legal-details',
      after: { company_name: 'Olive Markets Ltd' },
    });
    const cleared = await admin(
      'legal-details/update',
      { company_name: '', effective_date: '' },
      ops.editor.token,
    );
    expect(cleared.code).toBe(1);
  });

  it('closes a market to new robots and manages operators (never oneself)', async () => {
    const closed = await admin(
      'markets/update',
      { id: 'TRX/USDT', enabled: false },
      ops.admin.token,
    );
    expect(closed.data).toMatchObject({ id: 'TRX/USDT', enabled: false });
    const user = await register(t);
    const robot = await t.call(
      '/api/user/quancreate',
      { market: 'TRX/USDT', direction: 'long', principal: '50' },
      user.headers,
    );
    expect(robot).toMatchObject({ code: 0, data: { field: 'market' } });
    await admin('markets/update', { id: 'TRX/USDT', enabled: true }, ops.admin.token);

    const self = await admin(
      'operators/update',
      { id: ops.admin.id, role: 'editor' },
      ops.admin.token,
    );
    expect(self.data?.error).toBe('admin.not_self');
    const other = await operator('support');
    const disabled = await admin(
      'operators/update',
      { id: other.id, status: 'disabled' },
      ops.admin.token,
    );
    expect(disabled.data).toMatchObject({ status: 'disabled' });
    expect((await admin('auth/me', {}, other.token)).code).toBe(10000);
    nextStep();
    const again = await admin('auth/login', {
      email: other.email,
      password: other.password,
      otp: code(other.secret),
    });
    expect(again.data?.error).toBe('admin.operator_disabled');
  });
});
