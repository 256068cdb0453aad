// "Demo market data": shown on every market screen while prices come from the built-in
// simulator (PRODUCT.md), so no simulated price passes for a real one.
import { useTranslation } from '../../../lib/i18n.ts';
import './demo-badge.css';

/**
 * Until the markets answer (and in the first screen drawn into the page) the source is
 * unknown, and the badge holds its place unseen: where the title and the badge do not fit
 * one line (9 of 16 languages on Trade at 360 px), its arrival wrapped it below and moved
 * the whole screen down 26 px (a layout shift of 0.037). Olive's own prices are simulated
 * unless an exchange feeds them; with an exchange the place is given back.
 */
export function DemoBadge({ source }: { source: 'simulated' | 'exchange' | undefined }) {
  const { t } = useTranslation();
  if (source === 'exchange') return null;
  if (source === undefined) {
    return (
      <span className="badge badge--demo badge--unseen" aria-hidden="true">
        {t('trade.demoData')}
      </span>
    );
  }
  return (
    <span className="badge badge--demo" data-testid="demo-badge">
      {t('trade.demoData')}
    </span>
  );
}
