// The leaderboard: robots run at least a day, ranked by their return over 7, 30 or 90 days,
// by drawdown (shallowest first) or by copiers, with runtime, principal, drawdown and
// copiers. Public, so visitors see it too; a demo investor's robot opens read-only, and a
// public one offers Copy (the copy screen, with its track record and profit share).
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { Segmented } from '../../../components/segmented.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { formatUsdt } from '../../../lib/format.ts';
import { useRank, type RankPeriod, type RankSort } from '../api/get-rank.ts';
import { robotSearch } from '../api/get-robot.ts';
import { formatRate, toneOf } from '../utils/figures.ts';
import { CoinMark } from './coin-mark.tsx';
import { Duration } from './duration.tsx';
import '../robots.css';
import './direction-switch.css';
import './leaderboard.css';

const PERIODS: readonly RankPeriod[] = ['7d', '30d', '90d'];
const SORTS: readonly RankSort[] = ['roi', 'drawdown', 'copiers'];

export function Leaderboard() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<RankPeriod>('7d');
  const [sort, setSort] = useState<RankSort>('roi');
  const query = useRank(period, sort);
  const list = query.data?.list ?? [];

  return (
    <div className="leaderboard" data-testid="leaderboard">
      <div className="period-switch">
        <Segmented
          label={t('trade.leaderboard')}
          value={period}
          onChange={setPeriod}
          options={PERIODS.map((p) => ({
            value: p,
            label: (
              <span
                className={p === period ? 'period-switch__current' : undefined}
                data-testid={`rank-${p}`}
              >
                {t(`trade.period.${p}`)}
              </span>
            ),
          }))}
        />
      </div>
      <div className="period-switch">
        <Segmented
          label={t('trade.sortBy')}
          value={sort}
          onChange={setSort}
          options={SORTS.map((s) => ({
            value: s,
            label: (
              <span
                className={s === sort ? 'period-switch__current' : undefined}
                data-testid={`rank-sort-${s}`}
              >
                {t(`trade.sort.${s}`)}
              </span>
            ),
          }))}
        />
      </div>
      {query.isPending ? (
        <div className="list-loading">
          <Spinner size={24} />
        </div>
      ) : list.length === 0 ? (
        <p className="empty-line">{t('trade.rankEmpty')}</p>
      ) : (
        <ol className="rank-list">
          {list.map((entry) => {
            const row = (
              <>
                <span className={`rank-row__place rank-row__place--${Math.min(entry.rank, 4)}`}>
                  {entry.rank}
                </span>
                <CoinMark market={entry.market} size={30} />
                <span className="rank-row__who">
                  <strong>
                    {entry.me ? (
                      <span className="rank-row__you" data-testid="rank-you">
                        {t('common.you')}
                      </span>
                    ) : (
                      <bdi data-testid="rank-name">{entry.nickname}</bdi>
                    )}
                    {entry.demo ? (
                      <span className="rank-row__demo" data-testid="rank-demo">
                        {t('trade.demoInvestor')}
                      </span>
                    ) : null}
                  </strong>
                  <span>
                    <span dir="ltr">{entry.market}</span> · {t(`trade.dir.${entry.direction}`)}
                  </span>
                  <span>
                    <Duration seconds={entry.runtime_seconds} /> ·{' '}
                    <span className="amount" dir="ltr">
                      {formatUsdt(entry.principal, 2, 2)}
                    </span>{' '}
                    USDT
                  </span>
                  <span data-testid="rank-record">
                    {t('trade.drawdownShort')}{' '}
                    <span className="amount" dir="ltr">
                      {Number(entry.max_drawdown) > 0 ? '-' : ''}
                      {formatRate(entry.max_drawdown)}
                    </span>{' '}
                    · {t('trade.copiersCount', { count: entry.copiers })}
                  </span>
                </span>
                <span className="rank-row__end">
                  <span className={`rank-row__rate amount ${toneOf(entry.return_rate)}`} dir="ltr">
                    {formatRate(entry.return_rate, true)}
                  </span>
                </span>
              </>
            );
            const copy = entry.public ? (
              <Link
                to={paths.copyRobot}
                search={robotSearch(entry.robot_id)}
                className="rank-row__copy"
                data-testid="rank-copy"
              >
                {t('trade.copy')}
                {entry.demo ? '' : ` · ${entry.profit_share_pct}%`}
              </Link>
            ) : null;
            // A demo investor's robot opens read-only for anyone; a customer's stays private.
            return (
              <li key={entry.robot_id} data-testid="rank-row">
                {entry.demo ? (
                  <Link
                    to={paths.demoRobot}
                    search={robotSearch(entry.robot_id)}
                    className="rank-row rank-row--link"
                    data-testid="rank-demo-link"
                  >
                    {row}
                  </Link>
                ) : (
                  <div className="rank-row">{row}</div>
                )}
                {copy}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
