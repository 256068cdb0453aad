// pages/personal/wallet: Withdraw Wallet (Me menu, security centre). The saved withdrawal
// address of each network, or the form to save one.
import { useTranslation } from '../../lib/i18n.ts';
import { LoadingFallback } from '../../components/loading-fallback.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useInvalidateUserInfo, useUserInfo } from '../../features/account/api/get-user-info.ts';
import { WalletList } from '../../features/wallet/components/wallet-list.tsx';

export default function WalletScreen() {
  const { t } = useTranslation();
  const { user } = useUserInfo();
  const refreshUser = useInvalidateUserInfo();
  return (
    <div className="screen" data-testid="screen-wallet">
      <PageHeader title={t('me.wallet')} />
      <main className="screen__body">
        <p className="notice-line">{t('wallet.walletIntro')}</p>
        {user ? (
          <WalletList addresses={user.addresses} onSaved={() => void refreshUser()} />
        ) : (
          <LoadingFallback />
        )}
      </main>
    </div>
  );
}
