// The investor's withdrawals: amount, what the address receives, the state, the address
// and the transaction on the network's explorer; refused or failed ones say why.
import { useEffect, useRef } from 'react';
import { Button, SpinLoading } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatDateTime, formatUsdt } from '../../../lib/format.ts';
import { isFinal, useWithdrawals, type WithdrawalStatus } from '../api/get-withdrawals.ts';
import { networkLabel, shortHash } from '../utils/networks.ts';
import { StatusTag, type StatusTone } from './status-tag.tsx';
import { TxLink } from './tx-link.tsx';

const statusText: Record<WithdrawalStatus, string> = {
  pending_review: 'wallet.statusPendingReview',
  approved: 'wallet.statusApproved',
  broadcast: 'wallet.statusBroadcast',
  confirmed: 'wallet.statusConfirmed',
  rejected: 'wallet.statusRejected',
  failed: 'wallet.statusFailed',
};

const statusTone: Record<WithdrawalStatus, StatusTone> = {
  pending_review: 'warn',
  approved: 'olive',
  broadcast: 'olive',
  confirmed: 'up',
  rejected: 'down',
  failed: 'down',
};

/** `onSettled` runs when a withdrawal on screen reaches a final state (balances moved). */
export function WithdrawalList({ onSettled }: { onSettled?: () => void }) {
  const { t } = useTranslation();
  const query = useWithdrawals();
  const withdrawals = query.data?.pages.flatMap((page) => page.list) ?? [];

  const moving = useRef(new Set<string>());
  const data = query.data;
  useEffect(() => {
    let settled = false;
    for (const w of data?.pages.flatMap((page) => page.list) ?? []) {
      if (!isFinal(w)) moving.current.add(w.withdrawal_id);
      else if (moving.current.delete(w.withdrawal_id)) settled = true;
    }
    if (settled) onSettled?.();
  }, [data, onSettled]);

  if (query.isPending) {
    return (
      <div className="list-loading">
        <SpinLoading color="primary" style={{ '--size': '24px' }} />
      </div>
    );
  }
  if (withdrawals.length === 0) {
    return <p className="empty-line">{t('wallet.noWithdrawals')}</p>;
  }
  return (
    <>
      <ul className="record-list" data-testid="withdrawal-list">
        {withdrawals.map((w) => (
          <li
            key={w.withdrawal_id}
            className="record"
            data-testid="withdrawal-record"
            data-status={w.status}
          >
            <div className="record__row">
              <span className="record__amount amount" dir="ltr">
                -{formatUsdt(w.amount)} USDT
              </span>
              <StatusTag tone={statusTone[w.status]}>{t(statusText[w.status])}</StatusTag>
            </div>
            <div className="record__row record__meta">
              <span>
                {t('wallet.receivedAmount', { amount: formatUsdt(w.receive_amount) })} ·{' '}
                {t('wallet.feeAmount', { amount: formatUsdt(w.fee) })}
              </span>
            </div>
            <div className="record__row record__meta">
              <span dir="ltr">
                {networkLabel[w.network]} → {shortHash(w.address)}
              </span>
              <span dir="ltr">{formatDateTime(w.created_at)}</span>
            </div>
            {w.tx_hash ? (
              <div className="record__row record__meta">
                <span>
                  {w.status === 'broadcast'
                    ? t('wallet.confirmationsSoFar', { n: w.confirmations })
                    : t('wallet.transaction')}
                </span>
                <TxLink network={w.network} hash={w.tx_hash} />
              </div>
            ) : null}
            {w.reason && (w.status === 'rejected' || w.status === 'failed') ? (
              <p className="record__reason">{w.reason}</p>
            ) : null}
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <Button
          block
          shape="rounded"
          fill="outline"
          color="primary"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
          data-testid="withdrawals-more"
        >
          {t('wallet.loadMore')}
        </Button>
      ) : null}
    </>
  );
}
