// Copy trading (issue 32, docs/decisions/150-copy-trading.md): an investor publishes a
// robot with a profit share; another copies it with their own principal (the same creation
// settings, the range scaled to the copier's price); at each settle or stop of the copy the
// copier pays the leader the share of realised profit above the copy's high-water mark.
import { exitsFromRow, scaledExitInput } from './robot.exits.ts';
import { GRID_RULES, MARKETS, formatUnits, maxGridsFor, type MarketId } from '@olive/market';
import { formatAmount } from '@olive/protocol';
import { AppError, fieldError } from '../../errors.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../ports/clock.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { userAccount } from '../ledger/ledger.service.ts';
import type { MarketDataService } from '../market/market-data.service.ts';
import { iso, ownedRobot, principalOf } from './robot.common.ts';
import type { CustomInput } from './robot.estimates.ts';
import type { RobotRepository, RobotRow } from './robot.repository.ts';
import { maskNickname } from './robot.views.ts';

export const PROFIT_SHARES = [0, 10, 20, 30] as const;
export const DEFAULT_PROFIT_SHARE = 10;

/** Checks a share from outside: one of 0, 10, 20 or 30 (per cent), else code 0 naming it. */
export function profitShareOf(value: string | number | undefined): number {
  if (value === undefined || value === '') return DEFAULT_PROFIT_SHARE;
  const text = String(value).trim();
  const share = /^\d{1,2}$/.test(text) ? Number(text) : NaN;
  if (!(PROFIT_SHARES as readonly number[]).includes(share)) {
    throw fieldError('profit_share_pct', 'robot.share_invalid', {
      values: PROFIT_SHARES.join(', '),
    });
  }
  return share;
}

/**
 * The share of one settlement. `cumulative` is the copy's realised profit after the
 * platform's performance fee, `paid` the profit this settlement moved to the copier's
 * balance. The share is charged only on profit above the high-water mark (what it was
 * already charged on) and only as far as it is paid out now; the mark rises by that much.
 * A loss therefore has to be earned back before anything is charged again.
 */
export function profitShare(input: {
  cumulative: bigint;
  highWater: bigint;
  paid: bigint;
  pct: number;
}) {
  const above = input.cumulative - input.highWater;
  const paid = input.paid > 0n ? input.paid : 0n;
  const base = above <= 0n ? 0n : above < paid ? above : paid;
  const amount = (base * BigInt(input.pct)) / 100n;
  return { base, amount, highWater: input.highWater + base };
}

/**
 * The create request of a copy, from the leader's stored creation settings: market,
 * direction and grid count as they are; prices (the range, and any other price setting)
 * scaled by their ratio to the leader's start price onto the copier's current price.
 * One place for every creation setting: a new column of robots is one line here. The
 * risk exits come along scaled the same way (decision 148), but not a trigger price: the
 * leader is running, so its trigger is behind it, and the copy starts at once.
 */
export function copyRequestOf(leader: RobotRow, price: bigint, principal: string) {
  const low = BigInt(leader.range_low);
  const high = BigInt(leader.range_high);
  const anchor = anchorOf(leader);
  const scaled = (value: bigint) => formatUnits((value * price) / anchor);
  const custom: CustomInput = {
    range_low: scaled(low),
    range_high: scaled(high),
    grids: leader.grid_count,
  };
  const market = leader.market as MarketId;
  const exits = scaledExitInput(
    market,
    { ...exitsFromRow(leader), triggerPrice: null },
    anchor,
    price,
  );
  return {
    market: leader.market,
    direction: leader.direction,
    grid_type: leader.grid_type,
    principal,
    custom,
    exits,
  };
}

/** The price the leader's grid opened at; robots from before 0160: the range's middle. */
export function anchorOf(robot: RobotRow): bigint {
  if (robot.start_price) return BigInt(robot.start_price);
  const mid = Math.sqrt(Number(robot.range_low) * Number(robot.range_high));
  return BigInt(Math.round(mid));
}

/**
 * Pays the leader's share of a copy's settlement, inside the settlement's transaction,
 * after the settlement credited the copier's balance: records the settlement (one row per
 * (copy, seq): a replay is refused) and posts the share (keyed by the same pair). Returns
 * the copy's new high-water mark and shares paid, for the caller's update of the row.
 */
export async function payProfitShare(
  trx: Db,
  deps: { ledger: LedgerService },
  copy: RobotRow,
  settlement: { seq: number; cumulative: bigint; paid: bigint; at: Date },
) {
  const highWater = BigInt(copy.share_high_water);
  const sharesPaid = BigInt(copy.shares_paid);
  if (!copy.copied_from)
    return { share_high_water: copy.share_high_water, shares_paid: copy.shares_paid };
  const leader = await trx
    .selectFrom('robots as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.user_id', 'u.demo'])
    .where('r.id', '=', copy.copied_from)
    .executeTakeFirstOrThrow();
  // A demo investor holds play money: the share goes to nobody (the copy's share is 0).
  const pct = leader.demo ? 0 : copy.copy_share_pct;
  const share = profitShare({
    cumulative: settlement.cumulative,
    highWater,
    paid: settlement.paid,
    pct,
  });
  let entryId: string | null = null;
  if (share.amount > 0n) {
    const entry = await deps.ledger.post(
      {
        kind: 'robot_profit_share',
        idempotencyKey: `robot:${copy.id}:share:${settlement.seq}`,
        reference: `robot:${copy.id}`,
        postings: [
          { account: userAccount(copy.user_id, 'available'), amount: -share.amount },
          { account: userAccount(leader.user_id, 'available'), amount: share.amount },
        ],
      },
      trx,
    );
    entryId = entry.id;
  }
  await trx
    .insertInto('robot_profit_shares')
    .values({
      copier_robot_id: copy.id,
      leader_robot_id: leader.id,
      copier_user_id: copy.user_id,
      leader_user_id: leader.demo ? null : leader.user_id,
      seq: settlement.seq,
      cumulative: settlement.cumulative,
      high_water_before: highWater,
      paid: settlement.paid > 0n ? settlement.paid : 0n,
      base: share.base,
      share_pct: pct,
      amount: share.amount,
      entry_id: entryId,
      created_at: settlement.at,
    })
    .execute();
  return {
    share_high_water: share.highWater.toString(),
    shares_paid: (sharesPaid + share.amount).toString(),
  };
}

export function robotCopying(deps: {
  repo: RobotRepository;
  ledger: LedgerService;
  marketData: MarketDataService;
  clock: Clock;
  checkFundPassword?: (userId: string, fundPassword: string) => Promise<unknown>;
  create: (
    userId: string,
    input: ReturnType<typeof copyRequestOf> & { copy?: { from: string; sharePct: number } },
  ) => Promise<{ robot_id: string }>;
  start: (userId: string, robotId: string) => Promise<void>;
}) {
  const { repo, marketData, clock } = deps;

  async function publish(userId: string, robotId: string, shareText?: string | number) {
    const pct = profitShareOf(shareText);
    const robot = await ownedRobot(repo, userId, robotId);
    if (robot.status === 'ended') throw new AppError('robot.already_ended');
    await repo.transaction(async (trx) => {
      const locked = await repo.lock(trx, robotId);
      if (!locked || locked.status === 'ended') throw new AppError('robot.already_ended');
      await repo.update(trx, robotId, {
        public: true,
        profit_share_pct: pct,
        updated_at: clock.now(),
      });
    });
  }

  /** Private again: nobody new can copy it; copies made keep their terms. */
  async function unpublish(userId: string, robotId: string) {
    await ownedRobot(repo, userId, robotId);
    await repo.transaction(async (trx) => {
      await repo.lock(trx, robotId);
      await repo.update(trx, robotId, { public: false, updated_at: clock.now() });
    });
  }

  /**
   * Copies a public, running robot with the caller's principal, at the share the leader
   * asks now (0 for a demo investor's robot), and starts it at once at the current price.
   */
  async function copy(
    userId: string,
    input: { robot_id: string; principal: string; fund_password: string },
  ) {
    const leader = await repo.copyable(input.robot_id);
    if (!leader) throw fieldError('robot_id', 'robot.copy_unavailable');
    if (leader.user_id === userId) throw fieldError('robot_id', 'robot.copy_own');
    // The principal is checked before the fund password, so a typo costs no try. It must
    // fund the leader's grid count with every order above the market's minimum, as the
    // leader's own did: a copy has the same grids (decision 150).
    const market = leader.market as MarketId;
    const principal = principalOf(input.principal, market);
    if (maxGridsFor(market, principal) < leader.grid_count) {
      const spec = MARKETS[market];
      const least = Math.ceil(
        (Number(spec.minOrder) * GRID_RULES.minOrderHeadroom * leader.grid_count) / 1e8,
      );
      throw fieldError('principal', 'robot.copy_principal_below', {
        grids: leader.grid_count,
        min: String(Math.max(least, Number(spec.minPrincipal) / 1e8)),
      });
    }
    if (deps.checkFundPassword) await deps.checkFundPassword(userId, input.fund_password);
    const price = (await marketData.tick(leader.market as MarketId)).price;
    const request = copyRequestOf(leader, price, input.principal);
    const created = await deps.create(userId, {
      ...request,
      copy: { from: leader.id, sharePct: leader.demo ? 0 : leader.profit_share_pct },
    });
    await deps.start(userId, created.robot_id);
    return created;
  }

  /** The leader's view of a robot's copies: masked names and the shares each paid. */
  async function copiers(userId: string, robotId: string, page: number, limit: number) {
    await ownedRobot(repo, userId, robotId);
    const { rows, total } = await repo.copiers(robotId, page, limit);
    return {
      list: rows.map((r) => ({
        nickname: maskNickname(r.nickname),
        status: r.status,
        share_pct: r.copy_share_pct,
        shares_paid: formatAmount(BigInt(r.shares_paid)),
        started_at: iso(r.started_at),
      })),
      page,
      limit,
      total,
    };
  }

  return { publish, unpublish, copy, copiers };
}
