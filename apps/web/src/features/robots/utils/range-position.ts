// Where the price is against a grid's range: inside it the grid trades; above or below
// it every order on one side has filled and the grid waits (what the notice says).
export type RangePosition = 'below' | 'inside' | 'above';

/** Compares decimal strings as numbers: display only, no money is computed here. */
export function rangePosition(price: string, low: string, high: string): RangePosition {
  const p = Number(price);
  if (p < Number(low)) return 'below';
  if (p > Number(high)) return 'above';
  return 'inside';
}
