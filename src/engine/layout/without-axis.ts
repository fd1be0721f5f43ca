/**
 * The look for a chart where no label column made a price axis: the whole picture is searched
 * for a clearly regular series, on a platform's flat paint. Candles without a readable axis are a
 * chart whose prices cannot be read; anything else is not a chart.
 */
import { detectCandles, type CandleDetection } from '../bars/index.js';
import { CLEAR_SERIES_QUALITY, isSeries } from '../bars/read-bars.js';
import { colourDistance, rgbAt, type Box, type Raster, type Rgb } from '../raster.js';
import type { ReadingRecorder } from '../trace.js';
import type { EngineError } from '../errors.js';
import { debugPlot, debugSeries } from '../debug.js';
import { FLAT_DISTANCE, MIN_FLAT, MIN_SMOOTH, WHOLE_WIDTH } from './params.js';

/**
 * Share of the picture (sampled every other pixel) within a few RGB units of its background, and
 * share whose right and lower neighbours are within a few units of it.
 */
export function flatness(r: Raster, bg: Rgb): { flat: number; smooth: number } {
  let flat = 0;
  let smooth = 0;
  let n = 0;
  const d = r.data;
  const near = (i: number, j: number): boolean =>
    Math.abs((d[i] ?? 0) - (d[j] ?? 0)) +
      Math.abs((d[i + 1] ?? 0) - (d[j + 1] ?? 0)) +
      Math.abs((d[i + 2] ?? 0) - (d[j + 2] ?? 0)) <=
    FLAT_DISTANCE;
  for (let y = 0; y + 1 < r.height; y += 2) {
    for (let x = 0; x + 1 < r.width; x += 2) {
      const i = (y * r.width + x) * 3;
      n++;
      if (colourDistance(rgbAt(r, x, y), bg) <= FLAT_DISTANCE) flat++;
      if (near(i, i + 3) && near(i, i + r.width * 3)) smooth++;
    }
  }
  return n > 0 ? { flat: flat / n, smooth: smooth / n } : { flat: 0, smooth: 0 };
}

const isPhotograph = (flat: number, smooth: number): boolean => flat < MIN_FLAT && smooth < MIN_SMOOTH;

/** A photograph: no flat fill over most of it, and texture rather than a smooth gradient. */
export function looksPhotographed(r: Raster, bg: Rgb): boolean {
  const { flat, smooth } = flatness(r, bg);
  return isPhotograph(flat, smooth);
}

/**
 * The refusal of a picture in which no label column made a price axis (`columns`: how many were
 * tried). Its bars go with the refusal, to say their trend, only on a platform's flat paint: a
 * gradient's blobs pass for bars.
 */
export function refuseWithoutAxis(
  picture: { work: Raster; bg: Rgb; f: number; full: { width: number; height: number } },
  columns: number,
  rec: ReadingRecorder,
  keepBars: (error: EngineError, bars: CandleDetection, plot: Box) => EngineError,
): EngineError {
  const { work, bg, f, full } = picture;
  rec.begin('without-axis');
  const whole = { left: 0, top: 0, right: Math.round(work.width * WHOLE_WIDTH), bottom: work.height };
  const bars = detectCandles(work, whole);
  const quality = bars?.quality ?? 0;
  if (rec.picture) rec.picture.image = { width: full.width, height: full.height };
  debugPlot(rec.picture, whole, f);
  debugSeries(rec.picture, bars, f);
  rec.stage('bars', { bars: bars?.candles.length ?? 0, quality, labelColumns: columns });
  if (!isSeries(bars, CLEAR_SERIES_QUALITY))
    return rec.refuse('layout/no-chart-without-axis', {
      quality,
      threshold: CLEAR_SERIES_QUALITY,
      labelColumns: columns,
    });
  const { flat, smooth } = flatness(work, bg);
  if (isPhotograph(flat, smooth))
    return rec.refuse('layout/photograph', { flat, minFlat: MIN_FLAT, smooth, minSmooth: MIN_SMOOTH });
  const error = rec.refuse(columns > 0 ? 'axis/no-scale' : 'layout/no-label-column', { labelColumns: columns, flat });
  return flat >= MIN_FLAT ? keepBars(error, bars, whole) : error;
}
