// pages/setting/twofactor: two-factor sign-in with an authenticator app (getskey).
import { useTranslation } from '../../lib/i18n.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { TwoFactorPanel } from '../../features/account/components/two-factor-panel.tsx';

export default function TwoFactorScreen() {
  const { t } = useTranslation();
  return (
    <div className="screen" data-testid="screen-two-factor">
      <PageHeader title={t('accountSecurity.twoFactor')} />
      <main className="screen__body">
        <TwoFactorPanel />
      </main>
    </div>
  );
}
