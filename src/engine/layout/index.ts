/**
 * The layout stage of the pipeline: the decoded screenshot → where the chart is in it, without
 * OCR: the price axis's label column, the panes that print a scale in it and the price pane's
 * plot box (work-image pixels). `locateChart` runs it on its own for the dashboard's crop.
 */
export { findLayoutScaled, medianLabelHeight, type AxisColumn, type Layout } from './layout.js';
export { locateChart, type ChartLocation } from './locate.js';
