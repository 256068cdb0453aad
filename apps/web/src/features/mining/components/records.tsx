// The records: every rent and renewal paid, and every daily payout, newest first.
import { useTranslation } from '../../../lib/i18n.ts';
import { BillOutline } from 'antd-mobile-icons';
import { StatePanel } from '../../../components/state-panel.tsx';
import { formatDate, formatUsdt } from '../../../lib/format.ts';
import { useMiningRecords } from '../api/rentals.ts';

export function MiningRecords() {
  const { t } = useTranslation();
  const records = useMiningRecords();
  const list = records.data?.list ?? [];
  if (records.isSuccess && list.length === 0) {
    return (
      <div className="card">
        <StatePanel
          icon={<BillOutline />}
          title={t('mining.noRecords')}
          body={t('mining.noRecordsBody')}
        />
      </div>
    );
  }
  return (
    <ul className="list-card mining-records" data-testid="mining-records">
      {list.map((r) => (
        <li key={r.id} className="mining-record">
          <span>
            <strong>{t(`mining.record.${r.kind}`)}</strong>
            <small>
              {r.model} · {r.kind === 'payout' ? r.day : formatDate(r.created_at)}
              {r.kind !== 'payout' ? ` · ${t('mining.daysCount', { count: r.days })}` : ''}
            </small>
          </span>
          <span dir="ltr" className={r.amount.startsWith('-') ? 'amount--out' : 'amount--in'}>
            {r.amount.startsWith('-') ? '' : '+'}
            {formatUsdt(r.amount)}
          </span>
        </li>
      ))}
    </ul>
  );
}
