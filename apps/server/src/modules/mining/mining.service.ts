// Mining rental as the investor meets it: the models with today's estimate, renting (price
// x days from the balance, stock claimed atomically), renewal and auto-renew, the rental's
// figures and records, the leaderboard, Home's production block. The daily payout run
// (mining.payout.ts) is composed here so that callers keep one service.
//   active -> expired (at the end date, unless auto-renew renews it)
import { displayName } from '../users/display-name.ts';
import { demoName } from '../users/demo-names.ts';
import { countRefusal, formatAmount } from '@olive/protocol';
import { AppError, fieldError, numberError } from '../../errors.ts';
import type { Clock } from '../../ports/clock.ts';
import {
  InsufficientBalanceError,
  platformAccount,
  userAccount,
  type EntryRequest,
  type LedgerService,
} from '../ledger/ledger.service.ts';
import { dailyOutput, dayNumber, dayText, type MiningDataFeed } from './feed.ts';
import { FAN_BPS, halvingDays, termForecast } from './forecast.ts';
import { miningPayoutRun } from './mining.payout.ts';
import type { MiningPayoutRepository } from './mining.payout.repository.ts';
import type { DayRow, MiningRepository, ModelRow, RentalRow } from './mining.repository.ts';

/** A leaderboard read by nobody in particular: no row is theirs, demo names in English. */
const ANYONE: { userId: string | null; lang: string } = { userId: null, lang: 'en' };
export const RENTAL_STATUSES = ['active', 'expired'] as const;
export const MINER_ACTIONS = ['renew', 'auto_renew_on', 'auto_renew_off'] as const;
export type MinerAction = (typeof MINER_ACTIONS)[number];
export const RANK_PERIODS = ['all', '7d', '30d'] as const;
/** The longest rental or renewal, in days. */
export const MAX_RENTAL_DAYS = 3650;

/** The fund password's check of the security module (5 wrong tries lock for 24 hours). */
export type FundPasswordCheck = (userId: string, fundPassword: string) => Promise<unknown>;

/** 200000 GH/s -> "200"; 120500 -> "120.5". */
export function thsText(ghs: bigint | string): string {
  const g = BigInt(ghs);
  const whole = g / 1000n;
  const frac = (g % 1000n).toString().padStart(3, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole.toString();
}

const iso = (d: Date | string) => new Date(d).toISOString();
const todayOf = (now: Date) => now.toISOString().slice(0, 10);
/** Days of hashprice history shown (today included). */
export const HASHPRICE_HISTORY_DAYS = 30;
/** Minutes past midnight UTC the payout job first runs (its cron: `5 * * * *`). */
const PAYOUT_MINUTE = 5;

/** Satoshi as BTC with 8 decimals. */
const btcText = (sat: bigint) => formatAmount(sat);
/** Ceiling division of positive integers. */
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** USDT per TH/s per day from a day's inputs: the formula at 1 TH/s, before electricity. */
export function hashpriceOf(day: Pick<DayRow, 'difficulty' | 'block_reward_sat' | 'btc_price'>) {
  return dailyOutput({
    hashRateGhs: 1000n,
    difficulty: BigInt(day.difficulty),
    blockRewardSat: BigInt(day.block_reward_sat),
    btcPrice: BigInt(day.btc_price),
    electricity: 0n,
  }).gross;
}

/** Days as the route read them (a number) or as a caller wrote them, by the one parser. */
function daysOf(value: number | string) {
  const refusal = countRefusal(value, { min: 1, max: MAX_RENTAL_DAYS });
  if (refusal) throw numberError('days', 'count', refusal);
  return Number(value);
}

export function miningService(deps: {
  repo: MiningRepository;
  /** The daily payout run's SQL (mining.payout.repository.ts). */
  payouts: MiningPayoutRepository;
  ledger: LedgerService;
  feed: MiningDataFeed;
  clock: Clock;
  checkFundPassword: FundPasswordCheck;
}) {
  const { repo, ledger, feed, clock, checkFundPassword } = deps;
  const runs = deps.payouts;
  const db = repo.db;

  /** A day's inputs: stored on first use (from the feed) and read from then on. */
  async function inputs(day: string): Promise<DayRow> {
    return (await repo.day(db, day)) ?? repo.storeDay(day, await feed.day(day));
  }

  function estimateOf(model: ModelRow, day: DayRow) {
    const out = dailyOutput({
      hashRateGhs: BigInt(model.hash_rate_ghs),
      difficulty: BigInt(day.difficulty),
      blockRewardSat: BigInt(day.block_reward_sat),
      btcPrice: BigInt(day.btc_price),
      electricity: BigInt(model.electricity_per_day),
    });
    const rent = BigInt(model.price_per_day) * BigInt(model.min_days);
    // Days of the estimated net output that pay back the minimum term's rent; null: never.
    const breakeven = out.amount > 0n ? Number((rent + out.amount - 1n) / out.amount) : null;
    return { ...out, breakeven };
  }

  /**
   * What a term of `days` from `day` is expected to do, from the day's stored inputs
   * (decision 142): the rent, the BTC it would buy today, the BTC the machine is expected to
   * mine and the net with today's difficulty held, the fan of outcomes, the BTC price at
   * which the term just pays back, and whether the static break-even is longer than it.
   */
  function termView(model: ModelRow, day: DayRow, days: number) {
    const machine = {
      hashRateGhs: BigInt(model.hash_rate_ghs),
      electricity: BigInt(model.electricity_per_day),
    };
    const fan = FAN_BPS.map((bps) => ({
      bps,
      ...termForecast(day, machine, day.day, days, bps),
    }));
    const held = fan[0]!;
    const rent = BigInt(model.price_per_day) * BigInt(days);
    const estimate = estimateOf(model, day);
    const breakevenDays = estimate.amount > 0n ? Number(ceilDiv(rent, estimate.amount)) : null;
    // The price at which the BTC mined over the term pays its rent and electricity.
    const costs = rent + machine.electricity * BigInt(days);
    const btcSat = held.btcSat8 / 100_000_000n;
    const halving = halvingDays(day, dayNumber(day.day) + days)[0];
    return {
      term_days: days,
      rent: formatAmount(rent),
      breakeven_days: breakevenDays,
      breakeven_btc_price:
        held.btcSat8 > 0n ? formatAmount(ceilDiv(costs * 10n ** 16n, held.btcSat8)) : null,
      btc_instead: btcText((rent * 100_000_000n) / BigInt(day.btc_price)),
      est_btc_mined: btcText(btcSat),
      // What the investor is paid (the net, after electricity) in BTC at today's price: the
      // like-for-like figure beside btc_instead. The gross mined BTC is not theirs.
      est_btc_net: btcText(
        held.netTotal > 0n ? (held.netTotal * 100_000_000n) / BigInt(day.btc_price) : 0n,
      ),
      est_gross_total: formatAmount(held.grossTotal),
      est_electricity_total: formatAmount(machine.electricity * BigInt(days)),
      est_net_total: formatAmount(held.netTotal),
      est_result_total: formatAmount(held.netTotal - rent),
      term_exceeds_breakeven: (breakevenDays === null || breakevenDays > days ? 1 : 0) as 0 | 1,
      halving_on: halving === undefined ? null : dayText(halving),
      forecast: fan.map((f) => ({
        difficulty_change_pct: f.bps / 100,
        est_net_total: formatAmount(f.netTotal),
      })),
    };
  }

  function modelView(model: ModelRow, day: DayRow) {
    const estimate = estimateOf(model, day);
    const term = termView(model, day, model.min_days);
    return {
      model_id: model.id,
      name: model.name,
      algorithm: model.algorithm,
      hash_rate_ths: thsText(model.hash_rate_ghs),
      power_w: model.power_w,
      price_per_day: formatAmount(BigInt(model.price_per_day)),
      electricity_per_day: formatAmount(BigInt(model.electricity_per_day)),
      min_days: model.min_days,
      stock: model.stock,
      stock_left: Math.max(0, model.stock - model.rented),
      est_gross_output: formatAmount(estimate.gross),
      est_daily_output: formatAmount(estimate.amount),
      est_breakeven_days: estimate.breakeven,
      hashprice: formatAmount(hashpriceOf(day)),
      est_net_per_day: formatAmount(estimate.amount),
      breakeven_btc_price: term.breakeven_btc_price,
      btc_instead: term.btc_instead,
      est_btc_mined: term.est_btc_mined,
      est_btc_net: term.est_btc_net,
      term_exceeds_breakeven: term.term_exceeds_breakeven,
      halving_on: term.halving_on,
      forecast: term.forecast,
      estimate: true as const,
    };
  }

  /**
   * Stores a new term's forecast: each day's net with today's inputs held (difficulty, price;
   * a halving inside the term halves the subsidy), made now and never recomputed.
   */
  async function storeForecast(
    trx: typeof db,
    basis: DayRow,
    rental: { id: string; hash_rate_ghs: string; electricity_per_day: string },
    startsOn: string,
    days: number,
  ) {
    const { daily } = termForecast(
      basis,
      {
        hashRateGhs: BigInt(rental.hash_rate_ghs),
        electricity: BigInt(rental.electricity_per_day),
      },
      startsOn,
      days,
      0,
    );
    await repo.insertForecast(trx, {
      rental_id: rental.id,
      starts_on: startsOn,
      basis_day: basis.day,
      difficulty_change_bps: 0,
      amounts: daily,
    });
  }

  async function rentalView(row: RentalRow) {
    return {
      rental_id: row.id,
      model_id: row.model_id,
      model: row.model_name,
      hash_rate_ths: thsText(row.hash_rate_ghs),
      hash_rate_24h_ths: row.status === 'active' ? thsText(row.hash_rate_ghs) : '0',
      days: row.days,
      price_per_day: formatAmount(BigInt(row.price_per_day)),
      electricity_per_day: formatAmount(BigInt(row.electricity_per_day)),
      started_at: iso(row.started_at),
      expires_at: iso(row.expires_at),
      starts_on: row.starts_on,
      ends_on: row.ends_on,
      status: row.status,
      auto_renew: row.auto_renew,
      cumulative_earnings: formatAmount(BigInt(row.cumulative)),
      paid_days: row.paid_days,
    };
  }

  async function owned(userId: string, rentalId: string) {
    const row = await repo.rental(db, rentalId);
    if (!row || row.user_id !== userId) throw new AppError('mining.rental_not_found');
    return row;
  }

  /**
   * Today's accrual of an active rental, as an estimate: the day's output by the formula
   * at today's inputs (the ones the payout will use once stored), pro rata of the UTC day
   * gone by; paid in full after the day ends, at the job's first run (about 00:05 UTC).
   */
  async function accruing(row: RentalRow) {
    const now = clock.now();
    const today = todayOf(now);
    const none = { accruing_today: '0', accruing_day_estimate: '0', accruing_paid_about: null };
    if (row.status !== 'active' || row.starts_on > today || row.ends_on <= today) return none;
    const last = await runs.lastRun(db);
    if (last && last >= today) return none;
    const day = await inputs(today);
    const full = dailyOutput({
      hashRateGhs: BigInt(row.hash_rate_ghs),
      difficulty: BigInt(day.difficulty),
      blockRewardSat: BigInt(day.block_reward_sat),
      btcPrice: BigInt(day.btc_price),
      electricity: BigInt(row.electricity_per_day),
    }).amount;
    const elapsed = BigInt(now.getTime() - dayNumber(today) * 86_400_000);
    return {
      accruing_today: formatAmount((full * elapsed) / 86_400_000n),
      accruing_day_estimate: formatAmount(full),
      accruing_paid_about: iso(
        new Date((dayNumber(today) + 1) * 86_400_000 + PAYOUT_MINUTE * 60_000),
      ),
    };
  }

  /** The rent and the platform's margin as two entries (margin_bps of the rent). */
  function rentEntries(
    userId: string,
    rentalId: string,
    model: ModelRow,
    days: number,
    tag: string,
  ): { entries: EntryRequest[]; amount: bigint; margin: bigint } {
    const amount = BigInt(model.price_per_day) * BigInt(days);
    const margin = (amount * BigInt(model.margin_bps)) / 10_000n;
    const rest = amount - margin;
    const entries: EntryRequest[] = [];
    const reference = `mining:rental:${rentalId}`;
    if (rest > 0n) {
      entries.push({
        kind: 'mining_rent',
        idempotencyKey: `mining:${tag}:rent`,
        reference,
        memo: `${model.name} x ${days}`,
        postings: [
          { account: userAccount(userId, 'available'), amount: -rest },
          { account: platformAccount('mining_revenue'), amount: rest },
        ],
      });
    }
    if (margin > 0n) {
      entries.push({
        kind: 'mining_margin',
        idempotencyKey: `mining:${tag}:margin`,
        reference,
        memo: `${model.name} x ${days}`,
        postings: [
          { account: userAccount(userId, 'available'), amount: -margin },
          { account: platformAccount('mining_margin'), amount: margin },
        ],
      });
    }
    return { entries, amount, margin };
  }

  /** Posts a payment's entries; the first (the rent, or the margin if that is all) names it. */
  async function postRent(trx: typeof db, entries: EntryRequest[]) {
    const ids = [];
    for (const entry of entries) ids.push((await ledger.post(entry, trx)).id);
    if (!ids[0]) throw new Error('mining: a payment with no entry');
    return ids[0];
  }

  /**
   * The first day a new term may cover: `from`, or the day after the newest paid day if a
   * run has paid `from` already (a term never covers a paid day: decision 127). Takes the
   * runs' lock in shared mode, held until `trx` ends.
   */
  async function termStart(trx: typeof db, from: string) {
    await runs.lockRuns(trx, false);
    const last = await runs.lastRun(trx);
    return last && last >= from ? dayText(dayNumber(last) + 1) : from;
  }

  /**
   * Renews an active rental by `days` at the model's current price, inside `trx`: the new
   * term follows the last one, or starts after the newest paid day if the job paid past
   * the rental's end before it was renewed.
   */
  async function renewIn(
    trx: typeof db,
    rental: RentalRow,
    days: number,
    kind: 'renew' | 'auto_renew',
    basis: DayRow,
  ) {
    const model = await repo.model(trx, rental.model_id);
    if (!model || !model.enabled) throw new AppError('mining.model_unavailable');
    const startsOn = await termStart(trx, rental.ends_on);
    // The tag is unique per renewal: the rental's span before it.
    const tag = `rental:${rental.id}:${kind}:${rental.days}`;
    const { entries, amount, margin } = rentEntries(rental.user_id, rental.id, model, days, tag);
    const entryId = await postRent(trx, entries);
    await repo.extend(trx, rental.id, startsOn, days);
    await repo.insertPayment(trx, {
      rental_id: rental.id,
      kind,
      starts_on: startsOn,
      days,
      amount,
      margin,
      entry_id: entryId,
    });
    await storeForecast(trx, basis, rental, startsOn, days);
  }

  const run = miningPayoutRun({
    payouts: runs,
    rentals: repo,
    ledger,
    clock,
    inputs,
    renew: (trx, rental, basis) => renewIn(trx, rental, rental.term_days, 'auto_renew', basis),
  });

  return {
    source: feed.source,
    inputs,
    payDay: run.payDay,
    expireEnded: run.expireEnded,

    async conf() {
      const day = await inputs(todayOf(clock.now()));
      const models = await repo.models({ enabledOnly: true });
      return { source: feed.source, list: models.map((m) => modelView(m, day)) };
    },

    async create(
      userId: string,
      input: { model_id: string; days: number | string; fund_password: string },
    ) {
      const model = await repo.model(db, input.model_id);
      if (!model || !model.enabled) throw fieldError('model_id', 'mining.model_unavailable');
      const days = daysOf(input.days);
      if (days < model.min_days) {
        throw fieldError('days', 'mining.below_min_days', { min: model.min_days });
      }
      await checkFundPassword(userId, input.fund_password);
      const now = clock.now();
      const basis = await inputs(todayOf(now));
      try {
        return await db.transaction().execute(async (trx) => {
          const startsOn = await termStart(trx, todayOf(now));
          const claimed = await repo.claimStock(trx, model.id);
          if (!claimed) throw new AppError('mining.out_of_stock');
          const rentalId = await repo.insertRental(trx, {
            user_id: userId,
            model: claimed,
            days,
            starts_on: startsOn,
            ends_on: dayText(dayNumber(startsOn) + days),
            started_at: now,
            expires_at: new Date(`${dayText(dayNumber(startsOn) + days)}T00:00:00Z`),
          });
          const payment = rentEntries(userId, rentalId, claimed, days, `rental:${rentalId}`);
          const entryId = await postRent(trx, payment.entries);
          await repo.insertPayment(trx, {
            rental_id: rentalId,
            kind: 'rent',
            starts_on: startsOn,
            days,
            amount: payment.amount,
            margin: payment.margin,
            entry_id: entryId,
          });
          await storeForecast(trx, basis, { ...claimed, id: rentalId }, startsOn, days);
          return { rental_id: rentalId };
        });
      } catch (error) {
        if (error instanceof InsufficientBalanceError) {
          throw new AppError('mining.insufficient_balance');
        }
        throw error;
      }
    },

    async my(userId: string, options: { status?: string; page: number; limit: number }) {
      if (options.status && !(RENTAL_STATUSES as readonly string[]).includes(options.status)) {
        throw fieldError('status', 'mining.status_invalid');
      }
      const { rows, total } = await repo.rentalsOf(userId, {
        ...(options.status ? { status: options.status } : {}),
        limit: options.limit,
        offset: (options.page - 1) * options.limit,
      });
      return {
        list: await Promise.all(rows.map(rentalView)),
        page: options.page,
        limit: options.limit,
        total,
      };
    },

    async info(userId: string, rentalId: string) {
      const row = await owned(userId, rentalId);
      const [payouts, balances] = await Promise.all([
        repo.payoutsOf(rentalId),
        ledger.userBalances(userId),
      ]);
      const forecastTotal = payouts.reduce((t, p) => t + BigInt(p.forecast_amount ?? 0), 0n);
      const realisedTotal = payouts.reduce((t, p) => t + BigInt(p.amount), 0n);
      return {
        ...(await rentalView(row)),
        current_balance: formatAmount(balances.available),
        source: feed.source,
        forecast_total: formatAmount(forecastTotal),
        realised_total: formatAmount(realisedTotal),
        forecast_days: payouts.filter((p) => p.forecast_amount !== null).length,
        ...(await accruing(row)),
        payouts: payouts.map((p) => ({
          day: p.day,
          difficulty: p.difficulty,
          network_hashrate: p.network_hashrate,
          block_reward: formatAmount(BigInt(p.block_reward_sat)),
          btc_price: formatAmount(BigInt(p.btc_price)),
          hash_rate_ths: thsText(p.hash_rate_ghs),
          output_btc: formatAmount(BigInt(p.output_sat.split('.')[0]!)),
          gross: formatAmount(BigInt(p.gross)),
          electricity: formatAmount(BigInt(p.electricity)),
          amount: formatAmount(BigInt(p.amount)),
          forecast_amount:
            p.forecast_amount === null ? null : formatAmount(BigInt(p.forecast_amount)),
        })),
      };
    },

    /** The figures of renting a model for `days` (the rent sheet), from today's inputs. */
    async quote(input: { model_id: string; days: number | string }) {
      const model = await repo.model(db, input.model_id);
      if (!model || !model.enabled) throw fieldError('model_id', 'mining.model_unavailable');
      const days = daysOf(input.days);
      if (days < model.min_days) {
        throw fieldError('days', 'mining.below_min_days', { min: model.min_days });
      }
      const day = await inputs(todayOf(clock.now()));
      return {
        model_id: model.id,
        day: day.day,
        source: feed.source,
        hashprice: formatAmount(hashpriceOf(day)),
        btc_price: formatAmount(BigInt(day.btc_price)),
        est_net_per_day: formatAmount(estimateOf(model, day).amount),
        ...termView(model, day, days),
        estimate: true as const,
      };
    },

    /**
     * Hashprice (USDT per TH/s per day) from today's stored inputs, the next adjustment as
     * the source estimated it that day, and the last 30 days' hashprice from their stored
     * inputs (a simulated network fills days it has not stored; a live source never
     * back-fills a past day with today's figures).
     */
    async hashprice() {
      const today = todayOf(clock.now());
      const day = await inputs(today);
      const from = dayText(dayNumber(today) - HASHPRICE_HISTORY_DAYS + 1);
      let days = await repo.days(from, today);
      if (feed.historical && days.length < HASHPRICE_HISTORY_DAYS) {
        const stored = new Set(days.map((d) => d.day));
        for (let n = dayNumber(from); n <= dayNumber(today); n += 1) {
          if (!stored.has(dayText(n))) await inputs(dayText(n));
        }
        days = await repo.days(from, today);
      }
      return {
        day: today,
        source: day.source,
        hashprice: formatAmount(hashpriceOf(day)),
        difficulty: day.difficulty,
        block_reward: formatAmount(BigInt(day.block_reward_sat)),
        btc_price: formatAmount(BigInt(day.btc_price)),
        height: day.height,
        next_adjustment: {
          progress_pct: day.epoch_progress_pct === null ? null : Number(day.epoch_progress_pct),
          est_change_pct: day.est_change_pct === null ? null : Number(day.est_change_pct),
          est_date: day.next_adjustment_at === null ? null : iso(day.next_adjustment_at),
        },
        history: days.map((d) => ({ day: d.day, hashprice: formatAmount(hashpriceOf(d)) })),
        estimate: true as const,
      };
    },

    async log(userId: string, options: { page: number; limit: number }) {
      const { rows, total } = await repo.records(userId, {
        limit: options.limit,
        offset: (options.page - 1) * options.limit,
      });
      return {
        list: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          rental_id: r.rental_id,
          model: r.model,
          amount: formatAmount(BigInt(r.amount)),
          days: r.days,
          day: r.day,
          created_at: iso(r.created_at),
        })),
        page: options.page,
        limit: options.limit,
        total,
      };
    },

    async act(userId: string, rentalId: string, action: MinerAction, daysText?: number | string) {
      const row = await owned(userId, rentalId);
      if (row.status !== 'active') throw new AppError('mining.rental_expired');
      if (action === 'renew') {
        if (daysText === undefined || daysText === '') {
          throw fieldError('days', 'validation.required');
        }
        const days = daysOf(daysText);
        const model = await repo.model(db, row.model_id);
        if (model && days < model.min_days) {
          throw fieldError('days', 'mining.below_min_days', { min: model.min_days });
        }
        const basis = await inputs(todayOf(clock.now()));
        try {
          await db.transaction().execute(async (trx) => {
            const locked = await repo.rental(trx, rentalId, true);
            if (!locked || locked.status !== 'active') throw new AppError('mining.rental_expired');
            await renewIn(trx, locked, days, 'renew', basis);
          });
        } catch (error) {
          if (error instanceof InsufficientBalanceError) {
            throw new AppError('mining.insufficient_balance');
          }
          throw error;
        }
      } else {
        await repo.setAutoRenew(db, rentalId, action === 'auto_renew_on');
      }
      return rentalView((await repo.rental(db, rentalId))!);
    },

    /** `viewer`: the reader, whose own row is marked `me`, and their language (demo names). */
    async rank(period = 'all', viewer: { userId: string | null; lang: string } = ANYONE) {
      if (!(RANK_PERIODS as readonly string[]).includes(period)) {
        throw fieldError('period', 'mining.period_invalid');
      }
      const today = dayNumber(todayOf(clock.now()));
      const since =
        period === '7d' ? dayText(today - 7) : period === '30d' ? dayText(today - 30) : null;
      const rows = await repo.rank(since, 50);
      return {
        period,
        list: rows.map((r, i) => ({
          rank: i + 1,
          // Never a name that gives the account away (the default nickname is the
          // e-mail's name): the masked account instead.
          nickname: r.demo ? demoName(r.nickname, viewer.lang) : displayName(r.nickname, r.account),
          // A seeded demo investor (decision 111d), labelled as such.
          demo: r.demo,
          // The reader's own row: the app says "You" instead of the masked account.
          me: viewer.userId !== null && r.user_id === viewer.userId,
          cumulative_earnings: formatAmount(BigInt(r.total)),
          hash_rate_ths: thsText(r.hash_rate_ghs),
        })),
      };
    },

    /**
     * Home's production block: today's network figures and output per TH/s. With
     * `storedOnly` (maininfo), the newest stored day and never the feed (no price replay
     * in Home's one call); null before any day is stored.
     */
    async production(options: { storedOnly?: boolean } = {}) {
      let day: DayRow | null;
      if (options.storedOnly) {
        const latest = await repo.latestDay();
        day = latest ? await repo.day(db, latest) : null;
        if (!day) return null;
      } else {
        day = await inputs(todayOf(clock.now()));
      }
      const perTh = dailyOutput({
        hashRateGhs: 1000n,
        difficulty: BigInt(day.difficulty),
        blockRewardSat: BigInt(day.block_reward_sat),
        btcPrice: BigInt(day.btc_price),
        electricity: 0n,
      });
      const totals = await repo.totals();
      return {
        day: day.day,
        source: day.source,
        network_hashrate_ehs: (Number(BigInt(day.network_hashrate) / 10n ** 15n) / 1000).toFixed(1),
        difficulty: day.difficulty,
        block_reward: formatAmount(BigInt(day.block_reward_sat)),
        btc_price: formatAmount(BigInt(day.btc_price)),
        output_per_ths_btc: formatAmount(perTh.outputSat8 / 100_000_000n),
        output_per_ths_usdt: formatAmount(perTh.gross),
        miners_rented: Number(totals.rented),
        rented_hash_rate_ths: thsText(totals.hash_rate_ghs),
        estimate: true as const,
      };
    },

    /**
     * The daily job: pays every day not yet paid up to yesterday, oldest first (catch-up
     * after an outage), then renews or expires rentals that ended. Safe to run any number
     * of times, from any number of workers at once.
     */
    payDue: run.payDue,
  };
}

export type MiningService = ReturnType<typeof miningService>;
