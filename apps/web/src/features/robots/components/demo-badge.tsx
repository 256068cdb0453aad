// "Demo market data": shown on every market screen while prices come from the built-in
// simulator (PRODUCT.md), so no simulated price passes for a real one.
import { useTranslation } from '../../../lib/i18n.ts';
import './demo-badge.css';

export function DemoBadge({ source }: { source: 'simulated' | 'exchange' | undefined }) {
  const { t } = useTranslation();
  if (source !== 'simulated') return null;
  return (
    <span className="badge badge--demo" data-testid="demo-badge">
      {t('trade.demoData')}
    </span>
  );
}
