// /api/user/quancreate: the principal moves from the balance into a new robot, which
// waits, not started, for the investor to start it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOk } from '../../../lib/api.ts';
import type { GridType } from './get-limits.ts';
import type { Direction } from './get-robot.ts';
import type { ExitsBody } from './robot-action.ts';

export interface CreateRobotInput {
  market: string;
  principal: string;
  direction: Direction;
  grid_type?: GridType;
  /** The investor's own setting: all three or none. */
  range_low?: string;
  range_high?: string;
  grids?: string;
  /** Risk exits (only those set). */
  exits?: ExitsBody;
}

export const createRobot = ({ exits, ...input }: CreateRobotInput) =>
  callOk<{ robot_id: string }>('/api/user/quancreate', { ...input, ...exits });

/** `onMoved` refreshes what belongs to other features (the balance in userinfo). */
export function useCreateRobot(onMoved?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRobot,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['trade', 'mine'] });
      onMoved?.();
    },
  });
}
