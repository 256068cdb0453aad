// pages/setting/secondPassword: change the 6-digit fund password asked for withdrawals.
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { LoadingFallback } from '../../components/loading-fallback.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { maskAccount } from '../../lib/format.ts';
import { useUserInfo } from '../../features/account/api/get-user-info.ts';
import { FundPasswordForm } from '../../features/account/components/fund-password-form.tsx';

export default function FundPasswordScreen() {
  const { t } = useTranslation();
  const router = useRouter();
  const { user } = useUserInfo();
  return (
    <div className="screen" data-testid="screen-fund-password">
      <PageHeader title={t('pages.fundPassword')} />
      <main className="screen__body">
        <p className="notice-line">{t('account.fundPasswordIntro')}</p>
        {user ? (
          <FundPasswordForm
            account={maskAccount(user.account)}
            onChanged={() => router.history.back()}
          />
        ) : (
          <LoadingFallback />
        )}
      </main>
    </div>
  );
}
