// The price axis's labels in the lazily drawn charts (hooks/use-lazy-chart.ts):
// lightweight-charts draws its tags (a series' last value, a price line's label) over the
// axis's own labels, so the axis leaves out the labels a tag would cover ("113806.24" is
// never drawn over "110000.00"). The chart keeps the labels it drew (text and middle y) on
// its box as `data-axis-labels`, and the browser journeys check that none overlaps another.
import type { ISeriesApi, SeriesType } from 'lightweight-charts';

/** The price axis's font size (use-lazy-chart's look). */
export const AXIS_FONT_SIZE = 11;

/**
 * The height of one price-axis label as lightweight-charts draws it: the font, a third of
 * it above and below, and a border: two labels whose middles are closer than this overlap.
 */
export const AXIS_LABEL_HEIGHT = AXIS_FONT_SIZE + 2 * Math.floor(AXIS_FONT_SIZE / 3) + 2;

/** A price-axis label as drawn: its text and the y of its middle, in CSS pixels. */
export interface AxisLabel {
  text: string;
  y: number;
}

/** A tag on the price axis: its text as drawn and the price it stands at. */
export interface AxisTag {
  text: string;
  price: number;
}

/** The pairs of labels drawn over each other ("113806.24 over 110000.00"). */
export function overlappingLabels(labels: readonly AxisLabel[]): [string, string][] {
  const pairs: [string, string][] = [];
  labels.forEach((a, i) => {
    for (const b of labels.slice(i + 1)) {
      if (Math.abs(a.y - b.y) < AXIS_LABEL_HEIGHT) pairs.push([a.text, b.text]);
    }
  });
  return pairs;
}

/**
 * The axis's own labels (`ticks`, y null when off the scale) less those a tag would cover:
 * `texts` for lightweight-charts (empty where hidden), `drawn` the tags and labels shown.
 */
export function labelsBesideTags(
  ticks: readonly { text: string; y: number | null }[],
  tags: readonly AxisLabel[],
): { texts: string[]; drawn: AxisLabel[] } {
  const drawn: AxisLabel[] = [...tags];
  const texts = ticks.map(({ text, y }) => {
    if (y === null) return text;
    if (tags.some((tag) => Math.abs(tag.y - y) < AXIS_LABEL_HEIGHT)) return '';
    drawn.push({ text, y });
    return text;
  });
  return { texts, drawn };
}

/** The series' last-value tag, written as lightweight-charts writes it (its priceFormat). */
export function lastValueTag(series: ISeriesApi<SeriesType>): AxisTag[] {
  if (!series.options().lastValueVisible) return [];
  const last = series.lastValueData(false);
  return last.noData
    ? []
    : [{ text: series.priceFormatter().format(last.price), price: last.price }];
}

/**
 * A `localization.tickmarksPriceFormatter` that leaves out the labels the tags on the axis
 * would cover: `chart()` gives the series (the scale's, whose priceFormat the labels
 * follow), the tags besides its last value, and the box that keeps `data-axis-labels`.
 */
export function tickmarksBesideTags(
  chart: () => {
    series: ISeriesApi<SeriesType>;
    tags: readonly AxisTag[];
    box: HTMLElement | null;
  } | null,
): (prices: number[]) => string[] {
  return (prices) => {
    const current = chart();
    if (!current) return prices.map(String);
    const { series, box } = current;
    const format = series.priceFormatter();
    const y = (price: number): number | null => series.priceToCoordinate(price);
    const tags = [...lastValueTag(series), ...current.tags]
      .map((tag) => ({ text: tag.text, y: y(tag.price) }))
      .filter((tag): tag is AxisLabel => tag.y !== null);
    const { texts, drawn } = labelsBesideTags(
      prices.map((price) => ({ text: format.format(price), y: y(price) })),
      tags,
    );
    if (box) box.dataset.axisLabels = JSON.stringify(drawn);
    return texts;
  };
}
