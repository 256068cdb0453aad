import { describe, expect, it } from 'vitest';
import type { ISeriesApi, SeriesType } from 'lightweight-charts';
import {
  AXIS_LABEL_HEIGHT,
  labelsBesideTags,
  lastValueTag,
  overlappingLabels,
  tickmarksBesideTags,
} from './axis-labels.ts';

describe('overlappingLabels', () => {
  it('finds a price tag drawn over an axis label, and nothing when they are a label apart', () => {
    expect(
      overlappingLabels([
        { text: '113806.24', y: 100 },
        { text: '110000.00', y: 108 },
        { text: '120000.00', y: 40 },
      ]),
    ).toEqual([['113806.24', '110000.00']]);
    expect(
      overlappingLabels([
        { text: '113806.24', y: 100 },
        { text: '110000.00', y: 100 + AXIS_LABEL_HEIGHT },
      ]),
    ).toEqual([]);
  });
});

describe('labelsBesideTags', () => {
  it('leaves out the labels a tag covers and lists what is drawn, tags first', () => {
    const { texts, drawn } = labelsBesideTags(
      [
        { text: '120000.00', y: 40 },
        { text: '110000.00', y: 108 },
        { text: '100000.00', y: 176 },
        { text: '90000.00', y: null },
      ],
      [{ text: '113806.24', y: 100 }],
    );
    expect(texts).toEqual(['120000.00', '', '100000.00', '90000.00']);
    expect(drawn).toEqual([
      { text: '113806.24', y: 100 },
      { text: '120000.00', y: 40 },
      { text: '100000.00', y: 176 },
    ]);
    expect(overlappingLabels(drawn)).toEqual([]);
  });
});

/** A series on a 200 px axis from 0 (bottom) to 2 (top), with 4 decimals, like the PnL's. */
function fakeSeries(last: number | null, lastValueVisible = true) {
  const format = (price: number) => (price < 0 ? '\u2212' : '') + Math.abs(price).toFixed(4);
  return {
    options: () => ({ lastValueVisible }),
    lastValueData: () => (last === null ? { noData: true } : { noData: false, price: last }),
    priceFormatter: () => ({ format }),
    priceToCoordinate: (price: number) => 200 - price * 100,
  } as unknown as ISeriesApi<SeriesType>;
}

describe('tickmarksBesideTags', () => {
  it("writes the labels and the last value's tag in the series' format, and keeps them on the box", () => {
    const box = { dataset: {} as DOMStringMap } as HTMLElement;
    const series = fakeSeries(1.23456);
    const formatter = tickmarksBesideTags(() => ({ series, tags: [], box }));
    expect(formatter([0.5, 1, 1.25, 1.5])).toEqual(['0.5000', '1.0000', '', '1.5000']);
    expect(JSON.parse(box.dataset.axisLabels!)).toEqual([
      { text: '1.2346', y: expect.closeTo(76.544) as number },
      { text: '0.5000', y: 150 },
      { text: '1.0000', y: 100 },
      { text: '1.5000', y: 50 },
    ]);
  });

  it('makes way for the other tags too, and for no last value when the series shows none', () => {
    const box = { dataset: {} as DOMStringMap } as HTMLElement;
    const series = fakeSeries(1.2, false);
    expect(lastValueTag(series)).toEqual([]);
    const tags = [{ text: '0.5000', price: 0.5 }];
    const formatter = tickmarksBesideTags(() => ({ series, tags, box }));
    expect(formatter([0.5, 1, 1.5])).toEqual(['', '1.0000', '1.5000']);
    expect(overlappingLabels(JSON.parse(box.dataset.axisLabels!))).toEqual([]);
  });

  it('formats plainly before the chart exists', () => {
    expect(tickmarksBesideTags(() => null)([1, 2])).toEqual(['1', '2']);
  });
});
