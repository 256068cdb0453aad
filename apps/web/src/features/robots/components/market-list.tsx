// The robot markets with their live price and 24-hour change (green up, red down),
// refreshed every few seconds. Tapping a row picks the market (`onSelect`). Until the
// first prices arrive, blank rows of the same height hold the list's place, so what follows
// does not jump down (layout shift).
import { useTranslation } from '../../../lib/i18n.ts';
import { formatUsdt } from '../../../lib/format.ts';
import type { MarketSummary, Markets } from '../api/get-markets.ts';
import { formatRate, toneOf } from '../utils/figures.ts';
import { CoinMark, baseOf, coinName } from './coin-mark.tsx';
import './market-list.css';
import './coin-mark.css';
import '../robots.css';

/** The robot markets the server offers (BTC, ETH, BNB, SOL, TRX): the rows to reserve. */
const EXPECTED_ROWS = 5;

function PendingRow() {
  return (
    <div className="market__row market__row--pending" aria-hidden="true">
      <span className="market__pair">
        <span className="coin market__blank" />
        <span>
          <strong>&nbsp;</strong>
          <span className="market__name">&nbsp;</span>
        </span>
      </span>
      <span className="market__price">
        <span className="market__blank market__blank--line" />
      </span>
      <span className="market__change market__blank">&nbsp;</span>
    </div>
  );
}

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
        <div role="status" aria-label={t('common.loading')} data-testid="market-list-pending">
          {Array.from({ length: EXPECTED_ROWS }, (_, i) => (
            <PendingRow key={i} />
          ))}
        </div>
      )}
    </div>
  );
}
