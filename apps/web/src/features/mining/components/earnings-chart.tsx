// Each paid day as a bar (a zero day shows as an empty slot, never below zero), with
// lightweight-charts loaded lazily so only this screen downloads it.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IChartApi, ISeriesApi, UTCTimestamp } from 'lightweight-charts';
import type { Payout } from '../api/rentals.ts';

export function EarningsChart({ payouts }: { payouts: Payout[] }) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<{ api: IChartApi; series: ISeriesApi<'Histogram'> } | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let disposed = false;
    void import('lightweight-charts').then(({ createChart, HistogramSeries, ColorType }) => {
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
        grid: { vertLines: { visible: false }, horzLines: { color: 'rgba(255, 255, 240, 0.06)' } },
        rightPriceScale: { borderVisible: false },
        timeScale: { borderVisible: false },
        handleScroll: false,
        handleScale: false,
      });
      const series = api.addSeries(HistogramSeries, {
        color: '#a3a32a',
        priceFormat: { type: 'price', precision: 2, minMove: 0.01 },
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
      payouts.map((p) => ({
        time: (Date.parse(`${p.day}T00:00:00Z`) / 1000) as UTCTimestamp,
        value: Number(p.amount),
      })),
    );
    chart.current.api.timeScale().fitContent();
  }, [ready, payouts]);

  return (
    <div className="earnings-chart" data-testid="earnings-chart" data-ready={ready} dir="ltr">
      <div ref={container} className="earnings-chart__canvas" />
      {ready && payouts.length === 0 ? (
        <div className="earnings-chart__overlay">{t('mining.noPayouts')}</div>
      ) : null}
    </div>
  );
}
