// Shown by the router only when a screen takes longer than 200 ms to arrive, and by screens
// while their data loads: antd-mobile's SpinLoading (primary, 36 px) as drawn by CSS alone
// (components/spinner.tsx), so the animation library stays out of the first load (issue 17).
import { useTranslation } from '../lib/i18n.ts';
import { Spinner } from './spinner.tsx';
import './loading-fallback.css';

export function LoadingFallback() {
  const { t } = useTranslation();
  return (
    <div className="loading-fallback" role="status" aria-live="polite" data-testid="route-loading">
      <Spinner size={36} />
      <span>{t('common.loading')}</span>
    </div>
  );
}
