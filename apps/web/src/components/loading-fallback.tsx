// Shown by the router only when a screen takes longer than 200 ms to arrive.
import { SpinLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import './loading-fallback.css';

export function LoadingFallback() {
  const { t } = useTranslation();
  return (
    <div className="loading-fallback" role="status" aria-live="polite" data-testid="route-loading">
      <SpinLoading color="primary" style={{ '--size': '36px' }} />
      <span>{t('common.loading')}</span>
    </div>
  );
}
