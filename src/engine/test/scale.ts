import type { ScaleFit } from '../axis/scale.js';

/** A scale of 1.08000 at row 100, 0.00100 less every 50 rows (1.07400 at row 400), fitted through three labels. */
export const STEP_FIT: ScaleFit = {
  slope: -0.00002,
  intercept: 1.082,
  precision: 5,
  inliers: [1.08, 1.079, 1.078].map((value, i) => ({ y: 100 + 50 * i, value, decimals: 5 })),
  onStep: true,
};
