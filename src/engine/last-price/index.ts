/**
 * The last-price stage of the pipeline: the bars read, the price axis's strip and the price
 * lines → the last close checked against the chart's own marks (tags.ts: the last-price tag in
 * the series' colours, a text tag, a price line, a lone box, or the last bar, and the verdict
 * when they disagree), and how far the last bar stands from the axis with nothing after it
 * (margin.ts: MetaTrader's chart shift).
 */
export {
  applyLastPriceTag,
  applyLoneBox,
  applyPriceLine,
  applyTextTag,
  reconcileWithTags,
  unexplainedMarks,
  type Tag,
  type TagCheck,
  type TagVerdict,
} from './tags.js';
export { lineLabel, type LineLabel } from './line-label.js';
export { marginInk } from './margin.js';
export { applyRightEdge } from './right-edge.js';
// The stage's entry, and the series it makes of the bars and the last close it read.
export { readLastPrice, settle, type LastPriceInput, type LastPriceReading } from './read-last-price.js';
