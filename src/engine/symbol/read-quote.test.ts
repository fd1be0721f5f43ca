import { afterAll, describe, expect, it } from 'vitest';
import { AnalysisSettingsSchema } from '../../shared/analysis.js';
import { terminateOcr } from '../axis/index.js';
import type { Weighed } from '../../shared/engine-trace.js';
import { analyzeChart, EngineError } from '../index.js';
import { box, drawOver } from '../test/draw.js';
import { chartWithLegend, chartWithQuote } from '../test/quote.js';
import { mtSpec, renderMetaTrader } from '../../../scripts/fixtures/metatrader-render.js';
import { quoteBarMatches, quoteGap, quoteInText, quoteSpansBar, type Quote } from './read-quote.js';

const SETTINGS = AnalysisSettingsSchema.parse({ timeFrame: '1h' });

afterAll(terminateOcr);

/** A quote line's figures: open 1.10, high 1.20, low 1.05, close 1.15. */
const QUOTE: Quote = { open: 1.1, high: 1.2, low: 1.05, close: 1.15, closeRange: [1.15, 1.15], decimals: 2 };

describe("the chart's quote line", () => {
  it("reads MetaTrader 4's line: the symbol, then open, high, low and close", () => {
    expect(quoteInText('EURUSD,H1  1.08412 1.08455 1.08390 1.08431')).toEqual({
      open: 1.08412,
      high: 1.08455,
      low: 1.0839,
      close: 1.08431,
      closeRange: [1.08431, 1.08431],
      decimals: 5,
    });
    // An axis label read on the same line after it does not count.
    expect(quoteInText('noise\nGBPJPY,D1 190.799 190.987 190.512 190.640 191.000')?.close).toBe(190.64);
    // A lone zero before the point lost: put back where the other prices' whole parts are zeros.
    expect(quoteInText('EURGBP,M5 0.8571 .8576 0.8558 0.8560')?.high).toBe(0.8576);
    expect(quoteInText('GBPJPY,M5 190.571 .576 190.558 190.560')).toBeNull();
    // A point lost ('150963'): put back where the other prices all have as many digits each side.
    expect(quoteInText('USDJPY,H1 150963 151.426 150.953 151.307')?.open).toBe(150.963);
    expect(quoteInText('USDJPY,H1 15096 151.426 150.953 151.307')).toBeNull();
    expect(quoteInText('USDJPY,H1 150963 151.426 50.953 151.307')).toBeNull();
    // A phone's line runs on into the axis's column, and its close into the label there.
    expect(quoteInText('GBPJPY,M30 188.932 189.198 188.815 189.043192.000')).toEqual({
      open: 188.932,
      high: 189.198,
      low: 188.815,
      close: 189.043,
      closeRange: [189.043, 189.043],
      decimals: 3,
    });
  });

  it("bounds a close cut short or lost under the axis's tag by what is left of it and the bar's range", () => {
    // A phone's line runs under the axis's tag: the close's first digits, or none of it.
    const cut = quoteInText('AUDUSD,M15 0.66117 0.66152 0.66029 0.661');
    expect(cut?.close).toBeNull();
    expect(cut?.closeRange[0]).toBeCloseTo(0.661, 9);
    expect(cut?.closeRange[1]).toBeCloseTo(0.66152, 9);
    expect(quoteInText('XAUUSD,H1 2161.77 2165.32 2160.94')?.closeRange).toEqual([2160.94, 2165.32]);
    // OCR's space after a point ('0. 66029') is no break between two numbers.
    expect(quoteInText('AUDUSD,M15 0.66117 0.66152 0. 66029 0.661')?.low).toBe(0.66029);
    // What is left of the close is no price within the bar: the bar's range.
    expect(quoteInText('XAUUSD,H1 2161.77 2165.32 2160.94 2170.1')?.closeRange).toEqual([2160.94, 2165.32]);
    // Three prices that are no open, high and low.
    expect(quoteInText('EURUSD,H1 1.08412 1.08390 1.08455')).toBeNull();
    expect(quoteInText('EURUSD,H1 1.08412 1.08455')).toBeNull();
  });

  it('takes no line that is no quote', () => {
    // No symbol; decimals that differ; a high below the close; a window's caption.
    expect(quoteInText('H1 1.08412 1.08455 1.08390 1.08431')).toBeNull();
    expect(quoteInText('EURUSD,H1 1.08412 1.0845 1.08390 1.08431')).toBeNull();
    expect(quoteInText('EURUSD,H1 1.08412 1.08420 1.08390 1.08431')).toBeNull();
    expect(quoteInText('EURUSD, H1: Euro vs US Dollar')).toBeNull();
    // A number with two points whose first part has fewer decimals than the others is a misread:
    // no close, the bar's range.
    expect(quoteInText('EURUSD,H1 1.08412 1.08455 1.08390 1.084.31')).toMatchObject({
      close: null,
      closeRange: [1.0839, 1.08455],
    });
  });

  it('reads a legend that labels its prices, with or without a symbol', () => {
    // KLineChart's tooltip: the bar's time and volume about its labelled prices.
    expect(
      quoteInText('Time: 2024-08-27 00:00 Open: 1.08614 High: 1.08728 Low: 1.08369 Close: 1.08394 Volume: 946'),
    ).toEqual({
      open: 1.08614,
      high: 1.08728,
      low: 1.08369,
      close: 1.08394,
      closeRange: [1.08394, 1.08394],
      decimals: 5,
      legend: true,
    });
    // TradingView's: letters glued to the prices, the 'O' read as a zero, the change after them.
    expect(quoteInText('EURUSD 1D FXCM 01.08614 H1.08728 L1.08369 C1.08394 0.00220 (0.20)')).toMatchObject({
      open: 1.08614,
      close: 1.08394,
      legend: true,
    });
    // A locale's decimal comma.
    expect(quoteInText('GOLD 1D TVC O4414,466 H4436,150 L4386,284 C4392,190')).toMatchObject({
      open: 4414.466,
      low: 4386.284,
      close: 4392.19,
    });
    // The close's label cut off: the figure after the low is a volume's, no close.
    expect(quoteInText('Open: 1.08614 High: 1.08728 Low: 1.08369 Vol: 1.2')).toMatchObject({
      close: null,
      closeRange: [1.08369, 1.08728],
    });
    // No open, or the labels out of order: no legend of a bar.
    expect(quoteInText('High: 1.08728 Low: 1.08369 Close: 1.08394')).toBeNull();
    expect(quoteInText('Open: 1.08614 Low: 1.08369 High: 1.08728 Close: 1.08394')).toBeNull();
  });

  it('knows a legend for the last bar by its high and low on the scale', () => {
    const bars = { barsHigh: 1.3, barsLow: 1.0 };
    expect(quoteSpansBar(QUOTE, { high: 1.201, low: 1.049 }, bars)).toBe(true);
    // A crosshair's bar a tenth of the range lower.
    expect(quoteSpansBar(QUOTE, { high: 1.17, low: 1.02 }, bars)).toBe(false);
  });

  it("measures its close against the last price read, where all its prices are in the picture's view", () => {
    const quote = QUOTE;
    const view = { barsHigh: 1.3, barsLow: 1.0, viewHigh: 1.4, viewLow: 0.9 };
    expect(quoteGap(quote, { ...view, lastClose: 1.15 })).toBe(0);
    expect(quoteGap(quote, { ...view, lastClose: 1.21 })).toBeCloseTo(0.2, 9);
    // A live bar's quote whose prices the picture does not show (scrolled back): no evidence.
    expect(quoteGap({ ...quote, high: 1.5 }, { ...view, lastClose: 1.21 })).toBeNull();
    // A quote without its close: the last price is measured from the bar's range.
    const cut = { ...quote, close: null, closeRange: [1.05, 1.2] as [number, number] };
    expect(quoteGap(cut, { ...view, lastClose: 1.1 })).toBe(0);
    expect(quoteGap(cut, { ...view, lastClose: 1.26 })).toBeCloseTo(0.2, 9);
  });

  it('knows its bar by its high, low and open on the scale, where its close is its own', () => {
    const quote = QUOTE;
    const bars = { barsHigh: 1.3, barsLow: 1.0 };
    const bar = { open: 1.101, high: 1.201, low: 1.049 };
    expect(quoteBarMatches(quote, bar, bars)).toBe(true);
    // The body's end read as its open may be the quote's close (a bar's colour read the other way).
    expect(quoteBarMatches(quote, { ...bar, open: 1.149 }, bars)).toBe(true);
    // A bar a tenth of the range higher is another bar, or the scale is another's.
    expect(quoteBarMatches(quote, { open: 1.13, high: 1.23, low: 1.08 }, bars)).toBe(false);
    // A body at neither the quote's open nor its close: the quote's close may be misread.
    expect(quoteBarMatches(quote, { ...bar, open: 1.12 }, bars)).toBe(false);
    // A close outside the quote's own high and low is a misread.
    expect(quoteBarMatches({ ...quote, close: 1.25, closeRange: [1.25, 1.25] }, bar, bars)).toBe(false);
    expect(quoteBarMatches({ ...quote, close: null }, bar, bars)).toBe(false);
  });

  it("takes the quote's close over a tag within the bar's range, where the bar read is the quote's", async () => {
    // Seed 21, picture 20 (a design render, refused before for the quote's disagreement): a chart
    // window whose last bar reaches from 151.203 to 151.638; the close was read at 151.294 on the
    // axis, 10% of the bars' range from the quote's 151.250, while the bar's high and low are
    // the quote's to a pixel.
    const spec = mtSpec(21, 20);
    const { image, truth } = await renderMetaTrader(spec);
    const { chart, trace } = await analyzeChart(image, SETTINGS);
    expect(Math.abs(chart.lastPrice - truth.lastPrice) / (truth.high - truth.low)).toBeLessThan(0.001);
    const stages = trace.attempts[trace.attempt ?? 0]?.stages ?? [];
    const quoted = stages.find((s) => s.stage === 'confidence')?.summary;
    expect(quoted).toMatchObject({ barMatched: true });
    expect(quoted?.gap).toBeGreaterThan(0.02);
  }, 60_000);

  it('lets a reading stand where the quote line gives its close', async () => {
    const { image, truth } = await chartWithQuote((t) => t.lastPrice);
    const { chart } = await analyzeChart(image, SETTINGS);
    expect(Math.abs(chart.lastPrice - truth.lastPrice) / (truth.high - truth.low)).toBeLessThan(0.01);
  }, 60_000);

  it("takes the quote's close for the last price where the two agree", async () => {
    // The quote's close a hundredth of the bars' range from the bar's: within what agrees, but
    // not what the rows of the bar and its tag give.
    const { image, close } = await chartWithQuote((t) => t.lastPrice + (t.high - t.low) * 0.01);
    const { chart, trace } = await analyzeChart(image, SETTINGS);
    expect(chart.lastPrice).toBeCloseTo(close, 9);
    const stages = trace.attempts[trace.attempt ?? 0]?.stages ?? [];
    const quoted = stages.find((s) => s.stage === 'confidence')?.summary;
    expect(quoted?.quoteClose).toBeCloseTo(close, 4);
  }, 60_000);
});

describe('a legend of a bar', () => {
  const share = (a: number, b: number, t: { high: number; low: number }): number => Math.abs(a - b) / (t.high - t.low);

  it("takes its close where it is the last bar's, even where the close read was elsewhere", async () => {
    // The legend prints as its close the end of the last bar farther from the close drawn (the
    // bar spans 4% of the bars' range): the bar read spans the legend's low and high, so the
    // legend is that bar's.
    const { image, truth, bar } = await chartWithLegend(({ lastBar: b }) => ({
      ...b,
      close: b.high - b.close > b.close - b.low ? b.high : b.low,
    }));
    const { chart, trace } = await analyzeChart(image, SETTINGS);
    expect(chart.lastPrice).toBeCloseTo(bar.close, truth.decimals);
    const stages = trace.attempts[trace.attempt ?? 0]?.stages ?? [];
    const quoted = stages.find((s) => s.stage === 'confidence')?.summary;
    expect(quoted).toMatchObject({ barMatched: true });
    expect(quoted?.gap).toBeGreaterThan(0.02);
  }, 60_000);

  it("is no evidence where it shows another bar (a crosshair's)", async () => {
    // A bar in the lower third of the range, its close far from the last price.
    const { image, truth } = await chartWithLegend((t) => {
      const r = t.high - t.low;
      return { open: t.low + r * 0.2, high: t.low + r * 0.3, low: t.low + r * 0.1, close: t.low + r * 0.15 };
    });
    const { chart } = await analyzeChart(image, SETTINGS);
    expect(share(chart.lastPrice, truth.lastPrice, truth)).toBeLessThan(0.01);
  }, 60_000);
});

/** The trend the engine answers for the chart `chartWithQuote` draws on, with its own quote line. */
async function trendOfChart() {
  const { image } = await renderMetaTrader(mtSpec(1, 0));
  return (await analyzeChart(image, SETTINGS)).result.trend;
}

/** The picture's refusal for its quote line, and what the refusing decision weighed. */
async function quoteRefusal(image: Buffer): Promise<{ refused: EngineError; weighed: Weighed | undefined }> {
  const error = await analyzeChart(image, SETTINGS).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  const refused = error as EngineError;
  expect(refused.rule).toBe('confidence/quote-disagrees');
  const decision = refused.trace?.attempts.flatMap((a) => a.decisions).find((d) => d.outcome === 'refused');
  return { refused, weighed: decision?.weighed };
}

describe('a quote line that disagrees', () => {
  it('refuses the reading, with the close it read', async () => {
    const { image, close } = await chartWithQuote(
      (t) => t.low + (t.high - t.low) * (t.lastPrice > (t.high + t.low) / 2 ? 0.2 : 0.8),
    );
    const { refused, weighed } = await quoteRefusal(image);
    // The trace keeps weighed values to four decimals.
    expect((weighed as { quoteClose: number }).quoteClose).toBeCloseTo(close, 4);
    // The bars are kept for a last price the trader sets, and the refusal says their trend: the
    // quote doubts the last price, not the bars.
    expect(refused.bars?.rows.length).toBeGreaterThan(30);
    expect(refused.trend).toBe(await trendOfChart());
  }, 60_000);

  it("refuses an order's tag read as the last price where the line's close runs under the axis's tag", async () => {
    // Seeds 39, pictures 54 and 62 (design renders, docs/engine-lab-notes.md): two stacked charts
    // on a phone, the framed one read; a take profit's tag in the up bars' green and a stop's in
    // the down bars' red were taken for the last price (35% and 12% of the bars' range off). The
    // quote line's close runs under the grey bid tag ('0.661' of 0.66106, or nothing of 2163.17),
    // so only the bar's open, high and low, and the close's first digits, bound it.
    for (const picture of [54, 62]) {
      const { image } = await renderMetaTrader(mtSpec(39, picture));
      const { weighed } = await quoteRefusal(image);
      expect(weighed).toHaveProperty('closeFrom');
    }
  }, 120_000);
});

describe('a quote line that confirms a doubted reading', () => {
  // Seed 43, picture 26 (a fresh design render): MetaTrader's phone app in portrait, its grey
  // theme; an order's green tag just above the red bid tag at the last bar's close, both on the
  // axis beside the latest bars: the reading is doubted for marks beside the last bar that its
  // close leaves unexplained, and the quote line prints the close read.
  const spec = mtSpec(43, 26);

  it("answers at the quote's close, the refusal only lowering the confidence", async () => {
    const { image, truth } = await renderMetaTrader(spec);
    const { chart, trace } = await analyzeChart(image, SETTINGS);
    expect(Math.abs(chart.lastPrice - truth.lastPrice) / (truth.high - truth.low)).toBeLessThan(0.001);
    expect(trace.rule).toBeNull();
    const decisions = trace.attempts.flatMap((a) => a.decisions);
    expect(decisions.find((d) => d.rule === 'last-price/marks-beside-last')?.outcome).toBe('lowered');
    const stages = trace.attempts[trace.attempt ?? 0]?.stages ?? [];
    expect(stages.find((s) => s.stage === 'confidence' && 'confirms' in s.summary)?.summary).toMatchObject({
      confirms: 'last-price/marks-beside-last',
    });
  }, 60_000);

  it("reads the quote of a terminal's framed chart where that chart stands in the screenshot", async () => {
    // Seed 42, picture 53 (a design render): a whole terminal, the framed chart read and doubted
    // for marks beside its last bars; its quote line is read in the frame's place on the screen.
    const { image, truth } = await renderMetaTrader(mtSpec(42, 53));
    const { chart, trace } = await analyzeChart(image, SETTINGS);
    expect(Math.abs(chart.lastPrice - truth.lastPrice) / (truth.high - truth.low)).toBeLessThan(0.001);
    const plot = truth.boxes.plot;
    expect(Math.abs(chart.plot.left - plot.x)).toBeLessThan(plot.w * 0.1);
    expect(Math.abs(chart.plot.top - plot.y)).toBeLessThan(plot.h * 0.1);
    const stages = trace.attempts[trace.attempt ?? 0]?.stages ?? [];
    expect(stages.some((s) => s.stage === 'confidence' && 'confirms' in s.summary)).toBe(true);
  }, 60_000);

  it('leaves the refusal where no quote line is read', async () => {
    const { image, truth } = await renderMetaTrader(spec);
    // The quote line: the widest of the picture's lines of text.
    const line = truth.boxes.textBoxes.reduce((a, b) => (b.w > a.w ? b : a));
    const erased = await drawOver(image, box(line.x - 2, line.y - 2, line.w + 4, line.h + 4, spec.theme.background));
    const error = await analyzeChart(erased, SETTINGS).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).rule).toBe('last-price/marks-beside-last');
  }, 60_000);
});
