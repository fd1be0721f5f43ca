import { describe, expect, it } from 'vitest';
import { widestGap } from './measure.js';

describe('widestGap', () => {
  it('finds the widest run of missing rows between inked ones', () => {
    expect(widestGap([3, 4, 5, 7, 8, 12, 13])).toEqual([9, 11]);
    expect(widestGap([3, 4, 5])).toBeNull();
    expect(widestGap([])).toBeNull();
  });
});
