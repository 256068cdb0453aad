// pages/personal/consumeList: Fund Details. Every figure of the balance traced to its
// entries (PRODUCT.md, the one rule).
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { FundLog } from '../../features/wallet/components/fund-log.tsx';

export default function FundDetailsScreen() {
  const { t } = useTranslation();
  return (
    <div className="screen" data-testid="screen-fund-details">
      <PageHeader title={t('pages.records')} />
      <main className="screen__body">
        <FundLog />
      </main>
    </div>
  );
}
