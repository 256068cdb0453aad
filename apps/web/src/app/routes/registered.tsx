// pages/public/success: the account exists and is signed in; next steps.
import { Button } from 'antd-mobile';
import { CheckCircleOutline } from 'antd-mobile-icons';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { paths } from '../../config/paths.ts';
import { StatePanel } from '../../components/state-panel.tsx';
import { maskAccount } from '../../lib/format.ts';
import { useUserInfo } from '../../features/account/api/get-user-info.ts';
import '../../features/account/auth.css';

export default function RegisteredScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useUserInfo();
  return (
    <div className="screen screen--center screen--success" data-testid="screen-registered">
      <div className="card success-card">
        <StatePanel
          icon={<CheckCircleOutline />}
          badge={user ? maskAccount(user.account) : undefined}
          title={t('auth.registeredTitle')}
          body={t('auth.registeredBody')}
        >
          <Button
            block
            shape="rounded"
            color="primary"
            size="large"
            data-testid="registered-home"
            onClick={() => void navigate({ to: paths.home, replace: true })}
          >
            {t('auth.goHome')}
          </Button>
          <Button
            block
            shape="rounded"
            fill="outline"
            color="primary"
            onClick={() => void navigate({ to: paths.security })}
          >
            {t('me.security')}
          </Button>
        </StatePanel>
      </div>
    </div>
  );
}
