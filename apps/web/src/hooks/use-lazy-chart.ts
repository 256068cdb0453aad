// A lightweight-charts chart drawn in a container, the library imported lazily so that only
// the screens that draw one download it: the mining earnings, a robot's PnL and its grid.
// Every chart shares the app's look (transparent, the muted text, no attribution, no
// scrolling or zooming, no borders); each adds its own options and series. The chart is
// made once, when the library has arrived (`ready`), and removed with the component.
import { useEffect, useRef, useState } from 'react';
import type * as Charts from 'lightweight-charts';
import type { IChartApi } from 'lightweight-charts';

export type ChartsLibrary = typeof Charts;
export type ChartOptions = NonNullable<Parameters<ChartsLibrary['createChart']>[1]>;

function withAppLook(charts: ChartsLibrary, own: ChartOptions): ChartOptions {
  return {
    autoSize: true,
    layout: {
      background: { type: charts.ColorType.Solid, color: 'transparent' },
      textColor: '#a9aa94',
      fontSize: 11,
      attributionLogo: false,
    },
    ...own,
    rightPriceScale: { borderVisible: false, ...own.rightPriceScale },
    timeScale: { borderVisible: false, ...own.timeScale },
    handleScroll: false,
    handleScale: false,
  };
}

/**
 * `options`: this chart's own (grid, scales, crosshair). `addSeries`: its series on the new
 * chart, and anything else to keep beside them; read at the first render only.
 */
export function useLazyChart<S extends object>(
  options: ChartOptions,
  addSeries: (charts: ChartsLibrary, api: IChartApi) => S,
) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<({ api: IChartApi } & S) | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let disposed = false;
    void import('lightweight-charts').then((charts) => {
      const element = container.current;
      if (disposed || !element) return;
      const api = charts.createChart(element, withAppLook(charts, options));
      chart.current = { api, ...addSeries(charts, api) };
      setReady(true);
    });
    return () => {
      disposed = true;
      chart.current?.api.remove();
      chart.current = null;
    };
    // One chart per component: its options and series are the first render's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return { container, chart, ready };
}
