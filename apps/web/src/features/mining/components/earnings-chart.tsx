// Each paid day as a bar (a zero day shows as an empty slot, never below zero), with
// lightweight-charts loaded lazily (hooks/use-lazy-chart.ts) so only this screen
// downloads it.
import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import type { UTCTimestamp } from 'lightweight-charts';
import { useLazyChart } from '../../../hooks/use-lazy-chart.ts';
import type { Payout } from '../api/rentals.ts';

export function EarningsChart({ payouts }: { payouts: Payout[] }) {
  const { t } = useTranslation();
  const { container, chart, ready } = useLazyChart(
    { grid: { vertLines: { visible: false }, horzLines: { color: 'rgba(255, 255, 240, 0.06)' } } },
    ({ HistogramSeries }, api) => ({
      series: api.addSeries(HistogramSeries, {
        color: '#a3a32a',
        priceFormat: { type: 'price', precision: 2, minMove: 0.01 },
      }),
    }),
  );

  useEffect(() => {
    if (!ready || !chart.current) return;
    chart.current.series.setData(
      payouts.map((p) => ({
        time: (Date.parse(`${p.day}T00:00:00Z`) / 1000) as UTCTimestamp,
        value: Number(p.amount),
      })),
    );
    chart.current.api.timeScale().fitContent();
  }, [ready, payouts, chart]);

  return (
    <div className="earnings-chart" data-testid="earnings-chart" data-ready={ready} dir="ltr">
      <div ref={container} className="earnings-chart__canvas" />
      {ready && payouts.length === 0 ? (
        <div className="earnings-chart__overlay">{t('mining.noPayouts')}</div>
      ) : null}
    </div>
  );
}
