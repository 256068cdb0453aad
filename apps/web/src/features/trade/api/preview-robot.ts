// /api/user/quanpreview: what a robot with these settings would run (the range and grid
// count chosen from recent volatility) and its expected daily yield, which is the median
// daily return of the same grid backtested over the last 30 days: an estimate.
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
  estimate: true;
}

export interface PreviewInput {
  market: string;
  direction: Direction;
  principal: string;
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
