// The five robot markets. Prices are not served yet, so the list shows "--" and says
// when they will arrive instead of inventing numbers.
import { useTranslation } from 'react-i18next';

export const MARKETS = [
  { base: 'BTC', name: 'Bitcoin', hue: 36 },
  { base: 'ETH', name: 'Ethereum', hue: 230 },
  { base: 'BNB', name: 'BNB', hue: 45 },
  { base: 'SOL', name: 'Solana', hue: 280 },
  { base: 'TRX', name: 'TRON', hue: 0 },
] as const;

export function MarketList() {
  const { t } = useTranslation();
  return (
    <div className="market" data-testid="market-list">
      <div className="market__head">
        <span>{t('home.pair')}</span>
        <span>{t('home.lastPrice')}</span>
        <span>{t('home.change')}</span>
      </div>
      {MARKETS.map((market) => (
        <div key={market.base} className="market__row">
          <span className="market__pair">
            <span
              className="coin"
              style={{
                background: `hsl(${market.hue} 55% 45% / 0.22)`,
                color: `hsl(${market.hue} 80% 70%)`,
              }}
            >
              {market.base[0]}
            </span>
            <span>
              <strong>{market.base}</strong>
              <span className="market__quote">/USDT</span>
              <span className="market__name">{market.name}</span>
            </span>
          </span>
          <span className="market__price">--</span>
          <span className="market__change">--</span>
        </div>
      ))}
      <p className="market__note">{t('home.marketPending')}</p>
    </div>
  );
}
