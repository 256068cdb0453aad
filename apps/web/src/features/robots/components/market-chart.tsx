// Trade's market chart on a wide screen (issue 34): the chosen market's last 3 hours of
// 1-minute closes, beside the robot form and list. It is drawn only from 900 px up, so a
// phone never downloads it or lightweight-charts (hooks/use-lazy-chart.ts).
import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import type { UTCTimestamp } from 'lightweight-charts';
import { useLazyChart } from '../../../hooks/use-lazy-chart.ts';
import { Spinner } from '../../../components/spinner.tsx';
import { useWideScreen } from '../../../hooks/use-wide-screen.ts';
import { formatUsdt } from '../../../lib/format.ts';
import { useCandles } from '../api/get-candles.ts';
import { baseOf } from './coin-mark.tsx';
import './pnl-chart.css';
import './market-chart.css';

function Chart({ market }: { market: string }) {
  const { t } = useTranslation();
  const candles = useCandles(market);
  const { container, chart, ready } = useLazyChart(
    {
      grid: { vertLines: { visible: false }, horzLines: { color: 'rgba(255, 255, 240, 0.05)' } },
      rightPriceScale: { scaleMargins: { top: 0.12, bottom: 0.08 } },
      timeScale: { timeVisible: true, secondsVisible: false },
    },
    ({ AreaSeries }, api) => ({
      series: api.addSeries(AreaSeries, {
        lineColor: '#c9cf5a',
        topColor: 'rgba(184, 184, 51, 0.28)',
        bottomColor: 'rgba(184, 184, 51, 0.02)',
        lineWidth: 2,
        priceLineVisible: false,
        // the last price is in the caption; a tag on the axis would cover its labels
        lastValueVisible: false,
      }),
    }),
  );
  const points = candles.data?.market === market ? candles.data.candles : undefined;

  useEffect(() => {
    const current = chart.current;
    if (!ready || !current) return;
    current.series.setData(
      (points ?? []).map((candle) => ({
        time: (Date.parse(candle.t) / 1000) as UTCTimestamp,
        value: Number(candle.c),
      })),
    );
    current.api.timeScale().fitContent();
  }, [ready, chart, points]);

  const last = points?.at(-1)?.c;
  return (
    <figure className="market-chart" data-testid="market-chart" data-market={market}>
      <figcaption className="market-chart__head">
        <strong>
          {baseOf(market)}
          <span className="market-chart__quote">/USDT</span>
        </strong>
        <span className="market-chart__price">
          {t('home.lastPrice')}{' '}
          <span className="amount" dir="ltr">
            {formatUsdt(last)}
          </span>
        </span>
      </figcaption>
      <div
        className="pnl-chart market-chart__frame"
        data-ready={ready && Boolean(points)}
        dir="ltr"
      >
        <div ref={container} className="pnl-chart__canvas" />
        {!ready || !points ? (
          <div className="pnl-chart__overlay">
            <Spinner size={22} />
          </div>
        ) : null}
      </div>
    </figure>
  );
}

export function MarketChart({ market }: { market: string }) {
  const wide = useWideScreen();
  return wide && market ? <Chart market={market} /> : null;
}
