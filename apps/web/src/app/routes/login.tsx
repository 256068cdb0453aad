// pages/public/login (and welcome): sign in with e-mail or phone and password; links to
// registration and password reset, and the language switch for a first visit. The links sit
// right under the form, before the wallet sign-in, so "Create an account" is on the first
// screen of a 360x640 phone (issue 34).
import { GlobalOutline } from 'antd-mobile-icons';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { paths } from '../../config/paths.ts';
import { BrandMark } from '../../components/brand-mark.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { LoginForm } from '../../features/account/components/login-form.tsx';
import { WalletLoginButton } from '../../features/account/components/wallet-login-button.tsx';
import '../../features/account/auth.css';

export default function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="screen screen--login" data-testid="screen-login">
      <PageHeader
        title={t('pages.login')}
        right={
          <Link
            to={paths.language}
            className="icon-button icon-button--small"
            aria-label={t('me.language')}
            data-testid="login-language"
          >
            <GlobalOutline />
          </Link>
        }
      />
      <main className="screen__body">
        <div className="auth-hero">
          <BrandMark size={56} />
          <h1 className="auth-hero__title">{t('auth.loginTitle')}</h1>
          <p className="auth-hero__subtitle">{t('auth.loginSubtitle')}</p>
        </div>
        <LoginForm onSignedIn={() => void navigate({ to: paths.home, replace: true })} />
        <div className="auth-links">
          <Link to={paths.setPassword} className="text-link" data-testid="login-forgot">
            {t('auth.forgot')}
          </Link>
          <span>
            {t('auth.noAccount')}{' '}
            <Link to={paths.register} className="text-link" data-testid="login-register">
              {t('auth.createAccount')}
            </Link>
          </span>
        </div>
        <WalletLoginButton onSignedIn={() => void navigate({ to: paths.home, replace: true })} />
      </main>
    </div>
  );
}
