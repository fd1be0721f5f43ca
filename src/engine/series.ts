/**
 * One plot's series: the bars stage, then the last-price stage on what it found, each recorded.
 * The bars stay as the bars stage found them; `settle` makes the series read from both.
 */
import { readBars, type CandleDetection } from './bars/index.js';
import type { SettledSeries } from './confidence/evidence.js';
import { medianLabelHeight, type Layout } from './layout/index.js';
import { readLastPrice, settle, type Tag } from './last-price/index.js';
import type { Box, Raster, Rgb } from './raster.js';
import type { ReadingRecorder } from './trace.js';
import { debugPlot, debugSeries } from './debug.js';

/** One decoded picture and what every attempt on it shares. */
export interface Picture {
  full: Raster;
  work: Raster;
  /** Full-image pixels per work pixel. */
  f: number;
  bg: Rgb;
  started: number;
  decoded: number;
}

export interface SeriesReading extends Omit<SettledSeries, 'detection'> {
  detection: CandleDetection | null;
  found: boolean;
  /** The box on the axis the last close was read from, work pixels (see `LastPriceReading`). */
  mark: Tag | null;
}
export type SeriesFound = SeriesReading & SettledSeries;
export const found = (s: SeriesReading): s is SeriesFound => s.found && s.detection !== null;

/** The bars in `plot` and their last close; `fromTag`: the last try, a track only the chart's tag vouches for. */
export function readSeries(
  p: Picture,
  layout: Layout,
  plot: Box,
  rec: ReadingRecorder,
  fromTag = false,
): SeriesReading {
  const labelHeight = medianLabelHeight(layout.axis.labels);
  const bars = readBars({ work: p.work, bg: p.bg, axis: layout.axis, plot, labelHeight, fromTag });
  const { detection, plotBg, tagCheck } = bars;
  debugPlot(rec.picture, plot, p.f);
  debugSeries(rec.picture, detection, p.f);
  const quality = detection?.quality ?? 0;
  rec.stage('bars', { bars: detection?.candles.length ?? 0, quality, found: bars.found, tag: tagCheck.verdict });
  if (!bars.found || !detection)
    return {
      detection,
      found: false,
      tagCheck,
      lastSource: 'bar',
      unexplained: 0,
      marginInk: 1,
      closeMarked: false,
      mark: null,
    };
  const input = { work: p.work, bg: p.bg, plotBg, strip: layout.axis.strip, labels: layout.axis.labels, plot };
  const last = readLastPrice({ ...input, labelHeight, bars: detection, tagCheck, scanned: bars.scanned });
  const { source: lastSource, setAside, unexplained, marginInk, closeMarked, mark } = last;
  rec.stage('last-price', { source: lastSource, setAside, unexplained, marginInk, closeMarked });
  const settled = settle(detection, last);
  return { detection: settled, found: true, tagCheck, lastSource, unexplained, marginInk, closeMarked, mark };
}
