// pages/setting/wallets: the wallets that may sign in to this account (getnonce).
import { useTranslation } from '../../lib/i18n.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { WalletsPanel } from '../../features/account/components/wallets-panel.tsx';

export default function WalletsScreen() {
  const { t } = useTranslation();
  return (
    <div className="screen" data-testid="screen-wallets">
      <PageHeader title={t('accountSecurity.walletTitle')} />
      <main className="screen__body">
        <WalletsPanel />
      </main>
    </div>
  );
}
