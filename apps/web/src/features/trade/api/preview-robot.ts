// /api/user/quanpreview: what a robot with these settings would run (the range and grid
// count chosen by a walk-forward backtest of the last 30 days, or the investor's own) and
// its expected daily yield: the median daily return on the 7 newest days, which the
// choice never saw. An estimate; `positive` is false when it is not above zero.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callData } from '../../../lib/api.ts';
import type { Direction } from './get-robot.ts';

export interface RobotPreview {
  market: string;
  direction: Direction;
  range_low: string;
  range_high: string;
  grids: number;
  step: string;
  /** A rate per day ("0.0123" is 1.23%). */
  expected_daily_yield: string;
  /** Held-out days behind the estimate; 0 when there is not enough history. */
  out_of_sample_days: number;
  positive: boolean;
  estimate: true;
}

export interface PreviewInput {
  market: string;
  direction: Direction;
  principal: string;
  /** The investor's own setting: all three or none. */
  range_low?: string;
  range_high?: string;
  grids?: string;
}

export const previewRobot = (input: PreviewInput) =>
  callData<RobotPreview>('/api/user/quanpreview', { ...input });

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
