// pages/setting/loginPassword: change the login password (other devices are signed out).
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { LoginPasswordForm } from '../../features/account/components/login-password-form.tsx';

export default function LoginPasswordScreen() {
  const { t } = useTranslation();
  const router = useRouter();
  return (
    <div className="screen" data-testid="screen-login-password">
      <PageHeader title={t('pages.loginPassword')} />
      <main className="screen__body">
        <p className="notice-line">{t('account.loginPasswordHint')}</p>
        <LoginPasswordForm onChanged={() => router.history.back()} />
      </main>
    </div>
  );
}
