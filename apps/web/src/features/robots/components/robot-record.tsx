// A robot's track record (issue 32), every figure from its own fills: ROI over 7, 30 and
// 90 days (or since it started, if younger), the deepest drawdown, the Sharpe ratio of its
// daily returns, completed round trips, and buy-and-hold of the coin over the same time
// beside them, so a grid's return can be compared with simply holding.
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import type { Robot } from '../api/get-robot.ts';
import { formatRate, toneOf } from '../utils/figures.ts';
import '../robots.css';
import './robot-figures.css';

export type TrackRecord = Pick<
  Robot,
  | 'roi_7d'
  | 'roi_30d'
  | 'roi_90d'
  | 'max_drawdown'
  | 'sharpe'
  | 'round_trips'
  | 'buy_and_hold_return'
>;

function Item({
  label,
  children,
  tone = '',
  testId,
}: {
  label: ReactNode;
  children: ReactNode;
  tone?: string;
  testId?: string;
}) {
  return (
    <div className="robot-figures__item">
      <dt>{label}</dt>
      <dd className={`amount ${tone}`} dir="ltr" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

export function RobotRecord({ record }: { record: TrackRecord }) {
  const { t } = useTranslation();
  const drawdown = Number(record.max_drawdown);
  return (
    <section className="card robot-figures-card" data-testid="robot-record">
      <dl className="robot-figures">
        <Item label={t('trade.roi7d')} tone={toneOf(record.roi_7d)} testId="record-roi-7d">
          {formatRate(record.roi_7d, true)}
        </Item>
        <Item label={t('trade.roi30d')} tone={toneOf(record.roi_30d)}>
          {formatRate(record.roi_30d, true)}
        </Item>
        <Item label={t('trade.roi90d')} tone={toneOf(record.roi_90d)}>
          {formatRate(record.roi_90d, true)}
        </Item>
        <Item
          label={t('trade.maxDrawdown')}
          tone={drawdown > 0 ? 'is-down' : ''}
          testId="record-drawdown"
        >
          {drawdown > 0 ? `-${formatRate(record.max_drawdown)}` : formatRate('0')}
        </Item>
        <Item label={t('trade.sharpe')} testId="record-sharpe">
          {record.sharpe === '' ? t('trade.sharpeTooSoon') : record.sharpe}
        </Item>
        <Item label={t('trade.roundTrips')}>{record.round_trips}</Item>
        <Item
          label={t('trade.buyAndHold')}
          tone={toneOf(record.buy_and_hold_return)}
          testId="record-buy-hold"
        >
          {formatRate(record.buy_and_hold_return, true)}
        </Item>
      </dl>
      <p className="footnote">{t('trade.recordNote')}</p>
    </section>
  );
}
