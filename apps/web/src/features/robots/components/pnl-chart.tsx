// The robot's profit and loss over time as a baseline chart: green above zero, red below.
// lightweight-charts is imported here, lazily, so only this screen downloads it.
import { useEffect, useRef, useState } from 'react';
import { SpinLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { IChartApi, ISeriesApi, UTCTimestamp } from 'lightweight-charts';
import type { PnlPoint } from '../utils/pnl-points.ts';

const UP = '#3fbf7f';
const DOWN = '#f0506e';

export function PnlChart({ points }: { points: PnlPoint[] }) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<{ api: IChartApi; series: ISeriesApi<'Baseline'> } | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let disposed = false;
    void import('lightweight-charts').then(({ createChart, BaselineSeries, ColorType }) => {
      const element = container.current;
      if (disposed || !element) return;
      const api = createChart(element, {
        autoSize: true,
        layout: {
          background: { type: ColorType.Solid, color: 'transparent' },
          textColor: '#a9aa94',
          fontSize: 11,
          attributionLogo: false,
        },
        grid: {
          vertLines: { visible: false },
          horzLines: { color: 'rgba(255, 255, 240, 0.06)' },
        },
        rightPriceScale: { borderVisible: false, scaleMargins: { top: 0.2, bottom: 0.15 } },
        timeScale: { borderVisible: false, timeVisible: true, secondsVisible: false },
        crosshair: {
          horzLine: { labelBackgroundColor: '#55550a' },
          vertLine: { labelBackgroundColor: '#55550a' },
        },
        handleScroll: false,
        handleScale: false,
      });
      const series = api.addSeries(BaselineSeries, {
        baseValue: { type: 'price', price: 0 },
        topLineColor: UP,
        topFillColor1: 'rgba(63, 191, 127, 0.28)',
        topFillColor2: 'rgba(63, 191, 127, 0.02)',
        bottomLineColor: DOWN,
        bottomFillColor1: 'rgba(240, 80, 110, 0.02)',
        bottomFillColor2: 'rgba(240, 80, 110, 0.28)',
        lineWidth: 2,
        priceFormat: { type: 'price', precision: 4, minMove: 0.0001 },
      });
      chart.current = { api, series };
      setReady(true);
    });
    return () => {
      disposed = true;
      chart.current?.api.remove();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (!ready || !chart.current) return;
    chart.current.series.setData(
      points.map((point) => ({ time: point.time as UTCTimestamp, value: point.value })),
    );
    chart.current.api.timeScale().fitContent();
  }, [ready, points]);

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
