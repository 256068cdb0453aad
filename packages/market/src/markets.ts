// The five markets a robot can trade, with the exchange rules that shape every order:
// price tick, lot size, minimum order and principal. Prices and quantities are exact.
export const MARKET_IDS = ['BTC/USDT', 'ETH/USDT', 'BNB/USDT', 'SOL/USDT', 'TRX/USDT'] as const;
export type MarketId = (typeof MARKET_IDS)[number];

/**
 * Prices are bigint counts of 10^-8 USDT per one whole base coin; quantities are bigint
 * counts of 10^-8 base coin; money is Olive units (10^-8 USDT, like the ledger).
 * So quote = quantity * price / 10^8, in Olive units.
 */
export const SCALE = 100_000_000n;
export const SCALE_NUMBER = 100_000_000;

export interface MarketSpec {
  id: MarketId;
  base: string;
  /** Where the simulator starts, in USDT (a realistic late-2025 level). */
  referencePrice: number;
  /** Smallest price step (Binance spot filters), in price units. */
  tick: bigint;
  /** Smallest quantity step, in 10^-8 base. */
  lot: bigint;
  /** Smallest order value an exchange accepts, Olive units. */
  minOrder: bigint;
  /** Smallest principal a robot may start with, Olive units. */
  minPrincipal: bigint;
  /** Annualised volatility the simulator aims at: realised 1-year figures (decision 111c). */
  annualVol: number;
  /** Typical traded base volume per minute, for simulated candles. */
  minuteVolume: number;
}

const usdt = (whole: number) => BigInt(whole) * SCALE;

export const MARKETS: Readonly<Record<MarketId, MarketSpec>> = {
  'BTC/USDT': {
    id: 'BTC/USDT',
    base: 'BTC',
    referencePrice: 95_000,
    tick: 1_000_000n, // 0.01
    lot: 1_000n, // 0.00001 BTC
    minOrder: usdt(5),
    minPrincipal: usdt(100),
    annualVol: 0.45,
    minuteVolume: 15,
  },
  'ETH/USDT': {
    id: 'ETH/USDT',
    base: 'ETH',
    referencePrice: 3_300,
    tick: 1_000_000n, // 0.01
    lot: 10_000n, // 0.0001 ETH
    minOrder: usdt(5),
    minPrincipal: usdt(50),
    annualVol: 0.65,
    minuteVolume: 250,
  },
  'BNB/USDT': {
    id: 'BNB/USDT',
    base: 'BNB',
    referencePrice: 650,
    tick: 1_000_000n, // 0.01
    lot: 100_000n, // 0.001 BNB
    minOrder: usdt(5),
    minPrincipal: usdt(50),
    annualVol: 0.48,
    minuteVolume: 400,
  },
  'SOL/USDT': {
    id: 'SOL/USDT',
    base: 'SOL',
    referencePrice: 180,
    tick: 1_000_000n, // 0.01
    lot: 100_000n, // 0.001 SOL
    minOrder: usdt(5),
    minPrincipal: usdt(50),
    annualVol: 0.75,
    minuteVolume: 3_000,
  },
  'TRX/USDT': {
    id: 'TRX/USDT',
    base: 'TRX',
    referencePrice: 0.25,
    tick: 1_000n, // 0.00001
    lot: 10_000_000n, // 0.1 TRX
    minOrder: usdt(5),
    minPrincipal: usdt(20),
    annualVol: 0.5,
    minuteVolume: 2_000_000,
  },
};

export function isMarketId(value: string): value is MarketId {
  return (MARKET_IDS as readonly string[]).includes(value);
}

/** Exchange float (12345.67) -> price units; exact for any price an exchange quotes. */
export function priceFromNumber(value: number): bigint {
  return BigInt(Math.round(value * SCALE_NUMBER));
}

/** Price units -> float, for statistics and charts only (never for money). */
export function priceToNumber(price: bigint): number {
  return Number(price) / SCALE_NUMBER;
}

/** Nearest multiple of the market's tick (half up); never below one tick. */
export function snapToTick(price: bigint, market: MarketId): bigint {
  const { tick } = MARKETS[market];
  const snapped = ((price + tick / 2n) / tick) * tick;
  return snapped < tick ? tick : snapped;
}

/** 9_500_012_000_000n -> "95000.12": prices and Olive units in the wire's decimal form. */
export function formatUnits(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const fraction = (abs % SCALE).toString().padStart(8, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${abs / SCALE}${fraction ? `.${fraction}` : ''}`;
}

// Floor and ceiling division for bigints of either sign (bigint `/` truncates to zero).
export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}
export function ceilDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n === b < 0n ? q + 1n : q;
}
