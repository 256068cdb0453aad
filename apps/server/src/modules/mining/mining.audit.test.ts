// Mining paid for and paid out, as the audit and the payout see a forged rental (issue 30:
// 750,000 rentals inserted by SQL with no rent paid were paid out and the audit passed).
// A rental and its term inserted by SQL with no payment: the audit names it, the payout
// pays it nothing; a payout day that paid an unpaid term is named; rented ones still pass.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount, parseAmount } from '@olive/protocol';
import { register } from '../../../test/accounts.ts';
import { runCli } from '../../../test/cli.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { ManualClock } from '../../ports/clock.ts';
import { platformAccount, userAccount } from '../ledger/ledger.service.ts';
import type { MiningDataFeed } from './feed.ts';

const DAY_MS = 86_400_000;
/** Difficulty 10^14, 3.125 BTC, 100,000 USDT/BTC: 100 TH/s earns 6.28642737 a day. */
const feed: MiningDataFeed = {
  source: 'simulated',
  day: async () => ({
    difficulty: 100_000_000_000_000n,
    networkHashrate: 715_827_882_666_666_666_666n,
    blockRewardSat: 312_500_000n,
    btcPrice: parseAmount('100000'),
    source: 'simulated',
  }),
};
const DAILY = parseAmount('4.28642737'); // less 2 USDT of electricity

let t: TestApp;
const clock = new ManualClock(new Date('2026-04-01T10:00:00Z'));
const day = (n: number) => new Date(clock.now().getTime() + n * DAY_MS).toISOString().slice(0, 10);
let modelId: string;

type Check = { name: string; ok: boolean; detail: string };
async function audit() {
  const { exitCode, json } = await runCli(t.databaseUrl, ['ledger:audit']);
  const checks = (json as { checks: Check[] }).checks;
  return { exitCode, check: (name: string) => checks.find((c) => c.name === name) };
}
const available = async (userId: string) =>
  (await t.app.services.ledger.userBalances(userId)).available;

/** A rental and its term written straight into the tables, as the attack did: no rent. */
async function forgedRental(userId: string, startsOn: string, days: number) {
  const { rows } = await sql<{ id: string }>`
    insert into mining_rentals (user_id, model_id, hash_rate_ghs, electricity_per_day,
      price_per_day, term_days, days, starts_on, ends_on, started_at, expires_at, status)
    select ${userId}, m.id, m.hash_rate_ghs, m.electricity_per_day, m.price_per_day, ${days},
           ${days}, ${startsOn}::date, ${startsOn}::date + ${days}::integer, now(),
           now() + interval '1 day' * ${days}, 'active'
      from mining_models m where m.id = ${modelId}
    returning id::text as id`.execute(t.db);
  const rentalId = rows[0]!.id;
  await sql`
    insert into mining_payments (rental_id, user_id, kind, days, amount, margin, starts_on,
      ends_on, hash_rate_ghs, electricity_per_day)
    select r.id, r.user_id, 'rent', r.days, r.price_per_day * r.days, 0, r.starts_on, r.ends_on,
           r.hash_rate_ghs, r.electricity_per_day
      from mining_rentals r where r.id = ${rentalId}`.execute(t.db);
  return rentalId;
}

beforeAll(async () => {
  t = await createTestApp({ clock, miningFeed: feed });
  const added = await runCli(t.databaseUrl, [
    'mining:model-add',
    '--name',
    'Audit 100T',
    '--hash-rate-ths',
    '100',
    '--power-w',
    '3000',
    '--price-per-day',
    '1',
    '--electricity-per-day',
    '2',
    '--min-days',
    '2',
    '--stock',
    '100',
    '--margin-rate',
    '0.25',
  ]);
  expect(added.exitCode, JSON.stringify(added.json)).toBe(0);
  modelId = (added.json as { model_id: string }).model_id;
});
afterAll(() => t.close());

describe('rentals paid for, payouts of paid rentals only', () => {
  it('a rental inserted by SQL with no rent paid: the audit names it, the payout pays it nothing', async () => {
    // A real renter, through the call.
    const renter = await register(t);
    await t.app.services.ledger.post({
      kind: 'deposit',
      idempotencyKey: `test-deposit:${renter.userId}`,
      postings: [
        { account: platformAccount('custody', 'trc20'), amount: -parseAmount('10') },
        { account: userAccount(renter.userId, 'available'), amount: parseAmount('10') },
      ],
    });
    const rented = await t.call<{ rental_id: string }>(
      '/api/user/minercreate',
      { model_id: modelId, days: '3', fund_password: '246810' },
      renter.headers,
    );
    expect(rented.code, rented.msg).toBe(1);
    const clean = await audit();
    expect(clean.check('mining_terms_paid')).toMatchObject({ ok: true });
    expect(clean.exitCode, JSON.stringify(clean.check('mining_terms_paid'))).toBe(0);

    // The attack: a rental and a term by SQL, never paid for.
    const forger = await register(t);
    const forged = await forgedRental(forger.userId, day(0), 30);

    const caught = await audit();
    expect(caught.exitCode).toBe(1);
    expect(caught.check('mining_terms_paid')).toMatchObject({ ok: false });
    expect(caught.check('mining_terms_paid')!.detail).toContain(
      `rental ${forged} (user ${forger.userId})`,
    );
    expect(caught.check('mining_terms_paid')!.detail).toContain('1 terms without a payment');

    // The day's payout pays the renter and not the forger.
    const renterBefore = await available(renter.userId);
    const paid = await t.app.services.mining.mining.payDay(day(0));
    expect(paid).toMatchObject({ rentals: 1, total: DAILY });
    expect(await available(forger.userId)).toBe(0n);
    expect((await available(renter.userId)) - renterBefore).toBe(DAILY);
    const info = await t.call<{ payouts: unknown[] }>(
      '/api/user/minerinfo',
      { rental_id: forged },
      forger.headers,
    );
    expect(info.data!.payouts).toEqual([]);
    // The payout itself is sound: only the forged term is named.
    const after = await audit();
    expect(after.check('mining_payouts_cover_paid_terms')).toMatchObject({ ok: true });
    expect(after.check('mining_terms_paid')!.detail).toMatch(/^1 rentals/);
  });

  it('a payout day that paid an unpaid term (as the payout did before) is named', async () => {
    const forger = await register(t);
    await forgedRental(forger.userId, day(1), 2);
    const payday = day(1);
    const mining = t.app.services.mining.mining;
    await mining.inputs(payday);
    // The day's run as the payout made it before it joined the payment: the forged term paid.
    await t.db.transaction().execute(async (trx) => {
      await sql`insert into mining_payout_runs (day, rentals, total)
                 values (${payday}, 1, ${DAILY})`.execute(trx);
      await t.app.services.ledger.postCredits(trx, {
        kind: 'mining_payout',
        idempotencyKey: `mining:payout:${payday}`,
        reference: `mining:day:${payday}`,
        memo: payday,
        from: platformAccount('mining_payout'),
        userKind: 'available',
        credits: sql`select ${forger.userId}::bigint as user_id, ${DAILY}::bigint as amount`,
      });
    });
    const { exitCode, check } = await audit();
    expect(exitCode).toBe(1);
    expect(check('mining_payouts_cover_paid_terms')).toMatchObject({ ok: false });
    expect(check('mining_payouts_cover_paid_terms')!.detail).toContain(
      `${payday} paid ${formatAmount(DAILY)} USDT, paid terms earn 0 USDT`,
    );
  });
});
