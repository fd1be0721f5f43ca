/**
 * The bars stage of the pipeline: the candles or OHLC bars in the plot, in pixels. The stage
 * runs ink → text, lines and baselines erased → series colours → pieces → spacing and lattice
 * → measured bars → ends trimmed → oriented (detect.ts); docs/engine.md lists its modules.
 */
export { detectCandles } from './detect.js';
export { MIN_BARS, type CandleDetection, type PixelCandle, type PlotLine } from './series.js';
export { readDense } from './dense.js';
export { continuesPast } from './tail.js';
// The stage's entry.
export { readBars, type BarsInput, type BarsReading } from './read-bars.js';
