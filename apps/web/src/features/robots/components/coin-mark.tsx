// A market's round coin mark in the coin's own hue; names are the same in every language.
import './coin-mark.css';
const coins: Record<string, { name: string; hue: number }> = {
  BTC: { name: 'Bitcoin', hue: 36 },
  ETH: { name: 'Ethereum', hue: 230 },
  BNB: { name: 'BNB', hue: 45 },
  SOL: { name: 'Solana', hue: 280 },
  TRX: { name: 'TRON', hue: 0 },
};

/** "BTC/USDT" -> "BTC". */
export const baseOf = (market: string) => market.split('/')[0] ?? market;

export const coinName = (market: string) => coins[baseOf(market)]?.name ?? baseOf(market);

export function CoinMark({ market, size = 32 }: { market: string; size?: number }) {
  const base = baseOf(market);
  const hue = coins[base]?.hue ?? 60;
  return (
    <span
      className="coin"
      aria-hidden="true"
      style={{
        inlineSize: size,
        blockSize: size,
        background: `hsl(${hue} 55% 45% / 0.22)`,
        color: `hsl(${hue} 80% 70%)`,
      }}
    >
      {base[0]}
    </span>
  );
}
