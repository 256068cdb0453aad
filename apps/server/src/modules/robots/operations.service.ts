// The operator side of robots (console and CLI): markets open or closed to new robots,
// the robots list with disable/enable, the performance and maker fees.
import { DEFAULT_MAKER_FEE_RATE, MARKET_IDS, MARKETS, formatUnits } from '@olive/market';
import { amountRefusal, formatAmount } from '@olive/protocol';
import { AppError, numberError } from '../../errors.ts';
import type { ListQuery } from '../../db/list-query.ts';
import type { SettingsRepository } from '../../db/settings.repository.ts';
import { MAKER_FEE_KEY, MAX_MAKER_FEE_RATE } from './robot.fees.ts';
import type { RobotRepository } from './robot.repository.ts';
import {
  DEFAULT_PERFORMANCE_FEE,
  DISABLED_MARKETS_KEY,
  PERFORMANCE_FEE_KEY,
} from './robot.service.ts';
import type { Clock } from '../../ports/clock.ts';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** The performance fee: a rate from 0 to 1 ("0.2"), in 10^-8 units. */
const PERFORMANCE_FEE_RULES = { max: 100_000_000n };
/** The maker fee: a rate from 0 to 0.01 with at most 6 decimals ("0.0002"). */
const MAKER_FEE_RULES = { decimals: 6, max: BigInt(Math.round(MAX_MAKER_FEE_RATE * 1e8)) };

export function robotOperations(deps: {
  repo: RobotRepository;
  settings: SettingsRepository;
  clock: Clock;
}) {
  const { repo, settings, clock } = deps;

  type Row = NonNullable<Awaited<ReturnType<RobotRepository['operatorShow']>>>;
  const record = (r: Row) => ({
    id: r.id,
    user_id: r.user_id,
    account: r.account,
    market: r.market,
    direction: r.direction,
    status: r.status,
    disabled: r.disabled,
    principal: formatAmount(BigInt(r.principal)),
    settled_net: formatAmount(BigInt(r.settled_net)),
    performance_fees: formatAmount(BigInt(r.performance_fees)),
    created_at: iso(r.created_at),
    started_at: iso(r.started_at),
    ended_at: iso(r.ended_at),
  });

  async function show(id: string) {
    const row = await repo.operatorShow(id);
    if (!row) throw new AppError('admin.not_found', {}, { field: 'id' });
    return record(row);
  }

  async function disabledMarkets() {
    return (await settings.get<string[]>(DISABLED_MARKETS_KEY)) ?? [];
  }

  async function fees() {
    return {
      performance_fee: (await settings.get<string>(PERFORMANCE_FEE_KEY)) ?? DEFAULT_PERFORMANCE_FEE,
      maker_fee: (await settings.get<string>(MAKER_FEE_KEY)) ?? String(DEFAULT_MAKER_FEE_RATE),
    };
  }

  return {
    async markets() {
      const [disabled, running] = await Promise.all([disabledMarkets(), repo.runningByMarket()]);
      const list = MARKET_IDS.map((m) => ({
        id: m,
        market: m,
        enabled: !disabled.includes(m),
        min_principal: formatUnits(MARKETS[m].minPrincipal),
        robots_running: running.customers.get(m) ?? 0,
        robots_running_demo: running.demo.get(m) ?? 0,
      }));
      return { list, total: list.length };
    },
    /** A disabled market accepts no new robot; running ones run on until stopped. */
    async setMarketEnabled(market: string, enabled: boolean) {
      if (!(MARKET_IDS as readonly string[]).includes(market)) {
        throw new AppError('admin.not_found', {}, { field: 'id' });
      }
      const before = await disabledMarkets();
      const after = enabled
        ? before.filter((m) => m !== market)
        : [...new Set([...before, market])];
      await settings.put(DISABLED_MARKETS_KEY, after);
      return { before: { enabled: !before.includes(market) }, after: { enabled } };
    },
    async list(query: ListQuery) {
      const { rows, total } = await repo.operatorList(query);
      return { list: rows.map(record), total };
    },
    show,
    /** A disabled robot cannot start; a running one runs until its owner stops it. */
    async setDisabled(id: string, disabled: boolean) {
      const before = await show(id);
      if (!(await repo.setDisabled(id, disabled, clock.now()))) {
        throw new AppError('admin.not_found', {}, { field: 'id' });
      }
      return { before, after: await show(id) };
    },
    fees,
    async setFees(input: { performance_fee?: string | undefined; maker_fee?: string | undefined }) {
      const before = await fees();
      // Rates are read by the same parser as amounts: plainly written, within their bounds.
      // Both are checked before either is saved: a refusal changes nothing.
      const changes = (
        [
          ['performance_fee', PERFORMANCE_FEE_KEY, PERFORMANCE_FEE_RULES],
          ['maker_fee', MAKER_FEE_KEY, MAKER_FEE_RULES],
        ] as const
      ).flatMap(([field, key, rules]) => {
        const text = input[field];
        if (text === undefined) return [];
        const refusal = amountRefusal(text, rules);
        if (refusal) throw numberError(field, 'amount', refusal);
        return [[key, text] as const];
      });
      for (const [key, text] of changes) await settings.put(key, text);
      return { before, after: await fees() };
    },
  };
}

export type RobotOperations = ReturnType<typeof robotOperations>;
