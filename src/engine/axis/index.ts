/**
 * The axis stage of the pipeline: the label boxes the layout found → their text (one
 * tesseract.js call on the stacked crops, ocr.ts) → a pixel → price line fitted over the labels
 * with misreads and tags left out as outliers (scale.ts). It also owns the OCR worker, which the
 * symbol stage borrows to read the chart's title.
 */
export { getOcrWorker, readLabels, readText, terminateOcr } from './ocr.js';
export { fitScale, repairDecimals, upperScale, zeroReadAs, type ParsedLabel, type ScaleFit } from './scale.js';
// The stage's entry (OCR started at once, the fit when read) and its verdict on the column.
export { judgeAxis, readAxis, type AxisInput, type AxisReading } from './read-axis.js';
