import { describe, expect, it } from 'vitest';
import { CropSchema } from './crop';

describe('CropSchema', () => {
  it("takes the frame's smallest crop as it is sent, rounded to five decimals", () => {
    // 0.74410 - 0.69410 is 0.0499999... in floating point: the minimum, not less.
    expect(CropSchema.safeParse('0.69410,0.10000,0.74410,0.15000').success).toBe(true);
  });

  it('refuses a crop under the minimum, or outside the picture', () => {
    expect(CropSchema.safeParse('0.69410,0.1,0.74300,0.5').success).toBe(false);
    expect(CropSchema.safeParse('0,0,1.2,1').success).toBe(false);
  });
});
