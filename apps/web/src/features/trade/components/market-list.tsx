// The robot markets with their live price and 24-hour change (green up, red down),
// refreshed every few seconds. Tapping a row picks the market (`onSelect`).
import { SpinLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatUsdt } from '../../../lib/format.ts';
import type { MarketSummary, Markets } from '../api/get-markets.ts';
import { formatRate, toneOf } from '../utils/figures.ts';
import { CoinMark, baseOf, coinName } from './coin-mark.tsx';
import '../trade.css';

export function MarketList({
  markets,
  selected,
  onSelect,
}: {
  markets: Markets | undefined;
  selected?: string;
  onSelect?: (market: MarketSummary) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="market" data-testid="market-list">
      <div className="market__head">
        <span>{t('home.pair')}</span>
        <span>{t('home.lastPrice')}</span>
        <span>{t('home.change')}</span>
      </div>
      {markets ? (
        markets.markets.map((market) => (
          <button
            type="button"
            key={market.market}
            className={`market__row market__row--button${market.market === selected ? ' market__row--selected' : ''}`}
            onClick={() => onSelect?.(market)}
            data-testid="market-row"
            data-market={market.market}
          >
            <span className="market__pair">
              <CoinMark market={market.market} />
              <span>
                <strong>{baseOf(market.market)}</strong>
                <span className="market__quote">/USDT</span>
                <span className="market__name">{coinName(market.market)}</span>
              </span>
            </span>
            <span className="market__price market__price--live">
              <span className="amount" dir="ltr">
                {formatUsdt(market.price)}
              </span>
            </span>
            <span
              className={`market__change market__change--live ${toneOf(market.change_24h)}`}
              dir="ltr"
            >
              {formatRate(market.change_24h, true)}
            </span>
          </button>
        ))
      ) : (
        <div className="list-loading">
          <SpinLoading color="primary" style={{ '--size': '24px' }} />
        </div>
      )}
    </div>
  );
}
