import { Button } from 'antd-mobile';
import { QuestionCircleOutline } from 'antd-mobile-icons';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from '../lib/i18n.ts';
import { paths } from '../config/paths.ts';
import { StatePanel } from './state-panel.tsx';

export function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="screen screen--center">
      <StatePanel
        testId="not-found"
        icon={<QuestionCircleOutline />}
        title={t('errors.notFoundTitle')}
        body={t('errors.notFoundBody')}
      >
        <Button
          block
          shape="rounded"
          color="primary"
          onClick={() => void navigate({ to: paths.home })}
        >
          {t('common.backHome')}
        </Button>
      </StatePanel>
    </div>
  );
}
