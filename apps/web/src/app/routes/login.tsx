// pages/public/login (and welcome): sign-in opens with the accounts release; until then
// the screen says so and keeps the visitor moving.
import { Button } from 'antd-mobile';
import { UserCircleOutline } from 'antd-mobile-icons';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths.ts';
import { BrandMark } from '../../components/brand-mark.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { StatePanel } from '../../components/state-panel.tsx';

export default function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="screen screen--login" data-testid="screen-login">
      <PageHeader title={t('pages.login')} />
      <main className="screen__body">
        <div className="login-brand">
          <BrandMark size={64} />
          <div className="login-brand__name">Olive</div>
          <div className="login-brand__tagline">{t('home.tagline')}</div>
        </div>
        <div className="card">
          <StatePanel
            testId="coming-soon"
            icon={<UserCircleOutline />}
            badge={t('common.comingSoon')}
            title={t('pages.login')}
            body={t('soon.loginBody')}
          >
            <Button
              block
              shape="rounded"
              color="primary"
              onClick={() => void navigate({ to: paths.home })}
            >
              {t('common.backHome')}
            </Button>
            <Button
              block
              shape="rounded"
              fill="outline"
              className="button-ghost"
              onClick={() => void navigate({ to: paths.language })}
            >
              {t('me.language')}
            </Button>
          </StatePanel>
        </div>
      </main>
    </div>
  );
}
