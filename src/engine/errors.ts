import type { EngineErrorCode } from '../shared/analysis.js';

/** Messages are shown to traders as they are, so they say what to do next in plain words. */
const MESSAGES: Record<EngineErrorCode, string> = {
  NOT_A_CHART: "This image doesn't look like a price chart. Please upload a screenshot of a candlestick or bar chart.",
  AXIS_UNREADABLE:
    "We couldn't read the price scale on this chart. Please include the price axis with its numbers in the screenshot.",
  INVALID_IMAGE: "We couldn't open this image. Please upload a PNG or JPEG screenshot.",
};

export class EngineError extends Error {
  readonly code: EngineErrorCode;

  constructor(code: EngineErrorCode, detail?: string) {
    super(MESSAGES[code]);
    this.name = 'EngineError';
    this.code = code;
    // The detail helps debugging (logs) without leaking into the user-facing message.
    if (detail) this.cause = detail;
  }
}
