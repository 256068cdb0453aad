// What the investor can do with a robot in its state: Start one that has not started;
// Settle (realised profit less the performance fee to the balance, robot keeps running;
// off, saying why, while there is none) or Stop one that runs. Each asks first, titled by
// the action.
import { Button } from 'antd-mobile';
import { parseAmount } from '@olive/protocol/numbers';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatUsdt } from '../../../lib/format.ts';
import { confirmAction, toastSuccess } from '../../../lib/messages.ts';
import type { Robot } from '../api/get-robot.ts';
import { useRobotAction, type RobotAction } from '../api/robot-action.ts';
import './robot-actions.css';

export function RobotActions({ robot, onMoved }: { robot: Robot; onMoved?: () => void }) {
  const { t } = useTranslation();
  const action = useRobotAction(robot.robot_id, onMoved);
  const busy = action.isPending ? action.variables : undefined;

  // A robot with no grid yet is cancelled rather than stopped; the question is titled so.
  const stopLabel = robot.status === 'running' ? t('trade.stop') : t('trade.cancelRobot');
  // Settle pays realised profit; with none, the button is off and says why (issue 34).
  const nothingToSettle = parseAmount(robot.settleable) <= 0n;
  const run = async (name: RobotAction) => {
    if (name === 'stop' && !(await confirmAction(stopLabel, t('trade.stopConfirm')))) return;
    if (name === 'settle' && !(await confirmAction(t('trade.settle'), t('trade.settleConfirm'))))
      return;
    action.mutate(name, { onSuccess: (reply) => toastSuccess(reply.msg) });
  };

  if (robot.status === 'ended') return null;
  // A robot that holds no grid yet (not started, or waiting for its trigger) is cancelled:
  // Stop with its principal back, under the name that says so.
  const cancel = (
    <Button
      block
      shape="rounded"
      className="button-ghost"
      disabled={action.isPending}
      loading={busy === 'stop'}
      onClick={() => void run('stop')}
      data-testid="robot-stop"
    >
      {t('trade.cancelRobot')}
    </Button>
  );
  if (robot.status === 'waiting') {
    return (
      <div className="robot-actions">
        <p className="warning-line" data-testid="robot-waiting">
          {t('trade.waitingHint', { price: formatUsdt(robot.trigger_price) })}
        </p>
        {cancel}
      </div>
    );
  }
  if (robot.status === 'not_started') {
    return (
      <div className="robot-actions">
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          disabled={robot.disabled || action.isPending}
          loading={busy === 'start'}
          onClick={() => void run('start')}
          data-testid="robot-start"
        >
          {t('trade.start')}
        </Button>
        {cancel}
        {robot.disabled ? <p className="warning-line">{t('trade.disabledHint')}</p> : null}
      </div>
    );
  }
  return (
    <div className="robot-actions">
      <div className="robot-actions robot-actions--row">
        <Button
          block
          shape="rounded"
          fill="outline"
          color="primary"
          disabled={action.isPending || nothingToSettle}
          loading={busy === 'settle'}
          onClick={() => void run('settle')}
          data-testid="robot-settle"
        >
          {t('trade.settle')}
        </Button>
        <Button
          block
          shape="rounded"
          color="danger"
          className="robot-actions__stop"
          disabled={action.isPending}
          loading={busy === 'stop'}
          onClick={() => void run('stop')}
          data-testid="robot-stop"
        >
          {t('trade.stop')}
        </Button>
      </div>
      {nothingToSettle ? (
        <p className="warning-line robot-actions__reason" data-testid="robot-settle-reason">
          {t('trade.nothingToSettle')}
        </p>
      ) : null}
    </div>
  );
}
