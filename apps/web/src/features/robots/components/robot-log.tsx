// Every fill, settlement and stop of one robot, newest first: a buy or a sell at a
// price, the fee it paid and, for a closing fill, the profit or loss it realised.
import { SpinLoading } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatDateTime, formatUsdt } from '../../../lib/format.ts';
import type { RobotLogKind, RobotLogRecord } from '../api/get-robot-log.ts';
import { signOf, signedAmount, toneOf } from '../utils/figures.ts';
import '../robots.css';
import './robot-log.css';

const kindTone: Record<RobotLogKind, string> = {
  buy: 'up',
  sell: 'down',
  settle: 'olive',
  stop: 'muted',
};

function RecordLine({ record }: { record: RobotLogRecord }) {
  const { t } = useTranslation();
  const fill = record.kind === 'buy' || record.kind === 'sell';
  return (
    <li className="record fill" data-testid="robot-log-record" data-kind={record.kind}>
      <div className="record__row">
        <span className="fill__title">
          <span className={`status-tag status-tag--${kindTone[record.kind]}`}>
            {t(`trade.kind.${record.kind}`)}
          </span>
          {fill ? (
            <span className="fill__price amount" dir="ltr">
              {formatUsdt(record.quantity, 0)} @ {formatUsdt(record.price)}
            </span>
          ) : null}
        </span>
        {fill && signOf(record.pnl) !== 0 ? (
          <span className={`record__amount amount ${toneOf(record.pnl)}`} dir="ltr">
            {signedAmount(formatUsdt(record.pnl), record.pnl)}
          </span>
        ) : !fill ? (
          <span
            className="record__amount amount"
            dir="ltr"
            data-testid={`log-${record.kind}-amount`}
          >
            +{formatUsdt(record.amount)}
          </span>
        ) : null}
      </div>
      <div className="record__row record__meta">
        <span>
          {fill
            ? t('trade.fillMeta', {
                amount: formatUsdt(record.amount),
                fee: formatUsdt(record.fee),
              })
            : record.kind === 'stop'
              ? t('trade.stopMeta')
              : t('trade.settleMeta', { fee: formatUsdt(record.fee) })}
        </span>
        <span dir="ltr">{formatDateTime(record.created_at)}</span>
      </div>
    </li>
  );
}

export function RobotLog({
  records,
  loading,
}: {
  records: RobotLogRecord[] | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation();
  if (loading && !records) {
    return (
      <div className="list-loading">
        <SpinLoading color="primary" style={{ '--size': '24px' }} />
      </div>
    );
  }
  if (!records || records.length === 0) {
    return <p className="empty-line">{t('trade.noTrades')}</p>;
  }
  return (
    <ul className="record-list" data-testid="robot-log">
      {records.map((record) => (
        <RecordLine key={record.id} record={record} />
      ))}
    </ul>
  );
}
