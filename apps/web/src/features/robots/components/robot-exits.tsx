// A robot's risk exits on its detail (decision 148): what is set, why it ended, and, while
// it has not ended, an editor for them. Range and grid count are not edited in place: a
// different grid is a different robot, so "Change range or grids" says it stops this one
// (closing at market, everything back to the balance) before the investor creates anew.
import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { Section } from '../../../components/section.tsx';
import { paths } from '../../../config/paths.ts';
import { failureData } from '../../../lib/api.ts';
import { formatUsdt } from '../../../lib/format.ts';
import { confirmAction, toastSuccess } from '../../../lib/messages.ts';
import type { Robot } from '../api/get-robot.ts';
import { useEditExits, useRobotAction } from '../api/robot-action.ts';
import {
  ExitFields,
  exitsBody,
  exitsProblem,
  exitValuesOf,
  type ExitValues,
} from './exit-fields.tsx';
import './robot-exits.css';

export function RobotExits({ robot, onMoved }: { robot: Robot; onMoved?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<ExitValues | null>(null);
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const edit = useEditExits(robot.robot_id);
  const stop = useRobotAction(robot.robot_id, onMoved);
  const running = robot.status === 'running';
  const ended = robot.status === 'ended';

  const price = (value: string) => (value ? formatUsdt(value) : t('trade.exitNone'));
  const pct = (value: string) => (value ? `${value}%` : t('trade.exitNone'));
  const trail = (on: 0 | 1, limit: string) =>
    on ? t('trade.trailingTo', { price: formatUsdt(limit) }) : t('trade.exitOff');
  const rows: [string, string][] = [
    ['take_profit_price', price(robot.take_profit_price)],
    ['stop_loss_price', price(robot.stop_loss_price)],
    ['take_profit_pct', pct(robot.take_profit_pct)],
    ['stop_loss_pct', pct(robot.stop_loss_pct)],
    ['trigger_price', price(robot.trigger_price)],
    ['trailing_up', trail(robot.trailing_up, robot.trailing_limit_high)],
    ['trailing_down', trail(robot.trailing_down, robot.trailing_limit_low)],
  ];

  const save = () => {
    if (!editing || exitsProblem(editing)) return;
    edit.mutate(exitsBody(editing, 'edit', running), {
      onSuccess: (reply) => {
        toastSuccess(reply.msg);
        setEditing(null);
      },
      onError: (failure) =>
        setError({ field: failureData(failure).field ?? '', message: failure.message }),
    });
  };

  const changeGrid = async () => {
    if (!(await confirmAction(t('trade.changeGrid'), t('trade.changeGridConfirm')))) return;
    stop.mutate('stop', {
      onSuccess: (reply) => {
        toastSuccess(reply.msg);
        void navigate({ to: paths.trade, search: { market: robot.market } });
      },
    });
  };

  return (
    <Section title={t('trade.exits')} testId="robot-exits">
      {ended && robot.end_reason ? (
        <p className="robot-end-reason" data-testid="robot-end-reason">
          {t('trade.endedBecause', { reason: t(`trade.endReason.${robot.end_reason}`) })}
        </p>
      ) : null}
      {editing ? (
        <>
          <ExitFields
            value={editing}
            onChange={(value) => {
              setError(null);
              setEditing(value);
            }}
            error={error?.message ?? ''}
            errorField={error?.field}
            running={running}
          />
          <div className="robot-exits__actions">
            <Button
              block
              color="primary"
              shape="rounded"
              loading={edit.isPending}
              onClick={save}
              data-testid="exits-save"
            >
              {t('trade.exitsSave')}
            </Button>
            <Button block shape="rounded" className="button-ghost" onClick={() => setEditing(null)}>
              {t('common.cancel')}
            </Button>
          </div>
        </>
      ) : (
        <>
          <dl className="robot-exits__list">
            {rows.map(([key, text]) => (
              <div key={key}>
                <dt>{t(`trade.exit.${key}`)}</dt>
                <dd data-testid={`robot-exit-${key}`}>{text}</dd>
              </div>
            ))}
          </dl>
          {ended ? null : (
            <div className="robot-exits__actions">
              <Button
                block
                shape="rounded"
                fill="outline"
                color="primary"
                onClick={() => {
                  setError(null);
                  setEditing(exitValuesOf(robot));
                }}
                data-testid="exits-edit"
              >
                {t('trade.exitsEdit')}
              </Button>
              {running ? (
                <Button
                  block
                  shape="rounded"
                  className="button-ghost"
                  loading={stop.isPending}
                  onClick={() => void changeGrid()}
                  data-testid="change-grid"
                >
                  {t('trade.changeGrid')}
                </Button>
              ) : null}
            </div>
          )}
        </>
      )}
    </Section>
  );
}
