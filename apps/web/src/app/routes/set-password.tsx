// pages/public/setpwd: reset a forgotten login password with a code sent to the account's
// e-mail or phone (image code first); every session ends, then back to sign-in.
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { paths } from '../../config/paths.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ResetPasswordForm } from '../../features/account/components/reset-password-form.tsx';

export default function SetPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="screen" data-testid="screen-set-password">
      <PageHeader title={t('pages.setPassword')} />
      <main className="screen__body">
        <p className="notice-line">{t('accountSecurity.resetHint')}</p>
        <ResetPasswordForm onReset={() => void navigate({ to: paths.login, replace: true })} />
      </main>
    </div>
  );
}
