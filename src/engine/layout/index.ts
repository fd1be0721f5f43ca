/**
 * The layout stage of the pipeline: the decoded screenshot → where the chart is in it, without
 * OCR: the price axis's label column, the panes that print a scale in it and the price pane's
 * plot box (work-image pixels). findLayout runs words.ts → axis-column.ts → panes.ts →
 * plot-box.ts (find.ts); `locateChart` runs the stage on its own for the dashboard's crop.
 */
export { findLayoutScaled, type AxisColumn, type Layout } from './find.js';
export { locateChart, type ChartLocation } from './locate.js';
export { labelPitch, medianLabelHeight } from './words.js';
