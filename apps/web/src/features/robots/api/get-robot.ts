// /api/user/quandetail: one robot's figures (each from the ledger or its own fills), its
// PnL snapshots for the chart and its latest fills. Polled while the robot runs.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callData } from '../../../lib/api.ts';

export type Direction = 'long' | 'short' | 'neutral';
/** waiting: started, its trigger price not yet reached. */
export type RobotStatus = 'not_started' | 'waiting' | 'running' | 'ended';
export type EndReason =
  '' | 'stopped' | 'take_profit_price' | 'stop_loss_price' | 'take_profit_pct' | 'stop_loss_pct';

export const DIRECTIONS: readonly Direction[] = ['long', 'short', 'neutral'];

export interface RobotOrder {
  side: 'buy' | 'sell';
  price: string;
  /** Base coin. */
  amount: string;
}

export interface Robot {
  robot_id: string;
  /** Translated by the server ("BTC/USDT long grid"). */
  name: string;
  market: string;
  direction: Direction;
  status: RobotStatus;
  disabled: boolean;
  principal: string;
  current_principal: string;
  /** Realised and not yet settled, plus unrealised. */
  current_earnings: string;
  realised: string;
  unrealised: string;
  settled_total: string;
  /** What Settle would pay now before the fee; '0': nothing to settle. */
  settleable: string;
  fees: string;
  cumulative_earnings: string;
  cumulative_yield_rate: string;
  profit_count: number;
  trade_count: number;
  expected_daily_yield: string;
  range_low: string;
  range_high: string;
  grids: number;
  /** Completed buy-sell pairs after fees (the same figure as realised). */
  grid_profit: string;
  /** The open inventory marked at the price (the same figure as unrealised). */
  floating_pnl: string;
  /** A fraction; "0" in the first hour. */
  annualised_return: string;
  trades_per_day: string;
  /** The grid's resting limit orders while it runs. */
  orders: RobotOrder[];
  started_at: string;
  ended_at: string;
  duration_seconds: number;
  created_at: string;
  // Track record and copy trading (issue 32), each from the robot's own fills.
  roi_7d: string;
  roi_30d: string;
  roi_90d: string;
  /** The deepest fall from a peak, a positive fraction. */
  max_drawdown: string;
  /** "" before two full days. */
  sharpe: string;
  round_trips: number;
  buy_and_hold_return: string;
  public: boolean;
  profit_share_pct: number;
  copiers: number;
  shares_earned: string;
  /** The robot this one copies, "" if none. */
  copied_from: string;
  copy_share_pct: number;
  shares_paid: string;
  /** Risk exits ("" when not set; percentages as per cent, "10" = 10%). */
  take_profit_price: string;
  stop_loss_price: string;
  take_profit_pct: string;
  stop_loss_pct: string;
  trigger_price: string;
  trailing_up: 0 | 1;
  trailing_down: 0 | 1;
  trailing_limit_high: string;
  trailing_limit_low: string;
  /** Why it ended ("" until then). */
  end_reason: EndReason;
}

export interface RobotFill {
  id: string;
  side: string;
  price: string;
  quantity: string;
  amount: string;
  fee: string;
  pnl: string;
  created_at: string;
}

export interface RobotDetail {
  robot: Robot;
  pnl_series: { t: string; pnl: string }[];
  trades: RobotFill[];
}

/** A running robot's figures refresh this often. */
export const ROBOT_POLL_MS = 2_000;

/**
 * The detail screen's search: `?id=12`. A numeric id is passed as a number, since the
 * router writes a string that looks like a number in quotes (`?id=%2212%22`).
 */
export const robotSearch = (robotId: string) => {
  const id = Number(robotId);
  return { id: Number.isSafeInteger(id) ? id : robotId };
};

export const robotKey = (robotId: string) => ['trade', 'robot', robotId] as const;

export const getRobotDetail = (robotId: string) =>
  callData<RobotDetail>('/api/user/quandetail', { robot_id: robotId });

export const robotDetailQuery = (robotId: string) =>
  queryOptions({
    queryKey: robotKey(robotId),
    queryFn: () => getRobotDetail(robotId),
    staleTime: 0,
    refetchInterval: (query) =>
      // a waiting robot polls too: it starts when the market reaches its trigger price
      query.state.data?.robot.status === 'running' || query.state.data?.robot.status === 'waiting'
        ? ROBOT_POLL_MS
        : false,
  });

export const useRobotDetail = (robotId: string) =>
  useQuery({ ...robotDetailQuery(robotId), enabled: robotId !== '' });
