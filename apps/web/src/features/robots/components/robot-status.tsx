// A robot's state as a coloured tag: green while it trades, olive before it starts,
// grey once it has ended; a robot an operator disabled says so.
import { useTranslation } from '../../../lib/i18n.ts';
import type { Robot } from '../api/get-robot.ts';
import './robot-status.css';

const tone = { running: 'up', waiting: 'olive', not_started: 'olive', ended: 'muted' } as const;

export function RobotStatus({ robot }: { robot: Pick<Robot, 'status' | 'disabled'> }) {
  const { t } = useTranslation();
  if (robot.disabled && robot.status !== 'ended') {
    return (
      <span
        className="status-tag status-tag--down"
        data-testid="robot-status"
        data-status="disabled"
      >
        {t('trade.status.disabled')}
      </span>
    );
  }
  return (
    <span
      className={`status-tag status-tag--${tone[robot.status]}`}
      data-testid="robot-status"
      data-status={robot.status}
    >
      {robot.status === 'running' ? <span className="live-dot" aria-hidden="true" /> : null}
      {t(`trade.status.${robot.status}`)}
    </span>
  );
}
