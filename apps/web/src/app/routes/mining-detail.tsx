// pages/mining/detail?id=N: one rental with its daily earnings chart and every payout's
// inputs; renew and auto-renew.
import { QuestionCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../lib/i18n.ts';
import { LoadingFallback } from '../../components/loading-fallback.tsx';
import { useIdParam } from '../../hooks/use-id-param.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { StatePanel } from '../../components/state-panel.tsx';
import { useInvalidateUserInfo } from '../../features/account/api/get-user-info.ts';
import { useRental } from '../../features/mining/api/rentals.ts';
import { RentalDetailView } from '../../features/mining/components/rental-detail.tsx';
import '../../features/mining/mining.css';

export default function MiningDetailScreen() {
  const { t } = useTranslation();
  const rentalId = useIdParam();
  const rental = useRental(rentalId);
  const refreshUser = useInvalidateUserInfo();
  return (
    <div className="screen" data-testid="screen-mining-detail">
      <PageHeader title={t('mining.detailTitle')} />
      <main className="screen__body">
        {rental.data ? (
          <RentalDetailView rental={rental.data} onPaid={() => void refreshUser()} />
        ) : rental.isError ? (
          <div className="card">
            <StatePanel
              icon={<QuestionCircleOutline />}
              title={t('mining.notFound')}
              body={rental.error.message}
            />
          </div>
        ) : (
          <LoadingFallback />
        )}
      </main>
    </div>
  );
}
