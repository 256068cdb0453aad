// pages/setting/bind: bind a phone to an e-mail account or an e-mail to a phone account.
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { LoadingFallback } from '../../components/loading-fallback.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useUserInfo } from '../../features/account/api/get-user-info.ts';
import { BindForm } from '../../features/account/components/bind-form.tsx';

export default function BindScreen() {
  const { t } = useTranslation();
  const router = useRouter();
  const { user } = useUserInfo();
  const kind = user?.account_kind === 'phone' ? 'email' : 'phone';
  return (
    <div className="screen" data-testid="screen-bind">
      <PageHeader
        title={t(kind === 'phone' ? 'accountSecurity.bindPhone' : 'accountSecurity.bindEmail')}
      />
      <main className="screen__body">
        <p className="notice-line">{t('accountSecurity.bindHint')}</p>
        {user ? (
          <BindForm kind={kind} onBound={() => router.history.back()} />
        ) : (
          <LoadingFallback />
        )}
      </main>
    </div>
  );
}
