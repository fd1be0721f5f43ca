import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { chartSpecs, renderChart } from '../../scripts/fixtures/render.js';
import { EngineError, UNSURE_REASONS } from './errors.js';
import { readingConfidence, refuseUnsure, type ReadingEvidence } from './confidence/index.js';
import { takesPane } from './confidence/evidence.js';
import { terminateOcr } from './axis/index.js';
import { fallingShare, labelCrop, minorityOnLine } from './axis/read-axis.js';
import { tagEndsTrack } from './bars/read-bars.js';
import { paneOfLabels } from './layout/labels-pane.js';
import { flatness, looksPhotographed } from './layout/without-axis.js';
import { readChart, shrinkReading } from './read-chart.js';

describe('labelCrop', () => {
  it("spans the whole label column, so a label found without its leading '0.' is read with it", () => {
    const column = [
      { left: 962, right: 1018, top: 47, bottom: 55 },
      // Found as '66400': the '0.' before it stood too far apart.
      { left: 973, right: 1018, top: 112, bottom: 119 },
    ];
    const crop = labelCrop(column, 2, { width: 2048, height: 1280 });
    expect(crop(column[1]!)).toEqual({ left: 1920, top: 220, right: 2042, bottom: 244 });
  });

  it('is not widened by a word far wider than a label (legend text run into the top one)', () => {
    const column = [
      { left: 705, right: 1253, top: 39, bottom: 47 },
      { left: 1218, right: 1253, top: 131, bottom: 139 },
      { left: 1218, right: 1253, top: 223, bottom: 231 },
    ];
    expect(labelCrop(column, 1, { width: 1280, height: 720 })(column[1]!)).toMatchObject({ left: 1216, right: 1256 });
  });
});

/** Evidence with nothing against the reading. */
const EVIDENCE: ReadingEvidence = {
  axisSide: 'right',
  panes: 1,
  labelsRead: [],
  inliers: [],
  residual: 0.01,
  onStep: true,
  labelSpan: 0.8,
  lastBeyondLabels: 0,
  seriesInsideLabels: 1,
  lastSource: 'tag',
  lastGap: 0.02,
  marginInk: 0.05,
  quality: 0.9,
  bars: 80,
  seriesTags: [],
  tagVerdict: 'agrees',
  closeMarked: true,
  unexplainedMarks: 0,
  pricePastEnd: 0,
};

describe('refuseUnsure', () => {
  const evidence = EVIDENCE;
  const refusal = (e: ReadingEvidence) => {
    try {
      refuseUnsure(e);
      return null;
    } catch (error) {
      return error as EngineError;
    }
  };

  it('answers a reading with nothing against it', () => {
    expect(refusal(evidence)).toBeNull();
    expect(refusal({ ...evidence, tagVerdict: 'no-tag', lastGap: 0.14 })).toBeNull();
  });

  it("refuses, saying why, when the axis's last-price tag is out of the last bars' reach", () => {
    const error = refusal({ ...evidence, tagVerdict: 'contradicts', closeMarked: false });
    expect(error?.code).toBe('UNSURE_READING');
    expect(error?.message).toBe(UNSURE_REASONS.tagDisagrees);
    // A box on the axis at the last bar's close is the last price: the tag no bar reaches is an order's.
    expect(refusal({ ...evidence, tagVerdict: 'contradicts', closeMarked: true })).toBeNull();
    // A price line alone is no such mark: a line at the plot's edge can pass for one.
    expect(
      refusal({ ...evidence, tagVerdict: 'contradicts', lastSource: 'price-line', closeMarked: false }),
    ).not.toBeNull();
  });

  it('refuses, saying why, when the last bar ends far from the axis', () => {
    // Ink after it (5% of the margin), and no box on the axis at its close.
    const error = refusal({ ...evidence, tagVerdict: 'no-tag', lastSource: 'bar', lastGap: 0.3, closeMarked: false });
    expect(error?.code).toBe('UNSURE_READING');
    expect(error?.message).toBe(UNSURE_REASONS.lastBarAway);
  });

  it('takes labels huddled in a small part of the plot for no axis (a table column), so another column is tried', () => {
    expect(refusal({ ...evidence, labelSpan: 0.06 })?.code).toBe('AXIS_UNREADABLE');
    expect(refusal({ ...evidence, labelSpan: 0.37 })).toBeNull();
  });

  it('refuses an unconfirmed last close more than a label step beyond the labels (another pane), saying why', () => {
    expect(refusal({ ...evidence, lastSource: 'bar', lastBeyondLabels: 1.56 })?.message).toBe(
      UNSURE_REASONS.lastOutsideLabels,
    );
    expect(refusal({ ...evidence, lastSource: 'bar', lastBeyondLabels: 31 })?.code).toBe('UNSURE_READING');
    expect(refusal({ ...evidence, lastSource: 'bar', lastBeyondLabels: 1 })).toBeNull();
    // The axis's own tag through the last bar vouches for it.
    expect(refusal({ ...evidence, lastSource: 'tag', lastBeyondLabels: 1.56 })).toBeNull();
    // A box it was read from, at its close (a phone's sparse labels, a new high): up to three steps.
    expect(refusal({ ...evidence, lastSource: 'box', lastBeyondLabels: 2.2 })).toBeNull();
    expect(refusal({ ...evidence, lastSource: 'box', lastBeyondLabels: 3.4 })?.message).toBe(
      UNSURE_REASONS.lastOutsideLabels,
    );
  });

  it("refuses, saying why, when most of the series lies outside the labels read (a sub-window's scale)", () => {
    const error = refusal({ ...evidence, seriesInsideLabels: 0.52 });
    expect(error?.code).toBe('UNSURE_READING');
    expect(error?.message).toBe(UNSURE_REASONS.seriesOutsideLabels);
    // Sparse labels of a rendered chart keep two thirds of its series inside them.
    expect(refusal({ ...evidence, seriesInsideLabels: 0.68 })).toBeNull();
  });

  it('refuses, saying why, when the labels spread past the plot found (the plot is not their pane)', () => {
    expect(refusal({ ...evidence, labelSpan: 1.3 })?.message).toBe(UNSURE_REASONS.labelsPastPlot);
    expect(refusal({ ...evidence, labelSpan: 1.09 })).toBeNull();
  });

  it('gives every answered reading a confidence, its weakest term, and each term', () => {
    const c = readingConfidence({
      ...evidence,
      lastSource: 'bar',
      tagVerdict: 'no-tag',
      lastGap: 0.14,
      closeMarked: false,
    });
    expect(c.weakest).toBe('lastBarAway');
    expect(c.value).toBeCloseTo(0.6, 5);
    expect(c.terms.tagAgreement).toBe(1);
    expect(refuseUnsure(evidence)).toEqual(readingConfidence(evidence));
    expect(readingConfidence(evidence).value).toBe(1);
  });

  it('refuses a reading whose axis prints a price past its end (a tag pinned there)', () => {
    // Pushed to stay on the axis, a tag stands within half its height of its price.
    expect(refusal({ ...evidence, pricePastEnd: 0.4 })).toBeNull();
    expect(refusal({ ...evidence, pricePastEnd: 6 })?.message).toBe(UNSURE_REASONS.priceOutOfView);
  });

  it('answers a last bar far from the axis that a tag or price line through it confirms', () => {
    expect(refusal({ ...evidence, tagVerdict: 'no-tag', lastSource: 'price-line', lastGap: 0.3 })).toBeNull();
    expect(refusal({ ...evidence, tagVerdict: 'agrees', lastSource: 'tag', lastGap: 0.3 })).toBeNull();
    // Boxes on the axis beside the latest bars that a last close from the bar leaves unexplained.
    expect(refusal({ ...evidence, lastSource: 'bar', tagVerdict: 'no-tag', unexplainedMarks: 1 })?.message).toBe(
      UNSURE_REASONS.marksBesideLast,
    );
    // Far from the axis with nothing after it where later bars would be: MetaTrader's chart shift.
    expect(
      refusal({ ...evidence, lastSource: 'bar', tagVerdict: 'no-tag', lastGap: 0.25, marginInk: 0.001 }),
    ).toBeNull();
    // Not with the axis on the left: the empty stretch runs to a frame or the picture's edge.
    expect(
      refusal({
        ...evidence,
        axisSide: 'left',
        lastSource: 'bar',
        tagVerdict: 'no-tag',
        lastGap: 0.25,
        marginInk: 0.001,
      })?.message,
    ).toBe(UNSURE_REASONS.lastBarAway);
    // A box within the last bar's range is only as good as that bar: far from the axis with most
    // of the rows after it covered (a panel over later bars), refused.
    expect(
      refusal({ ...evidence, lastSource: 'box', tagVerdict: 'no-tag', lastGap: 0.4, marginInk: 0.6 })?.message,
    ).toBe(UNSURE_REASONS.lastBarAway);
    // A box at its close (MetaTrader's bid) and some ink in the chart shift (objects' labels, a
    // drawing's end): the last bar is the latest. Without the box, the same ink refuses it.
    for (const marginInk of [0.03, 0.2]) {
      const shifted = { ...evidence, lastSource: 'box', tagVerdict: 'no-tag', lastGap: 0.25, marginInk } as const;
      expect(refusal(shifted)).toBeNull();
      expect(refusal({ ...shifted, lastSource: 'bar', closeMarked: false })?.message).toBe(UNSURE_REASONS.lastBarAway);
    }
  });
});

describe('a small screenshot', () => {
  afterAll(async () => {
    await terminateOcr();
  });

  it('is read at twice its size when no axis is found in it (axis digits of 5-6 px after a downscale)', async () => {
    const spec = chartSpecs(12, 40)[2]!;
    const { image, truth } = await renderChart(spec);
    const { width = 0 } = await sharp(image).metadata();
    // A 1920 px chart as a forum keeps it: 864 px wide, recompressed.
    const small = await sharp(image)
      .resize({ width: Math.round(width * 0.45) })
      .jpeg({ quality: 80 })
      .toBuffer();
    const reading = await readChart(small);
    const last = reading.candles[reading.candles.length - 1]!.close;
    expect(Math.abs(last - truth.lastPrice) / (truth.high - truth.low)).toBeLessThan(0.01);
    // Reported in the screenshot's own pixels.
    expect(reading.image.width).toBe(Math.round(width * 0.45));
    expect(reading.plot.right).toBeLessThanOrEqual(reading.image.width);
  }, 30_000);

  it('is read at twice its size when OCR reads its small labels as no scale', async () => {
    // A 1280 px chart at half size: its labels are found, but read '150000' for '176.000'.
    const spec = chartSpecs(12, 40)[1]!;
    const { image, truth } = await renderChart(spec);
    const small = await sharp(image).resize({ width: 640 }).jpeg({ quality: 80 }).toBuffer();
    const reading = await readChart(small);
    const last = reading.candles[reading.candles.length - 1]!.close;
    expect(Math.abs(last - truth.lastPrice) / (truth.high - truth.low)).toBeLessThan(0.01);
  }, 30_000);
});

describe('shrinkReading', () => {
  it('maps a reading of an image twice as large back to the image: same prices at the same places', () => {
    // On the large image, price = -0.001 * y + 2; row 101 there is row 50.25 here.
    const large = {
      candles: [],
      kind: 'candles' as const,
      scale: { slope: -0.001, intercept: 2, precision: 4, inliers: [], onStep: true },
      plot: { left: 0, top: 20, right: 1000, bottom: 800 },
      image: { width: 1200, height: 900 },
      textHeight: 12,
      timings: { decode: 0, axis: 0, candles: 0 },
      trace: { attempts: [], rule: null, confidence: 1, attempt: 0 },
      evidence: {
        ...EVIDENCE,
        confidence: readingConfidence(EVIDENCE),
        labelsRead: [{ y: 101, text: '1.8990' }],
        inliers: [{ y: 101, value: 1.899 }],
      },
    };
    const small = shrinkReading(large, 2, { width: 600, height: 450 });
    const priceAt = (y: number) => small.scale.slope * y + small.scale.intercept;
    expect(priceAt(50.25)).toBeCloseTo(1.899, 9);
    expect(small.plot).toEqual({ left: 0, top: 10, right: 500, bottom: 400 });
    expect(small.image).toEqual({ width: 600, height: 450 });
    expect(small.textHeight).toBe(6);
    expect(small.evidence.inliers[0]?.y).toBe(50);
  });
});

describe('paneOfLabels', () => {
  // Labels every 100 full-image pixels from row 200 to 500, read at half size (f = 2).
  const fit = {
    slope: -0.0001,
    intercept: 1.2,
    precision: 4,
    onStep: true,
    inliers: [200, 300, 400, 500].map((y) => ({ y, value: 1.2 - 0.0001 * y, decimals: 4, digits: 5 })),
  };

  it("is the labels' rows and a step's margin each side, within the plot", () => {
    // A box running from a panel above (row 0) to a volume pane below (row 450 in work pixels).
    const pane = paneOfLabels(fit, 100, 2, { left: 10, top: 0, right: 400, bottom: 450 });
    expect(pane?.top).toBeCloseTo(45, -0.5);
    expect(pane?.bottom).toBeCloseTo(305, -0.5);
    expect(pane).toMatchObject({ left: 10, right: 400 });
  });

  it('is null when the plot is already the pane', () => {
    expect(paneOfLabels(fit, 100, 2, { left: 10, top: 50, right: 400, bottom: 300 })).toBeNull();
    expect(paneOfLabels(fit, 0, 2, { left: 10, top: 0, right: 400, bottom: 450 })).toBeNull();
  });
});

describe('takesPane', () => {
  // The whole plot's last bar 1.05 label steps past the labels (a legend's icon above the pane):
  // weak (0.75), not refused.
  const whole: ReadingEvidence = { ...EVIDENCE, lastSource: 'bar', lastBeyondLabels: 1.05, closeMarked: false };

  it("takes the labels' pane for a reading the whole plot only weakly supports, when the pane's is stronger", () => {
    expect(readingConfidence(whole).value).toBeGreaterThan(0.5);
    expect(takesPane(whole, { ...whole, lastBeyondLabels: 0.1 })).toBe(true);
    expect(takesPane(whole, { ...whole, lastBeyondLabels: 0.1, lastGap: 0.125 })).toBe(false);
  });

  it("takes it for a reading that would be refused, but not for a last bar in the pane's margin", () => {
    const refused = { ...whole, lastBeyondLabels: 2 };
    expect(takesPane(refused, { ...whole, lastBeyondLabels: 0.3 })).toBe(true);
    expect(takesPane(refused, { ...whole, lastBeyondLabels: 0.8 })).toBe(false);
    expect(takesPane(refused, { ...whole, lastSource: 'tag', lastBeyondLabels: 0.8 })).toBe(true);
  });
});

describe('minorityOnLine', () => {
  const inliers = (n: number) => Array.from({ length: n }, (_, i) => ({ y: i * 40, value: 100 - i, decimals: 0 }));

  it('takes a line through a minority of the labels read for no axis, on a round step or not (three misread alike)', () => {
    expect(minorityOnLine({ inliers: inliers(3), onStep: true }, 7)).toBe('3 of 7 labels on a line, on the steps');
    expect(minorityOnLine({ inliers: inliers(3), onStep: false }, 38)).toMatch(/off the steps/);
  });

  it('keeps a line through half the labels or more, or on the steps through a third or more (a small JPEG read right)', () => {
    expect(minorityOnLine({ inliers: inliers(4), onStep: true }, 8)).toBeNull();
    expect(minorityOnLine({ inliers: inliers(6), onStep: false }, 6)).toBeNull();
    expect(minorityOnLine({ inliers: inliers(6), onStep: true }, 13)).toBeNull();
    expect(minorityOnLine({ inliers: inliers(6), onStep: false }, 13)).not.toBeNull();
  });
});

describe('labels OCR misread', () => {
  afterAll(async () => {
    await terminateOcr();
  });

  it('repairs a round line through only three of seven labels (zeros read as 6 or 8) before taking it for no axis', async () => {
    // Read as 2890.00, 2680.00, 2070.08, 2060.00, 2050.00, 2640.00, 2036.00: three on a line.
    const spec = chartSpecs(19, 1001, [1920, 1080, 1])[18]!;
    const { image, truth } = await renderChart(spec);
    const reading = await readChart(image);
    const last = reading.candles[reading.candles.length - 1]!.close;
    expect(Math.abs(last - truth.lastPrice) / (truth.high - truth.low)).toBeLessThan(0.01);
    expect(reading.evidence.inliers.length * 2).toBeGreaterThanOrEqual(reading.evidence.labelsRead.length);
  }, 30_000);
});

describe('a column of numbers that is no axis', () => {
  it("takes a column whose numbers go up and down for a table's, not an axis", () => {
    // A strategy tester's 'Profit factor' column, top to bottom.
    const column = [1.81, 1.81, 1.81, 1.81, 2.1, 2.07, 1.81, 1.78, 1.46, 1.39, 1.73, 1.38, 1.73, 2.13, 1.97, 1.31];
    expect(fallingShare(column.map((value, i) => ({ y: 59 + 20 * i, value })))).toBeLessThan(0.6);
    // An axis with two labels misread still falls.
    const axis = [1.09, 1.085, 1.8, 1.075, 1.07, 1.065, 1.06, 1.955];
    expect(fallingShare(axis.map((value, i) => ({ y: 20 + 40 * i, value })))).toBeGreaterThanOrEqual(0.6);
  });
});

describe('looksPhotographed', () => {
  const picture = (pixel: (x: number, y: number) => [number, number, number]) => {
    const width = 200;
    const height = 100;
    const data = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(pixel(x, y), (y * width + x) * 3);
    return { width, height, data };
  };

  it("tells a chart's flat fill or smooth gradient from a photograph's textured, shaded background", () => {
    // A dark chart: flat background with a candle every 10 px.
    const chart = picture((x, y) => (x % 10 < 3 && y > 30 && y < 60 ? [38, 166, 154] : [19, 23, 34]));
    expect(flatness(chart, [19, 23, 34]).flat).toBeGreaterThan(0.6);
    expect(looksPhotographed(chart, [19, 23, 34])).toBe(false);
    // A chart on a gradient (a theme's background): few pixels are the background's colour, but
    // each is as its neighbours are.
    const gradient = picture((x, y) => [20 + Math.floor(x / 3), 24 + Math.floor(y / 4), 40]);
    expect(flatness(gradient, [40, 30, 40]).flat).toBeLessThan(0.2);
    expect(looksPhotographed(gradient, [40, 30, 40])).toBe(false);
    // A granite table top under a lamp: speckles on a gradient.
    let seed = 7;
    const noise = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 24;
    const photo = picture((x) => {
      const v = 150 + x * 0.3 + noise();
      return [v, v, v + 4];
    });
    expect(looksPhotographed(photo, [180, 180, 184])).toBe(true);
  });
});

describe('a dense track as flat as a line', () => {
  /**
   * A crypto bot's chart of thousands of bars: a column each, as short as a line is thick, under
   * the bot's title; the axis on the right, with the last price's tag in the up colour or none.
   */
  async function flatDense(withTag: boolean): Promise<{ image: Buffer; last: number }> {
    const width = 1140;
    const height = 560;
    const row = (p: number) => 500 - ((p - 19000) / 12000) * 420;
    let seed = 7;
    const noise = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31 - 0.5) * 6;
    const bars: string[] = [];
    let y = row(20000);
    for (let x = 60; x < 1075; x++) {
      const to = Math.round(row(20000 + 9000 * ((x - 60) / 1015) ** 2) + noise());
      const colour = to <= y ? '#00aa00' : '#f93a36';
      bars.push(
        `<rect x="${x}" y="${Math.min(y, to) - 2}" width="1" height="${Math.abs(to - y) + 4}" fill="${colour}"/>`,
      );
      y = to;
    }
    const last = 19000 + ((500 - y) / 420) * 12000;
    const labels: string[] = [];
    for (let p = 19000; p <= 31000; p += 1000) {
      labels.push(`<text x="1088" y="${row(p) + 4}" font-family="sans-serif" font-size="11" fill="#333">${p}</text>`);
    }
    const tag = withTag
      ? `<rect x="1081" y="${y - 9}" width="59" height="18" fill="#00aa00"/><text x="1086" y="${y + 4}" font-family="sans-serif" font-size="11" fill="#fff">${last.toFixed(0)}</text>`
      : '';
    const svg = `<svg width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg"><rect width="${width}" height="${height}" fill="#fff"/><text x="80" y="70" font-family="sans-serif" font-size="13" fill="#111">binance_margin - BTCUSDT - dca_dipper - 15m</text>${bars.join('')}<line x1="1080" x2="1080" y1="60" y2="510" stroke="#333"/>${labels.join('')}${tag}</svg>`;
    return { image: await sharp(Buffer.from(svg)).png().toBuffer(), last };
  }

  it("is read as the price when the chart's tag in its colour stands at its end, and is no chart without one", async () => {
    const tagged = await flatDense(true);
    const reading = await readChart(tagged.image);
    expect(Math.abs(reading.candles[reading.candles.length - 1]!.close - tagged.last) / 12000).toBeLessThan(0.005);
    // The same track alone could be an equity curve.
    await expect(readChart((await flatDense(false)).image)).rejects.toMatchObject({ code: 'NOT_A_CHART' });
  }, 30_000);
});

describe('tagEndsTrack', () => {
  const plot = { left: 0, top: 0, right: 1000, bottom: 500 };
  const track = (lastX: number) => [
    { x: lastX - 6, open: 200, high: 190, low: 210, close: 200 },
    { x: lastX, open: 200, high: 95, low: 210, close: 100 },
  ];
  const tag = { y: 100, fill: [0, 170, 0] as [number, number, number], lines: 1 as const };

  it("takes a track whose very last bar, at the plot's right edge, reaches the one tag in its colours", () => {
    expect(tagEndsTrack(track(995), { verdict: 'agrees', tags: [tag] }, plot)).toBe(true);
  });

  it('takes no track the tag ends short of its end, nor one scrolled back from the edge, nor beside two tags', () => {
    expect(tagEndsTrack(track(995), { verdict: 'trimmed', tags: [tag] }, plot)).toBe(false);
    expect(tagEndsTrack(track(900), { verdict: 'agrees', tags: [tag] }, plot)).toBe(false);
    expect(tagEndsTrack(track(995), { verdict: 'agrees', tags: [tag, { ...tag, y: 300 }] }, plot)).toBe(false);
  });
});
