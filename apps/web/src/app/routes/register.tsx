// pages/public/regiest: create an account. An invitation link may carry the inviter's
// code as ?invite= or ?code= in the hash query; it fills the invitation field.
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { paths } from '../../config/paths.ts';
import { BrandMark } from '../../components/brand-mark.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { RegisterForm } from '../../features/account/components/register-form.tsx';
import '../../features/account/auth.css';

export default function RegisterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search: { invite?: unknown; code?: unknown } = useSearch({ strict: false });
  const invite = [search.invite, search.code].find(
    (value) => typeof value === 'string' || typeof value === 'number',
  );
  return (
    <div className="screen screen--register" data-testid="screen-register">
      <PageHeader title={t('pages.register')} />
      <main className="screen__body">
        <div className="auth-hero auth-hero--compact">
          <BrandMark size={44} />
          <h1 className="auth-hero__title">{t('auth.registerTitle')}</h1>
          <p className="auth-hero__subtitle">{t('auth.registerSubtitle')}</p>
        </div>
        <RegisterForm
          inviteCode={invite === undefined ? '' : String(invite).toUpperCase()}
          onRegistered={() => void navigate({ to: paths.registered, replace: true })}
        />
        <div className="auth-links auth-links--center">
          <span>
            {t('auth.haveAccount')}{' '}
            <Link to={paths.login} className="text-link" data-testid="register-login">
              {t('common.login')}
            </Link>
          </span>
        </div>
      </main>
    </div>
  );
}
