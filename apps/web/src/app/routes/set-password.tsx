// pages/public/setpwd: the server has no password-reset call yet, so the screen says how
// a forgotten password is reset today (customer service) rather than pretend.
import { Button } from 'antd-mobile';
import { LockOutline } from 'antd-mobile-icons';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { StatePanel } from '../../components/state-panel.tsx';

export default function SetPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="screen" data-testid="screen-set-password">
      <PageHeader title={t('pages.setPassword')} />
      <main className="screen__body">
        <div className="card">
          <StatePanel
            icon={<LockOutline />}
            title={t('auth.resetTitle')}
            body={t('auth.resetBody')}
          >
            <Button
              block
              shape="rounded"
              color="primary"
              onClick={() => void navigate({ to: paths.support })}
            >
              {t('auth.contactSupport')}
            </Button>
            <Button
              block
              shape="rounded"
              fill="outline"
              color="primary"
              onClick={() => void navigate({ to: paths.login, replace: true })}
            >
              {t('auth.backToLogin')}
            </Button>
          </StatePanel>
        </div>
      </main>
    </div>
  );
}
