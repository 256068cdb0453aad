// Fund Details: every change of the balance, newest first, filtered by kind with chips;
// more rows load as the list scrolls. Each row: what it was (the server's translated
// description, which tells the current state of what it records: a confirmed withdrawal
// says confirmed), the signed amount, the balance after, the time and the memo. Amounts
// follow the one rule of lib/format.ts (docs/decisions/118-amount-display.md).
import { useState } from 'react';
import { InfiniteScroll, SpinLoading } from 'antd-mobile';
import { UnorderedListOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/i18n.ts';
import { StatePanel } from '../../../components/state-panel.tsx';
import { formatDateTime, formatUsdt } from '../../../lib/format.ts';
import { FUND_FILTERS, useFundLog, type FundFilter } from '../api/get-fund-log.ts';
import { shortMemo } from '../utils/networks.ts';

const filters = Object.keys(FUND_FILTERS) as FundFilter[];

const SOURCES = ['withdrawal_fee', 'performance_fee', 'mining_margin'];

/** A commission's memo (`<masked member> · L<level> · <source>`), to show it translated. */
function commission(kind: string, memo: string) {
  if (!['commission', 'commission_release', 'commission_reversal'].includes(kind)) return null;
  const match = /^(.+) · L([1-3]) · ([a-z_]+)$/.exec(memo);
  if (!match || !SOURCES.includes(match[3]!)) return null;
  return { member: match[1]!, level: Number(match[2]), source: match[3]! };
}

/**
 * A machine rental's memo as the ledger stores it (`<model> x <days>`), to show it as a
 * term in the reader's words ("Antminer S21 · 30-day rental"), not as 30 machines.
 */
function rental(kind: string, memo: string) {
  if (kind !== 'mining_rent' && kind !== 'mining_margin') return null;
  const match = /^(.+) x (\d{1,4})$/.exec(memo);
  return match ? { model: match[1]!, days: Number(match[2]) } : null;
}

export function FundLog() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<FundFilter>('all');
  const query = useFundLog(filter);
  const seen = new Set<string>();
  // A row that moved onto a later page while paging is shown once.
  const records = (query.data?.pages.flatMap((page) => page.records) ?? []).filter((r) =>
    seen.has(r.id) ? false : (seen.add(r.id), true),
  );

  return (
    <>
      <div className="chips" role="tablist" aria-label={t('fund.filter')}>
        {filters.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={filter === key}
            className={filter === key ? 'chip chip--active' : 'chip'}
            onClick={() => setFilter(key)}
            data-testid={`fund-filter-${key}`}
          >
            {t(`fund.${key}`)}
          </button>
        ))}
      </div>

      {!query.isPending && records.length === 0 ? (
        <div className="card" data-testid="fund-empty">
          <StatePanel
            icon={<UnorderedListOutline />}
            title={t('fund.emptyTitle')}
            body={t('fund.emptyBody')}
          />
        </div>
      ) : (
        <ul className="record-list" data-testid="fund-list">
          {records.map((record) => {
            const negative = record.amount.startsWith('-');
            const paid = commission(record.kind, record.memo);
            const term = rental(record.kind, record.memo);
            return (
              <li
                key={record.id}
                className="record"
                data-testid="fund-record"
                data-kind={record.kind}
                data-state={record.state}
              >
                <div className="record__row">
                  <span className="record__title">{record.description}</span>
                  <span
                    className={`record__amount amount ${negative ? 'is-down' : 'is-up'}`}
                    dir="ltr"
                    data-testid="fund-amount"
                  >
                    {negative ? '' : '+'}
                    {formatUsdt(record.amount)}
                  </span>
                </div>
                <div className="record__row record__meta">
                  <span dir="ltr">{formatDateTime(record.created_at)}</span>
                  <span>
                    {t('fund.balanceAfter')}{' '}
                    <span className="amount" dir="ltr">
                      {formatUsdt(record.balance_after)}
                    </span>
                  </span>
                </div>
                {paid ? (
                  <div className="record__memo record__memo--words" data-testid="fund-commission">
                    <bdi dir="ltr">{paid.member}</bdi>
                    {' · '}
                    {t('team.levelN', { level: paid.level })}
                    {' · '}
                    {t(`team.source.${paid.source}`)}
                  </div>
                ) : term ? (
                  <div className="record__memo record__memo--words" data-testid="fund-rental">
                    {t('fund.rentalMemo', { model: `\u2068${term.model}\u2069`, days: term.days })}
                  </div>
                ) : record.memo ? (
                  <div className="record__memo" dir="ltr" title={record.memo}>
                    {shortMemo(record.memo)}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {query.isPending ? (
        <div className="list-loading">
          <SpinLoading color="primary" style={{ '--size': '24px' }} />
        </div>
      ) : (
        <InfiniteScroll
          hasMore={query.hasNextPage}
          loadMore={async () => {
            await query.fetchNextPage();
          }}
        >
          {query.hasNextPage ? (
            <span className="footnote">{t('common.loading')}</span>
          ) : records.length > 0 ? (
            <span className="footnote">{t('fund.end')}</span>
          ) : null}
        </InfiniteScroll>
      )}
    </>
  );
}
