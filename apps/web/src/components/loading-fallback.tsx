// Shown by the router only when a screen takes longer than 200 ms to arrive, and by screens
// while their data loads. The spinner is antd-mobile's SpinLoading (primary, 36 px) drawn
// with CSS alone: SpinLoading animates its arc with react-spring, which would put the
// animation library into the first load for a spinner (issue 17). Same circle, same
// 0.8 s turn and 1.2 s arc (80 to 30 and back, linear), so it looks the same.
import { useTranslation } from '../lib/i18n.ts';
import './loading-fallback.css';

const CIRCUMFERENCE = 15 * 3.14159265358979 * 2;

export function LoadingFallback() {
  const { t } = useTranslation();
  return (
    <div className="loading-fallback" role="status" aria-live="polite" data-testid="route-loading">
      <div className="loading-fallback__spinner">
        <svg viewBox="0 0 32 32">
          <circle
            fill="transparent"
            strokeWidth="2"
            strokeDasharray={CIRCUMFERENCE}
            strokeLinecap="square"
            r={15}
            cx={16}
            cy={16}
          />
        </svg>
      </div>
      <span>{t('common.loading')}</span>
    </div>
  );
}
