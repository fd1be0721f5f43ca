/**
 * The last bar's right edge. Where nothing on the axis confirms the last close, the bar's own
 * rightmost column of ink can: a line chart's last point, an OHLC bar's close tick and a doji's
 * flat body all end the bar in a short run of the series' colours at the close. A candle's body
 * fills a long run there, and its close stays where the bar's colours put it.
 */
import type { PixelCandle } from '../bars/index.js';
import { colourDistance, INK_CONTRAST, rgbAt, type Raster, type Rgb } from '../raster.js';
import {
  BODY_SIDE_COLUMNS,
  BODY_SIDE_ROWS,
  RIGHT_EDGE_MIN_REACH,
  RIGHT_EDGE_ROWS,
  SAME_COLOUR,
  SHORT_RUN,
  TALLER_BY,
} from './params.js';
import { closeAt } from './tags.js';

/**
 * Sets the last bar's close to the middle of its rightmost column of ink when that column is a
 * short run. Walks right from the bar's centre to the first column with none of the series'
 * ink in the bar's rows (and a bar's height around them); ink going on past a bar's spacing is a line through the bar (an
 * average, a drawing), and says nothing. Returns whether the close was set.
 */
export function applyRightEdge(r: Raster, plotBg: Rgb, candles: PixelCandle[], colours: Rgb[], right: number): boolean {
  const last = candles[candles.length - 1];
  const before = candles[candles.length - 2];
  if (!last || !before || colours.length === 0) return false;
  // A bar's height above and below it: where a line's last stroke leaves the piece found (a
  // line of another colour crossing it cuts the piece short).
  const height = last.low - last.high + RIGHT_EDGE_ROWS;
  const top = Math.max(0, Math.floor(last.high - height));
  const bottom = Math.min(r.height - 1, Math.ceil(last.low + height));
  const series = (x: number, y: number): boolean => {
    const p = rgbAt(r, x, y);
    return colourDistance(p, plotBg) > INK_CONTRAST && colours.some((k) => colourDistance(p, k) <= SAME_COLOUR);
  };
  const inkRows = (x: number): number[] => {
    const rows: number[] = [];
    for (let y = top; y <= bottom; y++) if (series(x, y)) rows.push(y);
    return rows;
  };
  const reach = Math.max(RIGHT_EDGE_MIN_REACH, Math.ceil(last.x - before.x));
  const limit = Math.min(right, r.width);
  let edge = -1;
  let x = Math.round(last.x);
  for (; x < limit; x++) {
    if (inkRows(x).length === 0) break;
    if (x - last.x > reach) return false;
    edge = x;
  }
  // The series runs on past the plot: its last column in the plot is no end.
  if (edge < 0 || x >= limit) return false;
  const extent = (rows: number[]): number => (rows.length ? rows[rows.length - 1]! - rows[0]! + 1 : 0);
  const rows = inkRows(edge);
  const first = rows[0];
  const end = rows[rows.length - 1];
  if (first === undefined || end === undefined || extent(rows) > SHORT_RUN) return false;
  // A line's last stroke or an OHLC bar's stem stands taller somewhere before its end; a small
  // body or a doji is as short all across, and its close stays where its colours put it; so does
  // a body's, its side standing taller over several columns straight before the end, each
  // spanning the same rows (a line's steep last stroke moves on from column to column).
  const tall = (k: number): boolean => extent(inkRows(k)) >= extent(rows) + TALLER_BY;
  let taller = false;
  for (let k = Math.round(last.x); k < edge && !taller; k++) taller = tall(k);
  if (!taller || bodySide(inkRows, edge, Math.round(last.x), tall)) return false;
  closeAt(last, (first + end) / 2);
  return true;
}

/**
 * Whether the BODY_SIDE_COLUMNS columns straight before `edge` (none left of `from`) all stand
 * taller and span the same rows within BODY_SIDE_ROWS: a candle body's side.
 */
function bodySide(inkRows: (x: number) => number[], edge: number, from: number, tall: (x: number) => boolean): boolean {
  const ends = (x: number): [number, number] => {
    const rows = inkRows(x);
    return [rows[0] ?? -1, rows[rows.length - 1] ?? -1];
  };
  const [top, bottom] = ends(edge - 1);
  for (let k = 1; k <= BODY_SIDE_COLUMNS; k++) {
    const x = edge - k;
    if (x < from || !tall(x)) return false;
    const [t, b] = ends(x);
    if (Math.abs(t - top) > BODY_SIDE_ROWS || Math.abs(b - bottom) > BODY_SIDE_ROWS) return false;
  }
  return true;
}
