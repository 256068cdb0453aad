// Leaderboard: users by mining earnings over all time, 7 or 30 days, with their hash power.
import { useState } from 'react';
import { CapsuleTabs } from 'antd-mobile';
import { UnorderedListOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/i18n.ts';
import { StatePanel } from '../../../components/state-panel.tsx';
import { formatUsdt } from '../../../lib/format.ts';
import { useMinerRank, type RankPeriod } from '../api/rank.ts';

export function MiningLeaderboard() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<RankPeriod>('all');
  const rank = useMinerRank(period);
  const list = rank.data?.list ?? [];
  return (
    <div data-testid="mining-leaderboard">
      <CapsuleTabs activeKey={period} onChange={(key) => setPeriod(key as RankPeriod)}>
        <CapsuleTabs.Tab title={t('mining.periodAll')} key="all" />
        <CapsuleTabs.Tab title={t('mining.period7d')} key="7d" />
        <CapsuleTabs.Tab title={t('mining.period30d')} key="30d" />
      </CapsuleTabs>
      {rank.isSuccess && list.length === 0 ? (
        <div className="card">
          <StatePanel
            icon={<UnorderedListOutline />}
            title={t('mining.noRank')}
            body={t('mining.noRankBody')}
          />
        </div>
      ) : (
        <ol className="list-card mining-rank">
          {list.map((r) => (
            <li key={r.rank} className="mining-rank__row">
              <span className="mining-rank__place">{r.rank}</span>
              <span className="mining-rank__name">
                <strong>
                  {r.me ? (
                    <span data-testid="mining-rank-you">{t('common.you')}</span>
                  ) : (
                    <bdi data-testid="mining-rank-name">{r.nickname}</bdi>
                  )}
                  {r.demo ? (
                    <span className="mining-rank__demo" data-testid="mining-rank-demo">
                      {t('mining.demoInvestor')}
                    </span>
                  ) : null}
                </strong>
                <small dir="ltr">{r.hash_rate_ths} TH/s</small>
              </span>
              <span dir="ltr" className="amount--in">
                {formatUsdt(r.cumulative_earnings, 2, 2)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
