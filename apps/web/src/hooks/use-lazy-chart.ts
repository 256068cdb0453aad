// A lightweight-charts chart drawn in a container, the library imported lazily so that only
// the screens that draw one download it: the mining earnings, a robot's PnL and its grid.
// Every chart shares the app's look (transparent, the muted text, no attribution, no
// scrolling or zooming, no borders); each adds its own options and series. The chart is
// made once, when the library has arrived (`ready`), and removed with the component. Its
// price axis leaves out the labels its tags would cover (lib/axis-labels.ts).
import { useEffect, useRef, useState } from 'react';
import type * as Charts from 'lightweight-charts';
import type { IChartApi, ISeriesApi, SeriesType } from 'lightweight-charts';
import { AXIS_FONT_SIZE, tickmarksBesideTags, type AxisTag } from '../lib/axis-labels.ts';

export type ChartsLibrary = typeof Charts;
export type ChartOptions = NonNullable<Parameters<ChartsLibrary['createChart']>[1]>;

function withAppLook(
  charts: ChartsLibrary,
  own: ChartOptions,
  tickmarksPriceFormatter: (prices: number[]) => string[],
): ChartOptions {
  return {
    autoSize: true,
    layout: {
      background: { type: charts.ColorType.Solid, color: 'transparent' },
      textColor: '#a9aa94',
      fontSize: AXIS_FONT_SIZE,
      attributionLogo: false,
    },
    ...own,
    localization: { ...own.localization, tickmarksPriceFormatter },
    rightPriceScale: { borderVisible: false, ...own.rightPriceScale },
    timeScale: { borderVisible: false, ...own.timeScale },
    handleScroll: false,
    handleScale: false,
  };
}

/** What a chart keeps beside its api: the series on its price axis, and more of its own. */
interface ChartSeries {
  series: ISeriesApi<SeriesType>;
  /** The tags on the price axis besides the series' last value (a price line's label). */
  axisTags?: AxisTag[];
}

/**
 * `options`: this chart's own (grid, scales, crosshair). `addSeries`: its series on the new
 * chart, and anything else to keep beside them; read at the first render only. The price
 * axis's labels drawn are kept on the container as `data-axis-labels`.
 */
export function useLazyChart<S extends ChartSeries>(
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
      const labels = tickmarksBesideTags(() =>
        chart.current
          ? { series: chart.current.series, tags: chart.current.axisTags ?? [], box: element }
          : null,
      );
      const api = charts.createChart(element, withAppLook(charts, options, labels));
      chart.current = { api, ...addSeries(charts, api) };
      // The axis's labels are made again only when its range changes; new data moves the
      // last value's tag (and a chart sets its other tags beside its data), so remake them.
      const { series } = chart.current;
      series.subscribeDataChanged(() => series.priceScale().applyOptions({}));
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
