import { describe, expect, it } from 'vitest';
import { distancesTooLong, priceBand, priceMentions, pricesOutside, splitSentences } from './price-check';

describe('priceMentions', () => {
  it('finds prices and passes over counts, shares, amounts and ratios', () => {
    const text =
      'Price rose from 154.90 to 172.70 over 80 candles (3%), 25.0 pips, 0.01 lots lose $2.50 or 2.50 USD, 1:2, R² 0.82, on the 4h chart of US30; resistance 243.9 and support 101.5, 20-candle average 160.2.';
    expect(priceMentions(text, 160)).toEqual([154.9, 172.7, 243.9, 101.5, 160.2]);
  });

  it('leaves no way around the check through the words after a price', () => {
    expect(priceMentions('The 243.9 swing high, 101.5 touched twice, 240.0 turning point.', 160)).toEqual([243.9, 101.5, 240]);
  });

  it('reads thousands separators and whole prices of 100 and more', () => {
    expect(priceMentions('Gold held 2,650.50 and 2640 before.', 2650)).toEqual([2650.5, 2640]);
  });

  it('takes a distance from the entry for no price, and still a price beside it', () => {
    const text = 'The stop loss 6.317 is 1.074 above the entry; the take profit 3.095 is 2.148 below it.';
    expect(priceMentions(text, 5.2)).toEqual([6.317, 3.095]);
    expect(priceMentions('Resistance 6.9 above the range, 4.1 below the 20-candle average.', 5.2)).toEqual([6.9, 4.1]);
  });

  it('takes a price written as money for a price, and small amounts for amounts', () => {
    // Gold near 2,650: '$2,700' and '2,590 USD' are prices; '$25.00' and '3.00 USD' are amounts.
    const text = 'A move to $2,700 is likely, support at 2,590 USD; 0.01 lots lose $25.00, or 3.00 USD.';
    expect(priceMentions(text, 2650)).toEqual([2700, 2590]);
    // On a 154.9-172.7 chart, an invented '$243.90' is caught.
    expect(priceMentions('Target $243.90 next.', 160)).toEqual([243.9]);
  });

  it("passes over an oscillator's reading and a moving average's length on a chart near their size", () => {
    // A USDJPY chart near 155: RSI, stochastic and ADX readings are no prices, nor the EMA's 200.
    const text = 'RSI is at 28.5, Stochastic at 18.2, ADX of 25.3 and RSI(14) = 71.4; the 200 EMA holds at 154.20.';
    expect(priceMentions(text, 155)).toEqual([154.2]);
    // Anything else between the name and the number leaves the number a price to check.
    expect(priceMentions('RSI divergence suggests a target of 243.9.', 160)).toEqual([243.9]);
  });

  it('keeps only numbers near the chart price', () => {
    expect(priceMentions('EURUSD at 1.0850, RSI 65.5, target 1.0920.', 1.08)).toEqual([1.085, 1.092]);
  });

  it('takes a number within ten times the chart price for a price: an invented one far off is still caught', () => {
    // 6.51 is six times a 1.085 chart's price: a price, and one off the chart.
    expect(priceMentions('Target 6.51, then 1.0920; an average range of 0.0012.', 1.085)).toEqual([6.51, 1.092]);
    const band = priceBand({ high: 1.0895, low: 1.0805, lastPrice: 1.085, scale: null, plot: { top: 0, bottom: 0 } });
    expect(pricesOutside('Target 6.51 after 1.0850.', band, 1.085)).toEqual([6.51]);
  });
});

describe('distancesTooLong', () => {
  // A EURUSD chart showing 1.0800 to 1.0900: 100 pips.
  const band = priceBand({ high: 1.09, low: 1.08, lastPrice: 1.085, scale: null, plot: { top: 0, bottom: 0 } });
  const units = { pipSize: 0.0001, pointSize: 0.00001 };

  it('keeps distances the chart can show and finds those far longer than it', () => {
    expect(distancesTooLong('A stop 30 pips away and a 60-pip target, 250 points of room.', band, units)).toEqual([]);
    expect(distancesTooLong('The target is 3000 pips away, or 3,000 pips.', band, units)).toEqual([3000, 3000]);
    // Points count at the chart's smallest step: 2,500 points are 25 pips here.
    expect(distancesTooLong('Room for 2,500 points; 90,000 points to the high.', band, units)).toEqual([90000]);
  });
});

describe('priceBand', () => {
  it('uses the visible range from the scale and plot, with half of it as margin either side', () => {
    // price = -0.1 y + 200: top y=100 → 190, bottom y=500 → 150; span 40, margin 20.
    const band = priceBand({ high: 180, low: 155, lastPrice: 170, scale: { slope: -0.1, intercept: 200 }, plot: { top: 100, bottom: 500 } });
    expect(band).toMatchObject({ visibleLow: 150, visibleHigh: 190 });
    expect(band.low).toBeCloseTo(130);
    expect(band.high).toBeCloseTo(210);
    expect(pricesOutside('Support 101.5, resistance 243.9, pivot 160.0', band, 170)).toEqual([101.5, 243.9]);
  });
});

describe('splitSentences', () => {
  it('does not split at a decimal point', () => {
    expect(splitSentences('Buy at 1.0850. Stop at 1.0820! Why? Trend.')).toEqual(['Buy at 1.0850.', 'Stop at 1.0820!', 'Why?', 'Trend.']);
  });
});
