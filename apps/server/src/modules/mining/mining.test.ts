// Mining as an investor and the daily job meet it, on a real database: the formula to the
// unit (hand-computed), renting with its limits under parallel requests, renewals, the
// payout exactly once per rental and day (twice, two workers, catch-up, expiry), every
// refusal translated and naming its field, and a clean ledger audit at the end.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount, parseAmount } from '@olive/protocol';
import { register } from '../../../test/accounts.ts';
import { runCli } from '../../../test/cli.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { translate } from '../../i18n/index.ts';
import { ManualClock } from '../../ports/clock.ts';
import { auditRepository } from '../ledger/audit.repository.ts';
import { auditService } from '../ledger/audit.service.ts';
import { platformAccount, userAccount } from '../ledger/ledger.service.ts';
import { dailyOutput, type MiningDataFeed, type MiningDayInputs } from './feed.ts';
import { miningRepository } from './mining.repository.ts';

const DAY_MS = 86_400_000;
/** Hand-picked inputs: difficulty 10^14, 3.125 BTC, 100,000 USDT/BTC. */
const KNOWN: MiningDayInputs = {
  difficulty: 100_000_000_000_000n,
  networkHashrate: 715_827_882_666_666_666_666n,
  blockRewardSat: 312_500_000n,
  btcPrice: parseAmount('100000'),
  source: 'simulated',
};
/** Days whose inputs the test sets apart (a day the price collapses: output < electricity). */
const special = new Map<string, MiningDayInputs>();
const asked: string[] = [];
const feed: MiningDataFeed = {
  source: 'simulated',
  async day(day) {
    asked.push(day);
    return special.get(day) ?? KNOWN;
  },
};

let t: TestApp;
const clock = new ManualClock(new Date('2026-03-01T10:00:00Z'));
const today = () => clock.now().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp({ clock, miningFeed: feed });
});
afterAll(() => t.close());

async function investor(amount: string, lang = 'en') {
  const user = await register(t, { lang });
  if (parseAmount(amount) > 0n) {
    await t.app.services.ledger.post({
      kind: 'deposit',
      idempotencyKey: `test-deposit:${user.userId}`,
      postings: [
        { account: platformAccount('custody', 'trc20'), amount: -parseAmount(amount) },
        { account: userAccount(user.userId, 'available'), amount: parseAmount(amount) },
      ],
    });
  }
  const call = <T>(path: string, body: Record<string, string> = {}) =>
    t.call<T>(path, { lang, ...body }, user.headers);
  return { user, call };
}

const balance = async (userId: string) =>
  formatAmount((await t.app.services.ledger.userBalances(userId)).available);

async function addModel(values: Record<string, string>) {
  const { exitCode, json } = await runCli(t.databaseUrl, [
    'mining:model-add',
    ...Object.entries(values).flatMap(([k, v]) => [`--${k}`, v]),
  ]);
  expect(exitCode, JSON.stringify(json)).toBe(0);
  return json as { model_id: string };
}

interface Rental {
  rental_id: string;
  status: string;
  days: number;
  cumulative_earnings: string;
  auto_renew: boolean;
  expires_at: string;
  paid_days: number;
}

describe('the formula', () => {
  it('pays hashrate * 86400 * reward / (difficulty * 2^32) at the day price, to the unit', () => {
    // 100 TH/s: 10^14 * 86400 * 312,500,000 sat / (10^14 * 2^32) = 6,286.42737865 sat;
    // at 100,000 USDT that is 6.28642737865... USDT, rounded down to 10^-8: 6.28642737.
    const out = dailyOutput({
      hashRateGhs: 100_000n,
      difficulty: KNOWN.difficulty,
      blockRewardSat: KNOWN.blockRewardSat,
      btcPrice: KNOWN.btcPrice,
      electricity: parseAmount('2'),
    });
    expect(formatAmount(out.gross)).toBe('6.28642737');
    expect(formatAmount(out.amount)).toBe('4.28642737');
    expect(out.outputSat8).toBe(628_642_737_865n); // 6,286.42737865 sat
    // Electricity above the output: zero, never negative.
    expect(
      dailyOutput({
        hashRateGhs: 100_000n,
        difficulty: KNOWN.difficulty,
        blockRewardSat: KNOWN.blockRewardSat,
        btcPrice: parseAmount('30000'),
        electricity: parseAmount('2'),
      }).amount,
    ).toBe(0n);
  });
});

describe('renting and the daily payout', () => {
  let modelId: string;

  beforeAll(async () => {
    // 100 TH/s, electricity 2 USDT a day, 1 USDT a day to rent, at least 2 days.
    modelId = (
      await addModel({
        name: 'Test 100T',
        'hash-rate-ths': '100',
        'power-w': '3000',
        'price-per-day': '1',
        'electricity-per-day': '2',
        'min-days': '2',
        stock: '1000',
        'margin-rate': '0.25',
      })
    ).model_id;
  });

  it('lists the seeded real models with price, stock and the estimate', async () => {
    // minerconf is public and stores today's inputs once.
    const reply = await t.call<{
      source: string;
      list: { name: string; hash_rate_ths: string; est_daily_output: string; stock_left: number }[];
    }>('/api/user/minerconf', { lang: 'en' });
    expect(reply.code).toBe(1);
    expect(reply.data!.source).toBe('simulated');
    const names = reply.data!.list.map((m) => m.name);
    expect(names).toContain('Antminer S21');
    expect(names).toContain('Whatsminer M60S');
    const s21 = reply.data!.list.find((m) => m.name === 'Antminer S21')!;
    expect(s21.hash_rate_ths).toBe('200');
    expect(reply.data!.list.find((m) => m.name === 'Test 100T')).toMatchObject({
      hash_rate_ths: '100',
      est_daily_output: '4.28642737',
      price_per_day: '1',
      min_days: 2,
      stock_left: 1000,
      est_breakeven_days: 1,
    });
  });

  it('rents: price x days from the balance, rent and margin as their own entries', async () => {
    const { user, call } = await investor('10');
    const created = await call<{ rental_id: string }>('/api/user/minercreate', {
      model_id: modelId,
      days: '4',
      fund_password: '246810',
    });
    expect(created.code, created.msg).toBe(1);
    expect(await balance(user.userId)).toBe('6');
    const entries = await t.db
      .selectFrom('journal_entries')
      .select(['kind', 'idempotency_key'])
      .where('reference', '=', `mining:rental:${created.data!.rental_id}`)
      .orderBy('kind')
      .execute();
    expect(entries.map((e) => e.kind)).toEqual(['mining_margin', 'mining_rent']);
    expect(await t.app.services.ledger.platformBalance('mining_margin')).toBe(parseAmount('1'));

    const my = await call<{ list: Rental[]; total: number }>('/api/user/minermy', {});
    expect(my.data!.total).toBe(1);
    expect(my.data!.list[0]).toMatchObject({ status: 'active', days: 4, auto_renew: false });
  });

  it('pays each day once: twice in a row, two workers at once, catch-up in order, expiry', async () => {
    const { user, call } = await investor('100');
    const rentalId = (
      await call<{ rental_id: string }>('/api/user/minercreate', {
        model_id: modelId,
        days: '3',
        fund_password: '246810',
      })
    ).data!.rental_id;
    const startDay = today();
    expect(await balance(user.userId)).toBe('97');
    const mining = t.app.services.mining.mining;

    // Day 1 paid by two workers at once, then again: once.
    await Promise.all([mining.payDay(startDay), mining.payDay(startDay)]);
    await mining.payDay(startDay);
    expect(await balance(user.userId)).toBe('101.28642737');

    // The job was down for two days; the third run catches up day 2 and day 3 in order,
    // then the rental has ended and pays no more.
    special.set(new Date(Date.parse(startDay) + DAY_MS).toISOString().slice(0, 10), {
      ...KNOWN,
      btcPrice: parseAmount('30000'), // output 1.88 < electricity 2: a zero day
    });
    clock.advance(3 * DAY_MS);
    const due = await mining.payDue();
    expect(due.paid.map((p) => p.day)).toEqual([
      new Date(Date.parse(startDay) + DAY_MS).toISOString().slice(0, 10),
      new Date(Date.parse(startDay) + 2 * DAY_MS).toISOString().slice(0, 10),
    ]);
    expect(await balance(user.userId)).toBe('105.57285474');

    const info = await call<{
      status: string;
      cumulative_earnings: string;
      payouts: {
        day: string;
        difficulty: string;
        block_reward: string;
        btc_price: string;
        hash_rate_ths: string;
        electricity: string;
        gross: string;
        amount: string;
      }[];
    }>('/api/user/minerinfo', { rental_id: rentalId });
    expect(info.code).toBe(1);
    expect(info.data!.status).toBe('expired');
    expect(info.data!.cumulative_earnings).toBe('8.57285474');
    expect(info.data!.payouts).toHaveLength(3);
    expect(info.data!.payouts[0]).toMatchObject({
      day: startDay,
      difficulty: '100000000000000',
      block_reward: '3.125',
      btc_price: '100000',
      hash_rate_ths: '100',
      electricity: '2',
      gross: '6.28642737',
      amount: '4.28642737',
    });
    // The zero day is shown as such.
    expect(info.data!.payouts[1]).toMatchObject({ gross: '1.88592821', amount: '0' });

    const log = await call<{ list: { kind: string; amount: string }[]; total: number }>(
      '/api/user/minerlog',
      {},
    );
    expect(log.code, log.msg).toBe(1);
    expect(log.data!.total).toBe(4);
    expect(log.data!.list.map((r) => r.kind).sort()).toEqual([
      'payout',
      'payout',
      'payout',
      'rent',
    ]);

    // Past its end: another day's run pays nothing more.
    clock.advance(DAY_MS);
    await mining.payDue();
    expect(await balance(user.userId)).toBe('105.57285474');

    // Stored inputs are never rewritten: the app's role may not try (decision 140), and
    // the trigger refuses even the tables' owner.
    await expect(
      t.db.updateTable('mining_days').set({ btc_price: '1' }).where('day', '=', startDay).execute(),
    ).rejects.toThrow(/permission denied/);
    await expect(
      t.ownerDb
        .updateTable('mining_days')
        .set({ btc_price: '1' })
        .where('day', '=', startDay)
        .execute(),
    ).rejects.toThrow(/append-only/);
  });

  it('renews for N days and auto-renews at the end, or expires when the balance is short', async () => {
    const { user, call } = await investor('5');
    const rentalId = (
      await call<{ rental_id: string }>('/api/user/minercreate', {
        model_id: modelId,
        days: '2',
        fund_password: '246810',
      })
    ).data!.rental_id;
    const renewed = await call<Rental>('/api/user/openminer', {
      rental_id: rentalId,
      action: 'renew',
      days: '2',
    });
    expect(renewed.code, renewed.msg).toBe(1);
    expect(renewed.data!.days).toBe(4);
    expect(await balance(user.userId)).toBe('1');
    const on = await call<Rental>('/api/user/openminer', {
      rental_id: rentalId,
      action: 'auto_renew_on',
    });
    expect(on.data!.auto_renew).toBe(true);

    // At its end the balance (1 + four paid days) covers another term of 2 days: renewed.
    clock.advance(4 * DAY_MS);
    await t.app.services.mining.mining.payDue();
    const after = await call<Rental>('/api/user/minerinfo', { rental_id: rentalId });
    expect(after.data!.status).toBe('active');
    expect(after.data!.days).toBe(6);
    const paymentKinds = await t.db
      .selectFrom('mining_payments')
      .select('kind')
      .where('rental_id', '=', rentalId)
      .orderBy('id')
      .execute();
    expect(paymentKinds.map((p) => p.kind)).toEqual(['rent', 'renew', 'auto_renew']);

    // A user whose balance cannot pay the renewal: the rental expires instead.
    const poor = await investor('2');
    const poorRental = (
      await poor.call<{ rental_id: string }>('/api/user/minercreate', {
        model_id: modelId,
        days: '2',
        fund_password: '246810',
      })
    ).data!.rental_id;
    await poor.call('/api/user/openminer', { rental_id: poorRental, action: 'auto_renew_on' });
    // Withdraw its earnings so the renewal cannot be paid: pays go to the balance daily.
    await t.app.services.mining.mining.payDay(today());
    await t.app.services.mining.mining.payDay(
      new Date(clock.now().getTime() + DAY_MS).toISOString().slice(0, 10),
    );
    const poorBalance = parseAmount(await balance(poor.user.userId));
    await t.app.services.ledger.post({
      kind: 'adjustment_debit',
      idempotencyKey: `test-drain:${poor.user.userId}`,
      reason: 'test: empty the balance',
      operatorId: 'test',
      postings: [
        { account: userAccount(poor.user.userId, 'available'), amount: -poorBalance },
        { account: platformAccount('adjustment'), amount: poorBalance },
      ],
    });
    clock.advance(2 * DAY_MS);
    await t.app.services.mining.mining.payDue();
    const expired = await poor.call<Rental>('/api/user/minerinfo', { rental_id: poorRental });
    expect(expired.data!.status).toBe('expired');
    const renewAfter = await poor.call('/api/user/openminer', {
      rental_id: poorRental,
      action: 'renew',
      days: '2',
    });
    expect(renewAfter.code).toBe(0);
    expect(renewAfter.msg).toBe(translate('en', 'mining.rental_expired'));
  });

  it('claims stock and balance atomically under 50 parallel rentals', async () => {
    const small = await addModel({
      name: 'Scarce 10',
      'hash-rate-ths': '10',
      'power-w': '500',
      'price-per-day': '1',
      'electricity-per-day': '0.5',
      'min-days': '1',
      stock: '7',
    });
    // Five investors with 3 USDT each send 10 rentals of 1 day each: 3 can pay per person
    // (15 in all), but only 7 machines exist.
    const people = await Promise.all(Array.from({ length: 5 }, () => investor('3')));
    const replies = await Promise.all(
      people.flatMap((p) =>
        Array.from({ length: 10 }, () =>
          p.call('/api/user/minercreate', {
            model_id: small.model_id,
            days: '1',
            fund_password: '246810',
          }),
        ),
      ),
    );
    const ok = replies.filter((r) => r.code === 1).length;
    expect(ok).toBe(7);
    const refusals = new Set(replies.filter((r) => r.code === 0).map((r) => r.msg));
    expect(
      [...refusals].every((m) =>
        [
          translate('en', 'mining.out_of_stock'),
          translate('en', 'mining.insufficient_balance'),
        ].includes(m),
      ),
    ).toBe(true);
    const model = await miningRepository(t.db).model(t.db, small.model_id);
    expect(model!.rented).toBe(7);
    const rentals = await t.db
      .selectFrom('mining_rentals')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('model_id', '=', small.model_id)
      .executeTakeFirstOrThrow();
    expect(Number(rentals.n)).toBe(7);
    let spent = 0n;
    for (const p of people) spent += parseAmount('3') - parseAmount(await balance(p.user.userId));
    expect(spent).toBe(parseAmount('7'));

    // One investor, 3 USDT, 10 parallel rentals of a plentiful model: exactly 3 succeed.
    const one = await investor('3');
    const theirs = await Promise.all(
      Array.from({ length: 10 }, () =>
        one.call('/api/user/minercreate', {
          model_id: modelId,
          days: '2',
          fund_password: '246810',
        }),
      ),
    );
    expect(theirs.filter((r) => r.code === 1)).toHaveLength(1); // 2 USDT each: one fits
    expect(await balance(one.user.userId)).toBe('1');
  });

  it('refuses a wrong fund password and every bad input, translated, naming the field', async () => {
    const { user, call } = await investor('100', 'fr');
    const before = await balance(user.userId);
    const wrong = await call('/api/user/minercreate', {
      model_id: modelId,
      days: '2',
      fund_password: '000000',
    });
    expect(wrong.code).toBe(0);
    expect(wrong.data).toEqual({ field: 'fund_password' });
    expect(wrong.msg).toBe(translate('fr', 'withdraw.fund_password_wrong', { left: 4 }));

    const cases: [Record<string, string>, string, string][] = [
      [{ model_id: 'x', days: '2', fund_password: '246810' }, 'model_id', ''],
      [
        { model_id: '999999', days: '2', fund_password: '246810' },
        'model_id',
        'mining.model_unavailable',
      ],
      [
        { model_id: modelId, days: 'two', fund_password: '246810' },
        'days',
        'validation.count_format',
      ],
      [
        { model_id: modelId, days: '02', fund_password: '246810' },
        'days',
        'validation.count_format',
      ],
      [{ model_id: modelId, days: '0', fund_password: '246810' }, 'days', 'validation.at_least'],
      [{ model_id: modelId, days: '1', fund_password: '246810' }, 'days', 'mining.below_min_days'],
      [{ model_id: modelId, days: '2' }, 'fund_password', ''],
      [{ days: '2', fund_password: '246810' }, 'model_id', ''],
    ];
    for (const [body, field, key] of cases) {
      const reply = await call('/api/user/minercreate', body);
      expect(reply.code, JSON.stringify(body)).toBe(0);
      expect(reply.data).toEqual({ field });
      if (key) expect(reply.msg).toBe(translate('fr', key, { min: 2, limit: 1, field }));
      else expect(reply.msg).toContain(translate('fr', `field.${field}`));
    }
    const badStatus = await call('/api/user/minermy', { status: 'sleeping' });
    expect(badStatus.data).toEqual({ field: 'status' });
    const badPeriod = await t.call('/api/user/minerrank', { period: '1y', lang: 'fr' });
    expect(badPeriod.data).toEqual({ field: 'period' });
    const badAction = await call('/api/user/openminer', { rental_id: '1', action: 'sell' });
    expect(badAction.data).toEqual({ field: 'action' });
    const notMine = await call('/api/user/minerinfo', { rental_id: '1' });
    expect(notMine.msg).toBe(translate('fr', 'mining.rental_not_found'));
    const signedOut = await t.call('/api/user/minercreate', { model_id: modelId, days: '2' });
    expect(signedOut.code).toBe(10000);
    expect(await balance(user.userId)).toBe(before);
  });

  it('ranks users by mining earnings and shows the production block', async () => {
    const rank = await t.call<{
      list: {
        rank: number;
        nickname: string;
        me: boolean;
        cumulative_earnings: string;
        hash_rate_ths: string;
      }[];
    }>('/api/user/minerrank', { lang: 'en' });
    expect(rank.code).toBe(1);
    expect(rank.data!.list.length).toBeGreaterThan(0);
    expect(rank.data!.list[0]!.rank).toBe(1);
    // Renters keep their default nickname (the e-mail's name): the board shows none of it.
    for (const row of rank.data!.list) {
      expect(row.nickname).toMatch(/^.{1,2}\*\*\*@|\*\*\*\*/);
    }
    // Nobody's row is "mine" for a reader who is not signed in; a renter reading the board
    // finds their own row marked (the app says "You" there instead of the masked account).
    expect(rank.data!.list.filter((r) => r.me)).toEqual([]);
    const renter = await t.db
      .selectFrom('mining_payouts')
      .select('user_id')
      .orderBy('amount', 'desc')
      .executeTakeFirstOrThrow();
    const asRenter = await t.app.services.mining.mining.rank('all', {
      userId: String(renter.user_id),
      lang: 'en',
    });
    expect(asRenter.list.filter((r) => r.me)).toHaveLength(1);
    const totals = rank.data!.list.map((r) => parseAmount(r.cumulative_earnings));
    expect([...totals].sort((a, b) => (a < b ? 1 : -1))).toEqual(totals);

    const production = await t.call<{ output_per_ths_usdt: string; miners_rented: number }>(
      '/api/main/production',
      { lang: 'en' },
    );
    expect(production.code).toBe(1);
    // 1 TH/s at the known inputs: a hundredth of 6.28642737.
    expect(production.data!.output_per_ths_usdt).toBe('0.06286427');
    expect(production.data!.miners_rented).toBeGreaterThan(0);
  });

  it('never covers a paid day with a renewal, and each day is one entry the rentals add up to', async () => {
    const mining = t.app.services.mining.mining;
    const day = (n: number) =>
      new Date(clock.now().getTime() + n * DAY_MS).toISOString().slice(0, 10);
    const { user, call } = await investor('100');
    const other = await investor('100');
    const rent = async (who: typeof other, days: string) =>
      (
        await who.call<{ rental_id: string }>('/api/user/minercreate', {
          model_id: modelId,
          days,
          fund_password: '246810',
        })
      ).data!.rental_id;
    const rentalId = await rent({ user, call }, '2');
    const otherRentals = [await rent(other, '5'), await rent(other, '5')];
    const before = parseAmount(await balance(user.userId));

    // The job pays days 0, 1 and 2 but has not yet expired the rental, whose last day was
    // day 1. A renewal now must not cover day 2, which a run has paid without it: its new
    // term starts on day 3.
    for (const n of [0, 1, 2]) await mining.payDay(day(n));
    const renewed = await call<Rental & { expires_at: string }>('/api/user/openminer', {
      rental_id: rentalId,
      action: 'renew',
      days: '2',
    });
    expect(renewed.code, renewed.msg).toBe(1);
    expect(renewed.data!.days).toBe(4);
    expect(renewed.data!.expires_at).toBe(`${day(5)}T00:00:00.000Z`);
    await mining.payDay(day(3));

    const info = await call<{
      cumulative_earnings: string;
      payouts: { day: string; amount: string }[];
    }>('/api/user/minerinfo', { rental_id: rentalId });
    expect(info.data!.payouts.map((p) => p.day)).toEqual([day(0), day(1), day(3)]);
    expect(info.data!.cumulative_earnings).toBe(formatAmount(3n * parseAmount('4.28642737')));
    // What the screen says was paid is what the balance received (less the renewal).
    expect(parseAmount(await balance(user.userId))).toBe(
      before + 3n * parseAmount('4.28642737') - 2n * parseAmount('1'),
    );

    // One ledger entry per day: the platform's debit and one credit per renter, each the
    // sum of that renter's rentals (two for the other investor).
    const legs = await t.db
      .selectFrom('journal_entries as e')
      .innerJoin('postings as p', 'p.entry_id', 'e.id')
      .innerJoin('accounts as a', 'a.id', 'p.account_id')
      .select(['e.id', 'a.user_id', 'p.amount'])
      .where('e.idempotency_key', '=', `mining:payout:${day(1)}`)
      .execute();
    expect(new Set(legs.map((l) => l.id)).size).toBe(1);
    const credit = (userId: string) => legs.find((l) => l.user_id === userId)?.amount;
    expect(credit(user.userId)).toBe(parseAmount('4.28642737').toString());
    expect(credit(other.user.userId)).toBe((2n * parseAmount('4.28642737')).toString());
    expect(legs.reduce((sum, l) => sum + BigInt(l.amount), 0n)).toBe(0n);
    for (const id of otherRentals) {
      const r = await other.call<Rental>('/api/user/minerinfo', { rental_id: id });
      expect(r.data!.cumulative_earnings).toBe(formatAmount(4n * parseAmount('4.28642737')));
    }

    // A day's rates, like its inputs, are never rewritten; neither is a paid term.
    await expect(
      sql`update mining_day_rates set amount = 1 where day = ${day(1)}`.execute(t.ownerDb),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.ownerDb
        .updateTable('mining_payments')
        .set({ days: 9 })
        .where('rental_id', '=', rentalId)
        .execute(),
    ).rejects.toThrow(/append-only/);
    clock.advance(4 * DAY_MS); // past the runs, for what follows
  });

  it('pays a day from the operator CLI, idempotently, and the audit is clean after all', async () => {
    const yesterday = new Date(clock.now().getTime() - DAY_MS).toISOString().slice(0, 10);
    const first = await runCli(t.databaseUrl, ['mining:payout', '--day', yesterday]);
    expect(first.exitCode, JSON.stringify(first.json)).toBe(0);
    const again = await runCli(t.databaseUrl, ['mining:payout', '--day', yesterday]);
    expect(again.json).toMatchObject({ paid: [{ day: yesterday, rentals: 0, total: '0' }] });
    const future = await runCli(t.databaseUrl, ['mining:payout', '--day', '2099-01-01']);
    expect(future.exitCode).toBe(2);

    const report = await auditService(auditRepository(t.db)).run();
    expect(report.checks.filter((c) => !c.ok)).toEqual([]);
    expect(report.ok).toBe(true);
    expect(asked.length).toBeGreaterThan(0);
  }, 180_000);
});
