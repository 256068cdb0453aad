// pages/personal/consumeList: the records. Fund Details first (every figure of the
// balance traced to its entries, PRODUCT.md's one rule, filterable by kind), then the way
// to every other record list of the app.
import { RightOutline } from 'antd-mobile-icons';
import { Link } from '@tanstack/react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { paths } from '../../config/paths.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { FundLog } from '../../features/wallet/components/fund-log.tsx';

const otherRecords = [
  { to: paths.topUp, label: 'content.recordsDeposits' },
  { to: paths.withdraw, label: 'content.recordsWithdrawals' },
  { to: paths.trade, label: 'content.recordsRobots' },
  { to: paths.team, label: 'content.recordsTeam' },
] as const;

export default function FundDetailsScreen() {
  const { t } = useTranslation();
  return (
    <div className="screen" data-testid="screen-fund-details">
      <PageHeader title={t('pages.records')} />
      <main className="screen__body">
        <nav aria-label={t('content.otherRecords')}>
          <ul className="list-card" data-testid="record-lists">
            {otherRecords.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="list-card__row">
                  <span>{t(item.label)}</span>
                  <RightOutline className="chevron" />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <FundLog />
      </main>
    </div>
  );
}
