// A screen whose code failed to load (or took over 60 s): say so and offer a retry.
import { Button } from 'antd-mobile';
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from '../lib/i18n.ts';
import { StatePanel } from './state-panel.tsx';

export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="screen screen--center" role="alert">
      <StatePanel
        testId="route-error"
        icon={<ExclamationCircleOutline />}
        title={t('errors.chunkTitle')}
        body={t('errors.chunkBody')}
      >
        <Button block shape="rounded" color="primary" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </Button>
      </StatePanel>
    </div>
  );
}
