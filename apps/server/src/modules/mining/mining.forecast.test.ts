// Judging a machine before renting it, and each day's payout beside what was forecast
// (issue 35, decision 142), on a real database. Every figure is checked against the
// formula worked out here, in this file, from the inputs the database stored for the day
// (BTC/day = H/s * 86400 * reward / (difficulty * 2^32), at the day's price), never by
// calling the code under test: hashprice and its 30 days, each model's net, break-even,
// break-even BTC price, "buy BTC instead", the BTC mined and the fan of outcomes; the
// forecast stored with a term and shown beside each paid day, never recomputed; and the
// accrual of the day under way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount, parseAmount } from '@olive/protocol';
import { register } from '../../../test/accounts.ts';
import { runCli } from '../../../test/cli.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { ManualClock } from '../../ports/clock.ts';
import { platformAccount, userAccount } from '../ledger/ledger.service.ts';
import type { MiningDataFeed, MiningDayInputs } from './feed.ts';

const DAY = 86_400_000;
const clock = new ManualClock(new Date('2026-03-01T06:00:00Z'));
const TODAY = '2026-03-01';
/** 10^14 difficulty, 3.125 BTC + 0.03 BTC of fees, 100,000 USDT; block 940,000, halfway. */
const BASE: MiningDayInputs = {
  difficulty: 100_000_000_000_000n,
  networkHashrate: 715_827_882_666_666_666_666n,
  blockRewardSat: 315_500_000n,
  btcPrice: parseAmount('100000'),
  source: 'simulated',
  epoch: {
    height: 940_000,
    progressPct: 50,
    estChangePct: 1.5,
    // The next adjustment expected on 2026-03-08 at noon: the 9th is the first day on it.
    nextAdjustmentAt: new Date('2026-03-08T12:00:00Z'),
  },
};
/** Each day of February a little cheaper than the next; the 2nd of March at half price. */
const inputsOf = (day: string): MiningDayInputs => {
  if (day === '2026-03-02') return { ...BASE, btcPrice: parseAmount('50000') };
  const before = Math.max(0, (Date.parse(TODAY) - Date.parse(day)) / DAY);
  return { ...BASE, btcPrice: parseAmount('100000') - parseAmount(String(before * 100)) };
};
const feed: MiningDataFeed = {
  source: 'simulated',
  historical: true,
  day: async (d) => inputsOf(d),
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, miningFeed: feed });
});
afterAll(() => t.close());

// ---- the formula, written out here from the stored inputs ----
interface Stored {
  difficulty: bigint;
  reward: bigint;
  price: bigint;
}
async function stored(day: string): Promise<Stored> {
  const row = await t.db
    .selectFrom('mining_days')
    .select(['difficulty', 'block_reward_sat', 'btc_price'])
    .where('day', '=', day)
    .executeTakeFirstOrThrow();
  return {
    difficulty: BigInt(row.difficulty),
    reward: BigInt(row.block_reward_sat),
    price: BigInt(row.btc_price),
  };
}
const U = 100_000_000n; // units of 10^-8 in one USDT (and satoshi in one BTC)
/** A machine of `ths` TH/s for one day: BTC in satoshi x 10^8, gross and net in 10^-8 USDT. */
function oneDay(ths: bigint, s: Stored, electricity: bigint) {
  const hashesPerDay = ths * 10n ** 12n * 86_400n;
  const expectedBlocksTimes2pow32 = s.difficulty * 4_294_967_296n;
  const sat8 = (hashesPerDay * s.reward * U) / expectedBlocksTimes2pow32;
  const gross = (hashesPerDay * s.reward * s.price) / (expectedBlocksTimes2pow32 * U);
  return { sat8, gross, net: gross > electricity ? gross - electricity : 0n };
}
/** Day i (0 = today) of a term from today's stored inputs, difficulty up `bps` per adjustment. */
function termDay(ths: bigint, s: Stored, electricity: bigint, i: number, bps: bigint) {
  // Adjustments take effect from the 9th (i = 8), then every 14 days; the subsidy halves at
  // block 1,050,000: 110,000 blocks of 10 minutes, 763 whole days on.
  const adjustments = i < 8 ? 0 : Math.floor((i - 8) / 14) + 1;
  let difficulty = s.difficulty;
  for (let k = 0; k < adjustments; k += 1) difficulty = (difficulty * (10_000n + bps)) / 10_000n;
  const reward = i >= 763 ? s.reward - 156_250_000n : s.reward;
  return oneDay(ths, { difficulty, reward, price: s.price }, electricity);
}
function term(ths: bigint, s: Stored, electricity: bigint, days: number, bps = 0n) {
  const out = { sat8: 0n, gross: 0n, net: 0n, daily: [] as bigint[] };
  for (let i = 0; i < days; i += 1) {
    const d = termDay(ths, s, electricity, i, bps);
    out.sat8 += d.sat8;
    out.gross += d.gross;
    out.net += d.net;
    out.daily.push(d.net);
  }
  return out;
}
const ceil = (a: bigint, b: bigint) => (a + b - 1n) / b;

async function addModel(values: Record<string, string>) {
  const { exitCode, json } = await runCli(t.databaseUrl, [
    'mining:model-add',
    ...Object.entries(values).flatMap(([k, v]) => [`--${k}`, v]),
  ]);
  expect(exitCode, JSON.stringify(json)).toBe(0);
  return (json as { model_id: string }).model_id;
}

interface ModelFigures {
  model_id: string;
  name: string;
  min_days: number;
  hashprice: string;
  est_net_per_day: string;
  est_breakeven_days: number | null;
  breakeven_btc_price: string | null;
  btc_instead: string;
  est_btc_mined: string;
  term_exceeds_breakeven: 0 | 1;
  halving_on: string | null;
  forecast: { difficulty_change_pct: number; est_net_total: string }[];
}

describe('before renting', () => {
  let cheap: string;
  let dear: string;

  beforeAll(async () => {
    const common = {
      'hash-rate-ths': '100',
      'power-w': '3000',
      'electricity-per-day': '2',
      stock: '50',
    };
    // Rent 1 USDT a day for a net of about 4.35: pays back inside its 2-day minimum.
    cheap = await addModel({ name: 'Fair 100T', 'price-per-day': '1', 'min-days': '2', ...common });
    // Rent 5 a day for the same machine, 10 days at least: needs 12 days to pay back.
    dear = await addModel({ name: 'Dear 100T', 'price-per-day': '5', 'min-days': '10', ...common });
  });

  it('gives each model its figures by the formula from the stored day', async () => {
    const reply = await t.call<{ list: ModelFigures[] }>('/api/user/minerconf', { lang: 'en' });
    expect(reply.code, reply.msg).toBe(1);
    const s = await stored(TODAY);
    expect(s).toEqual({ difficulty: BASE.difficulty, reward: 315_500_000n, price: BASE.btcPrice });
    const hashprice = oneDay(1n, s, 0n).gross;
    for (const [id, rentPerDay, minDays] of [
      [cheap, parseAmount('1'), 2],
      [dear, parseAmount('5'), 10],
    ] as const) {
      const model = reply.data!.list.find((m) => m.model_id === id)!;
      const day = oneDay(100n, s, parseAmount('2'));
      const rent = rentPerDay * BigInt(minDays);
      const held = term(100n, s, parseAmount('2'), minDays);
      const breakeven = Number(ceil(rent, day.net));
      expect(model).toMatchObject({
        hashprice: formatAmount(hashprice),
        est_net_per_day: formatAmount(day.net),
        est_breakeven_days: breakeven,
        // The price at which the BTC mined pays the rent and the electricity of the term.
        breakeven_btc_price: formatAmount(
          ceil((rent + parseAmount('2') * BigInt(minDays)) * U * U, held.sat8),
        ),
        // The rent in BTC at today's price, rounded down to the satoshi.
        btc_instead: formatAmount((rent * U) / s.price),
        est_btc_mined: formatAmount(held.sat8 / U),
        // The net paid, in BTC at today's price: what compares with buying BTC instead.
        est_btc_net: formatAmount(held.net > 0n ? (held.net * U) / s.price : 0n),
        term_exceeds_breakeven: breakeven > minDays ? 1 : 0,
        halving_on: null,
        forecast: [0n, 200n, 400n].map((bps) => ({
          difficulty_change_pct: Number(bps) / 100,
          est_net_total: formatAmount(term(100n, s, parseAmount('2'), minDays, bps).net),
        })),
      });
    }
    // The figures a newcomer would notice: 63.47 sat a TH/s a day at 100,000 USDT: 0.0635 USDT.
    expect(reply.data!.list.find((m) => m.model_id === cheap)!.hashprice).toBe('0.06346777');
    expect(reply.data!.list.find((m) => m.model_id === cheap)!.term_exceeds_breakeven).toBe(0);
    expect(reply.data!.list.find((m) => m.model_id === dear)!).toMatchObject({
      est_breakeven_days: 12,
      term_exceeds_breakeven: 1,
    });
    // A fan: the harder the network gets after the 9th, the less the 10 days earn.
    const fan = reply
      .data!.list.find((m) => m.model_id === dear)!
      .forecast.map((f) => parseAmount(f.est_net_total));
    expect(fan[0]! > fan[1]! && fan[1]! > fan[2]!).toBe(true);
  });

  it('quotes a chosen term, with a halving inside it', async () => {
    const reply = await t.call<Record<string, unknown>>('/api/user/minerquote', {
      lang: 'en',
      model_id: cheap,
      days: '800',
    });
    expect(reply.code, reply.msg).toBe(1);
    const s = await stored(TODAY);
    const held = term(100n, s, parseAmount('2'), 800);
    expect(reply.data).toMatchObject({
      term_days: 800,
      rent: '800',
      halving_on: '2028-04-02', // 763 days after 2026-03-01
      est_gross_total: formatAmount(held.gross),
      est_electricity_total: '1600',
      est_net_total: formatAmount(held.net),
      est_result_total: formatAmount(held.net - parseAmount('800')),
      est_btc_mined: formatAmount(held.sat8 / U),
      est_btc_net: formatAmount(held.net > 0n ? (held.net * U) / s.price : 0n),
      forecast: [0n, 200n, 400n].map((bps) => ({
        difficulty_change_pct: Number(bps) / 100,
        est_net_total: formatAmount(term(100n, s, parseAmount('2'), 800, bps).net),
      })),
    });
    // After the halving a day earns less than before it.
    expect(termDay(100n, s, 0n, 763, 0n).gross < termDay(100n, s, 0n, 762, 0n).gross).toBe(true);

    const short = await t.call('/api/user/minerquote', { lang: 'en', model_id: dear, days: '9' });
    expect(short).toMatchObject({ code: 0, data: { field: 'days' } });
    expect(short.msg).toContain('10');
  });

  it('gives hashprice, the next adjustment and 30 days of history from the stored days', async () => {
    const reply = await t.call<{
      hashprice: string;
      difficulty: string;
      next_adjustment: { progress_pct: number; est_change_pct: number; est_date: string };
      history: { day: string; hashprice: string }[];
    }>('/api/main/hashprice', { lang: 'en' });
    expect(reply.code, reply.msg).toBe(1);
    expect(reply.data).toMatchObject({
      hashprice: formatAmount(oneDay(1n, await stored(TODAY), 0n).gross),
      difficulty: '100000000000000',
      next_adjustment: {
        progress_pct: 50,
        est_change_pct: 1.5,
        est_date: '2026-03-08T12:00:00.000Z',
      },
    });
    const history = reply.data!.history;
    expect(history).toHaveLength(30);
    expect(history[0]!.day).toBe('2026-01-31');
    expect(history.at(-1)!.day).toBe(TODAY);
    for (const point of history) {
      expect(point.hashprice).toBe(formatAmount(oneDay(1n, await stored(point.day), 0n).gross));
    }
    // The price rose 100 USDT a day, and so did hashprice.
    expect(parseAmount(history[0]!.hashprice) < parseAmount(history.at(-1)!.hashprice)).toBe(true);
  });
});

describe('after renting', () => {
  it('stores the forecast with the term, shows it beside each paid day, never recomputed', async () => {
    const user = await register(t, {});
    await t.app.services.ledger.post({
      kind: 'deposit',
      idempotencyKey: `test-deposit:${user.userId}`,
      postings: [
        { account: platformAccount('custody', 'trc20'), amount: -parseAmount('100') },
        { account: userAccount(user.userId, 'available'), amount: parseAmount('100') },
      ],
    });
    const call = <T>(path: string, body: Record<string, string> = {}) =>
      t.call<T>(path, { lang: 'en', ...body }, user.headers);
    const modelId = (await t.db
      .selectFrom('mining_models')
      .select('id')
      .where('name', '=', 'Dear 100T')
      .executeTakeFirstOrThrow())!.id;
    const created = await call<{ rental_id: string }>('/api/user/minercreate', {
      model_id: String(modelId),
      days: '10',
      fund_password: '246810',
    });
    expect(created.code, created.msg).toBe(1);
    const rentalId = created.data!.rental_id;
    const basis = await stored(TODAY);
    const expected = term(100n, basis, parseAmount('2'), 10);

    // Stored: one net amount per day of the term, from today's inputs.
    const row = await t.db
      .selectFrom('mining_term_forecasts')
      .selectAll()
      .where('rental_id', '=', rentalId)
      .executeTakeFirstOrThrow();
    expect(row.amounts.map(String)).toEqual(expected.daily.map(String));
    expect(String(row.starts_on)).toContain('2026');

    // At 06:00 a quarter of the day has gone: a quarter of today's output is accruing,
    // paid after the day ends, at the job's first run.
    type Info = {
      accruing_today: string;
      accruing_day_estimate: string;
      accruing_paid_about: string | null;
      forecast_total: string;
      realised_total: string;
      payouts: { day: string; amount: string; forecast_amount: string | null }[];
    };
    const first = await call<Info>('/api/user/minerinfo', { rental_id: rentalId });
    const today = oneDay(100n, basis, parseAmount('2')).net;
    expect(first.data).toMatchObject({
      accruing_day_estimate: formatAmount(today),
      accruing_today: formatAmount(today / 4n),
      accruing_paid_about: '2026-03-02T00:05:00.000Z',
      forecast_total: '0',
      realised_total: '0',
      payouts: [],
    });

    // Two days later, both paid: the second day's price had halved. Its payout follows its
    // own inputs; its forecast is still the one made on the first day.
    clock.advance(Date.parse('2026-03-03T12:00:00Z') - clock.now().getTime());
    await t.app.services.mining.mining.payDue();
    const info = (await call<Info>('/api/user/minerinfo', { rental_id: rentalId })).data!;
    const second = await stored('2026-03-02');
    expect(second.price).toBe(parseAmount('50000'));
    expect(info.payouts).toEqual([
      expect.objectContaining({
        day: '2026-03-01',
        amount: formatAmount(oneDay(100n, basis, parseAmount('2')).net),
        forecast_amount: formatAmount(expected.daily[0]!),
      }),
      expect.objectContaining({
        day: '2026-03-02',
        amount: formatAmount(oneDay(100n, second, parseAmount('2')).net),
        forecast_amount: formatAmount(expected.daily[1]!),
      }),
    ]);
    expect(info.payouts[1]!.amount).not.toBe(info.payouts[1]!.forecast_amount);
    expect(info.forecast_total).toBe(formatAmount(expected.daily[0]! + expected.daily[1]!));
    expect(info.realised_total).toBe(
      formatAmount(
        oneDay(100n, basis, parseAmount('2')).net + oneDay(100n, second, parseAmount('2')).net,
      ),
    );
    // Half of the 3rd has gone.
    expect(info.accruing_today).toBe(
      formatAmount(oneDay(100n, await stored('2026-03-03'), parseAmount('2')).net / 2n),
    );

    // The app cannot rewrite a stored forecast.
    await expect(
      t.db
        .updateTable('mining_term_forecasts')
        .set({ amounts: ['1'] })
        .where('rental_id', '=', rentalId)
        .execute(),
    ).rejects.toThrow();
    // A renewal stores its own term's forecast, from the day it is paid.
    const renewed = await call('/api/user/openminer', {
      rental_id: rentalId,
      action: 'renew',
      days: '10',
    });
    expect(renewed.code, renewed.msg).toBe(1);
    const forecasts = await t.db
      .selectFrom('mining_term_forecasts')
      .select(['starts_on', 'basis_day'])
      .where('rental_id', '=', rentalId)
      .orderBy('starts_on')
      .execute();
    expect(forecasts.map((f) => String(f.basis_day).slice(0, 4))).toHaveLength(2);
  });
});
