// A running robot's price chart: the market's last 3 hours of 1-minute closes, the
// grid's range (solid lines at its ends) and its resting orders (dashed: buys green,
// sells red), with a notice when the price has left the range. lightweight-charts is
// imported lazily (hooks/use-lazy-chart.ts), like the PnL chart's; the axis's own labels
// make way for the live price's tag and the range ends' (lib/axis-labels.ts).
import { useEffect } from 'react';
import { SpinLoading } from 'antd-mobile';
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/i18n.ts';
import type { IPriceLine, UTCTimestamp } from 'lightweight-charts';
import { useLazyChart } from '../../../hooks/use-lazy-chart.ts';
import type { Candle } from '../api/get-candles.ts';
import type { Robot } from '../api/get-robot.ts';
import { AXIS_LABEL_HEIGHT, type AxisTag } from '../../../lib/axis-labels.ts';
import { rangePosition } from '../utils/range-position.ts';
import './pnl-chart.css';
import './grid-chart.css';

const BUY = '#3fbf7f';
const SELL = '#f0506e';
const RANGE = '#c9cf5a';

export function GridChart({ robot, candles }: { robot: Robot; candles: Candle[] | undefined }) {
  const { t } = useTranslation();
  const { container, chart, ready } = useLazyChart(
    {
      grid: { vertLines: { visible: false }, horzLines: { visible: false } },
      rightPriceScale: { scaleMargins: { top: 0.1, bottom: 0.1 } },
      timeScale: { timeVisible: true, secondsVisible: false },
    },
    ({ LineSeries }, api) => ({
      series: api.addSeries(LineSeries, {
        color: '#e8e9d8',
        lineWidth: 2,
        priceLineVisible: true,
        // the range stays in view even when the price is far from it (the range of one
        // robot never changes; its orders are redrawn below)
        autoscaleInfoProvider: (
          original: () => { priceRange: { minValue: number; maxValue: number } } | null,
        ) => {
          const base = original();
          if (!base) return base;
          const low = Number(robot.range_low);
          const high = Number(robot.range_high);
          return {
            priceRange: {
              minValue: Math.min(base.priceRange.minValue, low),
              maxValue: Math.max(base.priceRange.maxValue, high),
            },
          };
        },
      }),
      lines: [] as IPriceLine[],
      /** The range ends' labels on the price axis (the live price's is the series'). */
      axisTags: [] as AxisTag[],
    }),
  );

  useEffect(() => {
    const current = chart.current;
    if (!ready || !current) return;
    current.series.setData(
      (candles ?? []).map((candle) => ({
        time: (Date.parse(candle.t) / 1000) as UTCTimestamp,
        value: Number(candle.c),
      })),
    );
    for (const line of current.lines) current.series.removePriceLine(line);
    // A range end's label next to the live price's tag would be covered by it: the line
    // stays, its label is left out (the tag says the price there).
    const live = candles?.at(-1)?.c;
    const liveY = live ? current.series.priceToCoordinate(Number(live)) : null;
    const labelled = (price: string) => {
      const at = current.series.priceToCoordinate(Number(price));
      return liveY === null || at === null || Math.abs(at - liveY) >= AXIS_LABEL_HEIGHT;
    };
    const format = current.series.priceFormatter();
    current.axisTags = [robot.range_low, robot.range_high]
      .filter(labelled)
      .map((price) => ({ text: format.format(Number(price)), price: Number(price) }));
    current.lines = [
      ...robot.orders.map((order) =>
        current.series.createPriceLine({
          price: Number(order.price),
          color: order.side === 'buy' ? BUY : SELL,
          lineWidth: 1,
          lineStyle: 2, // dashed
          axisLabelVisible: false,
        }),
      ),
      ...[robot.range_low, robot.range_high].map((price) =>
        current.series.createPriceLine({
          price: Number(price),
          color: RANGE,
          lineWidth: 2,
          lineStyle: 0,
          axisLabelVisible: labelled(price),
        }),
      ),
    ];
    current.api.timeScale().fitContent();
  }, [ready, chart, candles, robot.orders, robot.range_low, robot.range_high]);

  const last = candles?.at(-1)?.c;
  const position =
    robot.status === 'running' && last
      ? rangePosition(last, robot.range_low, robot.range_high)
      : 'inside';
  const buys = robot.orders.filter((order) => order.side === 'buy').length;

  return (
    <div className="grid-chart">
      {position !== 'inside' ? (
        <p className="range-notice" role="status" data-testid="range-notice">
          <ExclamationCircleOutline />
          <span>{t(position === 'above' ? 'trade.rangeAbove' : 'trade.rangeBelow')}</span>
        </p>
      ) : null}
      <div className="pnl-chart" data-testid="grid-chart" data-ready={ready} dir="ltr">
        <div ref={container} className="pnl-chart__canvas" />
        {!ready || !candles ? (
          <div className="pnl-chart__overlay">
            <SpinLoading color="primary" style={{ '--size': '22px' }} />
          </div>
        ) : null}
      </div>
      {robot.orders.length > 0 ? (
        <p className="grid-chart__legend" data-testid="grid-orders">
          <span className="grid-chart__key grid-chart__key--range" aria-hidden="true" />
          <span>{t('trade.range')}</span>
          <span className="grid-chart__key grid-chart__key--buy" aria-hidden="true" />
          <span className="grid-chart__key grid-chart__key--sell" aria-hidden="true" />
          <span>
            {t('trade.restingOrders')}:{' '}
            {t('trade.ordersLegend', { buys, sells: robot.orders.length - buys })}
          </span>
        </p>
      ) : null}
    </div>
  );
}
