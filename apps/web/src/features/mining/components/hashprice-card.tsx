// Hashprice: what one TH/s earns in a day at today's difficulty, block reward and BTC
// price (before electricity), its last 30 days as a small line, and the next difficulty
// adjustment as the network's block times of the current period estimate it.
import { useTranslation } from '../../../lib/i18n.ts';
import { formatDate, formatUsdt } from '../../../lib/format.ts';
import type { Hashprice } from '../api/rank.ts';

/** A line through the points, scaled to the box; flat when every point is the same. */
function Sparkline({ values }: { values: number[] }) {
  const { t } = useTranslation();
  if (values.length < 2) return null;
  const w = 120;
  const h = 32;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const points = values
    .map(
      (v, i) =>
        `${((i / (values.length - 1)) * w).toFixed(1)},${(h - 2 - ((v - min) / span) * (h - 4)).toFixed(1)}`,
    )
    .join(' ');
  return (
    <svg
      className="hashprice__spark"
      viewBox={`0 0 ${w} ${h}`}
      width={w}
      height={h}
      role="img"
      aria-label={t('mining.hashpriceHistory', { n: values.length })}
      data-testid="hashprice-chart"
    >
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

export function HashpriceFigures({ hashprice }: { hashprice: Hashprice | undefined }) {
  const { t } = useTranslation();
  const next = hashprice?.next_adjustment;
  const change = next?.est_change_pct;
  return (
    <div className="hashprice" data-testid="hashprice">
      <div className="hashprice__top">
        <div>
          <div className="hashprice__label">{t('mining.hashprice')}</div>
          <div className="hashprice__value" dir="ltr" data-testid="hashprice-value">
            {hashprice ? formatUsdt(hashprice.hashprice, 4, 4) : '—'}
          </div>
          <div className="hashprice__unit">{t('mining.hashpriceUnit')}</div>
        </div>
        <Sparkline values={(hashprice?.history ?? []).map((p) => Number(p.hashprice))} />
      </div>
      {next && next.progress_pct !== null && change !== null && next.est_date ? (
        <p className="hashprice__next" data-testid="next-adjustment">
          {t('mining.nextAdjustment', {
            progress: next.progress_pct.toFixed(1),
            change: `${change! > 0 ? '+' : ''}${change!.toFixed(2)}`,
            date: formatDate(next.est_date),
          })}
        </p>
      ) : null}
    </div>
  );
}
