/** Said wherever an answer PipLens could not check against the chart's prices is shown or exported. */
export const UNCHECKED_NOTE =
  "Not checked against the chart: PipLens could not read this chart's prices, so these levels and this confidence come from the AI model alone. Check them on your chart before you trade.";
