// /api/user/openquan: start a robot, settle its realised profit (less the performance
// fee) while it runs, or stop it: positions close at market and principal plus PnL go
// back to the balance. The reply is the robot as it is now.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOk } from '../../../lib/api.ts';
import { robotKey, type Robot, type RobotDetail } from './get-robot.ts';

export type RobotAction = 'start' | 'stop' | 'settle';

/** The exit fields of openquan action=edit ("0" clears one). */
export type ExitsBody = Partial<
  Record<
    | 'take_profit_price'
    | 'stop_loss_price'
    | 'take_profit_pct'
    | 'stop_loss_pct'
    | 'trigger_price'
    | 'trailing_up'
    | 'trailing_down'
    | 'trailing_limit_high'
    | 'trailing_limit_low',
    string
  >
>;

export const editExits = (robotId: string, exits: ExitsBody) =>
  callOk<Robot>('/api/user/openquan', { robot_id: robotId, action: 'edit', ...exits });

/** Sets or clears the exits of a robot that has not ended; the reply is the robot. */
export function useEditExits(robotId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (exits: ExitsBody) => editExits(robotId, exits),
    onSuccess: (reply) => {
      const robot = reply.data;
      if (robot) {
        queryClient.setQueryData<RobotDetail>(robotKey(robotId), (detail) =>
          detail ? { ...detail, robot } : detail,
        );
      }
      void queryClient.invalidateQueries({ queryKey: robotKey(robotId) });
    },
  });
}

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
