// /api/user/openquan: start a robot, settle its realised profit (less the performance
// fee) while it runs, or stop it: positions close at market and principal plus PnL go
// back to the balance. The reply is the robot as it is now.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOk } from '../../../lib/api.ts';
import { robotKey, type Robot, type RobotDetail } from './get-robot.ts';

export type RobotAction = 'start' | 'stop' | 'settle';

export const actOnRobot = (robotId: string, action: RobotAction) =>
  callOk<Robot>('/api/user/openquan', { robot_id: robotId, action });

/** `onMoved` refreshes what belongs to other features (the balance in userinfo). */
export function useRobotAction(robotId: string, onMoved?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: RobotAction) => actOnRobot(robotId, action),
    onSuccess: (reply) => {
      const robot = reply.data;
      if (robot) {
        queryClient.setQueryData<RobotDetail>(robotKey(robotId), (detail) =>
          detail ? { ...detail, robot } : detail,
        );
      }
      void queryClient.invalidateQueries({ queryKey: robotKey(robotId) });
      void queryClient.invalidateQueries({ queryKey: ['trade', 'mine'] });
      onMoved?.();
    },
  });
}
