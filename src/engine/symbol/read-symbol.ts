/**
 * The symbol stage: which instrument the chart shows, read where platforms write it, in the
 * strip above the plot (a MetaTrader window's title 'EURUSD,H4', a TradingView toolbar) and the
 * plot's top-left corner (TradingView's legend 'EUR/USD · 4h · FXCM', MetaTrader's title line).
 * One small OCR call on that region, with the engine's own OCR worker. A symbol is given only
 * when the text names exactly one listed instrument and the chart's price fits it.
 */
import { PSM, type RecognizeOptions } from 'tesseract.js';
import { findInstrument, instrumentFits } from '../../shared/instruments.js';
import { readText } from '../axis/index.js';
import type { Box } from '../raster.js';
import { symbolsInText } from './match-symbol.js';
import { ocrImage } from './ocr-image.js';

export interface SymbolReading {
  /** The listed symbol, or null when none was read, several were, or the prices do not fit. */
  symbol: string | null;
  /** Why there is no symbol, in a few words (for the debug output). */
  reason: 'read' | 'nothing named' | 'several named' | 'prices do not fit';
  /** The instruments the text named. */
  named: string[];
  /** The text OCR found in the region. */
  text: string;
  /** The region read, in full-image pixels. */
  region: Box | null;
}

/** Letters, digits and the marks symbols and legends are written with. */
const WHITELIST = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/.,+-#_:() ';

/** Screenshots are about this wide at one device pixel per CSS pixel; wider ones draw larger text. */
const REFERENCE_WIDTH = 1400;
/**
 * The text is read at one and a half times the size platforms draw it at one device pixel: as
 * many symbols read as at twice the size (14 of the real corpus, 40 of 42 generated charts), for
 * a quarter less OCR time; smaller lost some.
 */
const OCR_ZOOM = 1.5;

/**
 * Where the symbol is written: a strip from a little above the plot (a title bar or toolbar) to
 * its first text lines, from its left edge as far as a long name reaches ('U.S. Dollar / Swiss
 * Franc'): OCR time grows with the text read, and the rest of a legend is prices. `unit` scales
 * the sizes to the screenshot's device pixels. Full-image pixels.
 */
export function symbolRegion(image: { width: number; height: number }, plot: Box): Box {
  const unit = Math.min(2.5, Math.max(0.6, image.width / REFERENCE_WIDTH));
  const plotWidth = plot.right - plot.left;
  const left = Math.max(0, Math.round(plot.left - 8 * unit));
  const top = Math.max(0, Math.round(plot.top - 34 * unit));
  const right = Math.min(image.width, Math.round(plot.left + Math.min(plotWidth * 0.6, 260 * unit)));
  const bottom = Math.min(image.height, plot.bottom, Math.round(plot.top + 46 * unit));
  return { left, top, right: Math.max(right, left + 1), bottom: Math.max(bottom, top + 1) };
}

/** The decision once the text is read: one listed instrument named, and its prices fit the chart's. */
export function decideSymbol(text: string, lastPrice: number): Pick<SymbolReading, 'symbol' | 'reason' | 'named'> {
  const named = symbolsInText(text);
  if (named.length === 0) return { symbol: null, reason: 'nothing named', named };
  // A legend or window title names one instrument; more than one is a watchlist or a comparison.
  if (named.length > 1) return { symbol: null, reason: 'several named', named };
  const instrument = findInstrument(named[0]);
  if (!instrument || !(lastPrice > 0) || !instrumentFits(instrument, lastPrice)) {
    return { symbol: null, reason: 'prices do not fit', named };
  }
  return { symbol: instrument.symbol, reason: 'read', named };
}

/**
 * Reads the symbol on `image` (the picture as uploaded) near `plot` (full-image pixels) and
 * checks it against `lastPrice`. Never throws: a failed reading is no symbol.
 */
export async function readSymbol(
  image: Buffer,
  size: { width: number; height: number },
  plot: Box,
  lastPrice: number,
): Promise<SymbolReading> {
  const region = symbolRegion(size, plot);
  try {
    const unit = Math.min(2.5, Math.max(0.6, size.width / REFERENCE_WIDTH));
    const picture = await ocrImage(image, region, OCR_ZOOM / unit);
    // Parameters given with the call hold for this call only: the worker goes back to reading
    // axis digits afterwards (readText puts them back when the call fails, too).
    const options = {
      tessedit_char_whitelist: WHITELIST,
      tessedit_pageseg_mode: PSM.SPARSE_TEXT,
      // Words and layout notes Tesseract prints about free text ('Detected 4 diacritics') are no log lines.
      debug_file: '/dev/null',
    } as unknown as Partial<RecognizeOptions>;
    const text = await readText(picture, options);
    return { ...decideSymbol(text, lastPrice), text, region };
  } catch {
    return { symbol: null, reason: 'nothing named', named: [], text: '', region };
  }
}

/**
 * The instrument a legend or title line names beside prices ('AUDUSD,H1 0.69012 0.69050'): the
 * chart's own, as its platform writes it. A window's caption or a tab names an instrument without
 * prices ('EURUSD, H1 - Trading terminal'), and may be another chart's than the one read. Null
 * where no such line names exactly one instrument.
 */
export function legendInstrument(text: string): string | null {
  const named = text
    .split('\n')
    .filter((line) => /\d[.,]\d/.test(line))
    .flatMap((line) => symbolsInText(line));
  return new Set(named).size === 1 ? (named[0] ?? null) : null;
}
