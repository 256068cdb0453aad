// The price axis's labels in the robot's grid chart (grid-chart.tsx): lightweight-charts
// draws them on canvas, so the chart keeps the ones it drew (text and middle y) on its box
// as `data-axis-labels`, and the browser journey checks that none overlaps another.

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
