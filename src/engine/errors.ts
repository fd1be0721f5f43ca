import type { EngineErrorCode, Trend } from '../shared/analysis.js';

/** Messages are shown to traders as they are, so they say what to do next in plain words. */
const MESSAGES: Record<EngineErrorCode, string> = {
  NOT_A_CHART: "This image doesn't look like a price chart. Please upload a screenshot of a candlestick or bar chart.",
  AXIS_UNREADABLE:
    "We couldn't read the price scale on this chart. Please include the price axis with its numbers in the screenshot.",
  UNSURE_READING:
    "We couldn't read this chart reliably enough to give you prices. Please crop the screenshot to the chart and its price axis and try again.",
  INVALID_IMAGE: "We couldn't open this image. Please upload a PNG or JPEG screenshot.",
};

/** Why the price scale could not be read, where more is known than that no axis was found. */
export const AXIS_REASONS = {
  tooSmall:
    "The numbers on this chart's price axis are too small for us to read. Please upload a larger screenshot, or zoom in on the chart before you take it.",
  labelsUnreadable:
    "We found this chart's price axis but couldn't read its numbers. Please upload a sharper screenshot, without blur or heavy compression, with the price axis in it.",
} as const;

/** Why a reading was refused as unsure: each says what was seen and what the trader can do. */
export const UNSURE_REASONS = {
  tagDisagrees:
    "The price marked on the chart's price axis does not match the last candle we found, so we won't guess a price. Please crop the screenshot to the chart and its price axis, with the latest candle in view, and try again.",
  marksBesideLast:
    "Boxes on the chart's price axis next to the latest candles (your trade's levels, drawings or other marks) hide which price is the latest, so we won't guess it. Please hide trade levels and drawings, take the screenshot again with the chart's own price tag in view, and try again.",
  lastBarAway:
    "The last candle we found ends far from the price axis, so it may not be the latest one. Please scroll the chart to the latest candle, crop the screenshot to the chart and its price axis, and try again.",
  lastOutsideLabels:
    "The last candle we found lies outside the chart's price labels, perhaps in an indicator or volume panel, so we won't guess a price. Please crop the screenshot to the main price chart and its price axis, and try again.",
  seriesOutsideLabels:
    "Most of the chart lies outside the price labels we could read, so we can't be sure of its prices. Please crop the screenshot to the main price chart and its price axis, and try again.",
  labelsPastPlot:
    "The price labels we read run past the chart area we found, so part of the window may have been taken for the chart. Please crop the screenshot to the chart and its price axis, and try again.",
} as const;

/** A bar seen on a chart whose prices were not read, in image rows (a row grows downward). */
export interface SeenBar {
  open: number;
  high: number;
  low: number;
  close: number;
}

export class EngineError extends Error {
  readonly code: EngineErrorCode;
  /**
   * The chart's bars, where a series was found before the prices were refused (no readable axis,
   * or evidence against the price read): what was seen, without a scale.
   */
  seen?: SeenBar[];
  /** The trend of the bars seen (analyzeChart sets it): the direction needs no prices. */
  trend?: Trend;

  /** `message` replaces the code's general message with one that says why (see UNSURE_REASONS). */
  constructor(code: EngineErrorCode, detail?: string, message?: string) {
    super(message ?? MESSAGES[code]);
    this.name = 'EngineError';
    this.code = code;
    // The detail helps debugging (logs) without leaking into the user-facing message.
    if (detail) this.cause = detail;
  }
}
