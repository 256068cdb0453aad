// Deposits of one network: those still confirming, with live progress, and the history
// (credited, below the minimum and not credited, or dropped by a chain reorganisation).
import { ProgressBar } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { Section } from '../../../components/section.tsx';
import { formatDateTime, formatUsdt } from '../../../lib/format.ts';
import type { Deposit } from '../api/get-deposit-info.ts';
import type { Network } from '../utils/networks.ts';
import { StatusTag } from './status-tag.tsx';
import { TxLink } from './tx-link.tsx';
import '../wallet.css';

const statusText = {
  pending: 'wallet.depositPending',
  credited: 'wallet.depositCredited',
  below_minimum: 'wallet.depositBelowMinimum',
  orphaned: 'wallet.depositOrphaned',
} as const;

const statusTone = {
  pending: 'olive',
  credited: 'up',
  below_minimum: 'warn',
  orphaned: 'down',
} as const;

/** Deposits still confirming, each with its confirmations as a bar; nothing when none. */
export function PendingDeposits({ network, deposits }: { network: Network; deposits: Deposit[] }) {
  const { t } = useTranslation();
  const pending = deposits.filter((d) => d.status === 'pending');
  if (pending.length === 0) return null;
  return (
    <Section title={t('wallet.confirming')} testId="deposits-pending">
      <ul className="record-list">
        {pending.map((deposit) => {
          const percent = Math.min(
            100,
            Math.round((deposit.confirmations / deposit.required_confirmations) * 100),
          );
          return (
            <li key={deposit.id} className="record" data-testid="deposit-pending">
              <div className="record__row">
                <span className="record__amount amount" dir="ltr">
                  +{formatUsdt(deposit.amount)} USDT
                </span>
                <StatusTag tone="olive">{t(statusText.pending)}</StatusTag>
              </div>
              <div
                role="progressbar"
                aria-label={t('wallet.confirmations')}
                aria-valuemin={0}
                aria-valuemax={deposit.required_confirmations}
                aria-valuenow={deposit.confirmations}
              >
                <ProgressBar percent={percent} className="confirm-bar" />
              </div>
              <div className="record__row record__meta">
                <span data-testid="deposit-progress">
                  {t('wallet.confirmationsOf', {
                    done: deposit.confirmations,
                    required: deposit.required_confirmations,
                  })}
                </span>
                <TxLink network={network} hash={deposit.tx_hash} />
              </div>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

/** Deposits that are done: credited, below the minimum (not credited) or orphaned. */
export function DepositHistory({ network, deposits }: { network: Network; deposits: Deposit[] }) {
  const { t } = useTranslation();
  const history = deposits.filter((d) => d.status !== 'pending');
  return (
    <Section title={t('wallet.depositHistory')} testId="deposits-history">
      {history.length === 0 ? (
        <p className="empty-line">{t('wallet.noDeposits')}</p>
      ) : (
        <ul className="record-list">
          {history.map((deposit) => (
            <li
              key={deposit.id}
              className="record"
              data-testid="deposit-record"
              data-status={deposit.status}
            >
              <div className="record__row">
                <span
                  className={`record__amount amount${deposit.status === 'credited' ? ' is-up' : ''}`}
                  dir="ltr"
                >
                  {formatUsdt(deposit.amount)} USDT
                </span>
                <StatusTag tone={statusTone[deposit.status]}>
                  {t(statusText[deposit.status])}
                </StatusTag>
              </div>
              <div className="record__row record__meta">
                <span dir="ltr">{formatDateTime(deposit.credited_at ?? deposit.created_at)}</span>
                <TxLink network={network} hash={deposit.tx_hash} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
