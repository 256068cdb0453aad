// Descriptive statistics of return series: what the simulator's calibration test measures
// and what decision 111c compares with published measurements of the real markets.

export function mean(x: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += x[i]!;
  return sum / x.length;
}

/** Differences of consecutive values: log prices in, log returns out. */
export function differences(x: ArrayLike<number>, step = 1): number[] {
  const out: number[] = [];
  for (let i = step; i < x.length; i += step) out.push(x[i]! - x[i - step]!);
  return out;
}

/** Sample autocorrelation at a lag. */
export function autocorrelation(x: ArrayLike<number>, lag: number): number {
  const m = mean(x);
  let num = 0;
  let den = 0;
  for (let i = 0; i < x.length; i++) {
    den += (x[i]! - m) ** 2;
    if (i >= lag) num += (x[i]! - m) * (x[i - lag]! - m);
  }
  return num / den;
}

/** Excess kurtosis (0 for a normal distribution). */
export function excessKurtosis(x: ArrayLike<number>): number {
  const m = mean(x);
  let m2 = 0;
  let m4 = 0;
  for (let i = 0; i < x.length; i++) {
    const d = (x[i]! - m) ** 2;
    m2 += d;
    m4 += d * d;
  }
  m2 /= x.length;
  m4 /= x.length;
  return m4 / (m2 * m2) - 3;
}

/** Annualised volatility of log returns taken `perYear` times a year. */
export function annualised(returns: ArrayLike<number>, perYear: number): number {
  let sum = 0;
  for (let i = 0; i < returns.length; i++) sum += returns[i]! ** 2;
  return Math.sqrt((sum / returns.length) * perYear);
}

/**
 * Hill's estimator of the tail index from the largest `share` of absolute returns: the
 * power-law exponent alpha of P(|r| > x) ~ x^-alpha ("inverse cubic law": alpha near 3).
 */
export function hillTailIndex(returns: ArrayLike<number>, share: number): number {
  const sorted = Array.from(returns, Math.abs).sort((a, b) => b - a);
  const k = Math.max(2, Math.floor(sorted.length * share));
  const threshold = sorted[k]!;
  let sum = 0;
  for (let i = 0; i < k; i++) sum += Math.log(sorted[i]! / threshold);
  return k / sum;
}
