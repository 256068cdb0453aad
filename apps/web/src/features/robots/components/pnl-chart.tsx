// The robot's profit and loss over time as a baseline chart: green above zero, red below.
// lightweight-charts is imported lazily (hooks/use-lazy-chart.ts), so only this screen
// downloads it.
import { useEffect } from 'react';
import { SpinLoading } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import type { UTCTimestamp } from 'lightweight-charts';
import { useLazyChart } from '../../../hooks/use-lazy-chart.ts';
import type { PnlPoint } from '../utils/pnl-points.ts';
import './pnl-chart.css';

const UP = '#3fbf7f';
const DOWN = '#f0506e';

export function PnlChart({ points }: { points: PnlPoint[] }) {
  const { t } = useTranslation();
  const { container, chart, ready } = useLazyChart(
    {
      grid: {
        vertLines: { visible: false },
        horzLines: { color: 'rgba(255, 255, 240, 0.06)' },
      },
      rightPriceScale: { scaleMargins: { top: 0.2, bottom: 0.15 } },
      timeScale: { timeVisible: true, secondsVisible: false },
      crosshair: {
        horzLine: { labelBackgroundColor: '#55550a' },
        vertLine: { labelBackgroundColor: '#55550a' },
      },
    },
    ({ BaselineSeries }, api) => ({
      series: api.addSeries(BaselineSeries, {
        baseValue: { type: 'price', price: 0 },
        topLineColor: UP,
        topFillColor1: 'rgba(63, 191, 127, 0.28)',
        topFillColor2: 'rgba(63, 191, 127, 0.02)',
        bottomLineColor: DOWN,
        bottomFillColor1: 'rgba(240, 80, 110, 0.02)',
        bottomFillColor2: 'rgba(240, 80, 110, 0.28)',
        lineWidth: 2,
        priceFormat: { type: 'price', precision: 4, minMove: 0.0001 },
      }),
    }),
  );

  useEffect(() => {
    if (!ready || !chart.current) return;
    chart.current.series.setData(
      points.map((point) => ({ time: point.time as UTCTimestamp, value: point.value })),
    );
    chart.current.api.timeScale().fitContent();
  }, [ready, points, chart]);

  return (
    <div className="pnl-chart" data-testid="pnl-chart" data-ready={ready} dir="ltr">
      <div ref={container} className="pnl-chart__canvas" />
      {!ready ? (
        <div className="pnl-chart__overlay">
          <SpinLoading color="primary" style={{ '--size': '22px' }} />
        </div>
      ) : points.length < 2 ? (
        <div className="pnl-chart__overlay pnl-chart__overlay--text">{t('trade.chartWaiting')}</div>
      ) : null}
    </div>
  );
}
