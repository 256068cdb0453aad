// /api/user/quanpreview: what a robot with these settings would run (the range and grid
// count chosen by a walk-forward backtest of the last 30 days, or the investor's own) and
// its expected daily yield: the median daily return on the 7 newest days, which the
// choice never saw. An estimate; `positive` is false when it is not above zero.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callData } from '../../../lib/api.ts';
import type { GridType } from './get-limits.ts';
import type { Direction } from './get-robot.ts';
import type { ExitsBody } from './robot-action.ts';

export interface RobotPreview {
  market: string;
  direction: Direction;
  grid_type: GridType;
  range_low: string;
  range_high: string;
  grids: number;
  step: string;
  /** A rate per day ("0.0123" is 1.23%). */
  expected_daily_yield: string;
  /** Held-out days behind the estimate; 0 when there is not enough history. */
  out_of_sample_days: number;
  /** The held-out total return is above zero. */
  positive: boolean;
  /** On the held-out days (rates: "0.0123" is 1.23%): total return, floating PnL marked. */
  held_out_return: string;
  held_out_drawdown: string;
  /** "31.4" */
  round_trips_per_day: string;
  /** Holding the coin over the same days instead. */
  buy_and_hold_return: string;
  estimate: true;
  /** The setting with its exits replayed on the held-out days (when an exit is set). */
  exits_backtest?: {
    held_out_return: string;
    end_reason: string;
    started_at: string;
    ended_at: string;
    trailing_shifts: number;
  };
}

export interface PreviewInput {
  market: string;
  direction: Direction;
  principal: string;
  grid_type?: GridType;
  /** The investor's own setting: all three or none. */
  range_low?: string;
  range_high?: string;
  grids?: string;
  /** Risk exits (only those set). */
  exits?: ExitsBody;
}

export const previewRobot = (input: PreviewInput) =>
  callData<RobotPreview>(
    '/api/user/quanpreview',
    (({ exits, ...rest }) => ({ ...rest, ...exits }))(input),
  );

/** Runs only for a principal the form has accepted; keeps the last answer while typing. */
export function useRobotPreview(input: PreviewInput | null) {
  return useQuery({
    queryKey: ['trade', 'preview', input] as const,
    queryFn: () => previewRobot(input!),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
