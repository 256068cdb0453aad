import { describe, expect, it } from 'vitest';
import { AXIS_LABEL_HEIGHT, overlappingLabels } from './axis-labels.ts';

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
