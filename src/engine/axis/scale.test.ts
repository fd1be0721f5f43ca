import { describe, expect, it } from 'vitest';
import { oscillatorLevels, repairGlyph } from './read-axis.js';
import { fitScale, niceStep, parseLabel, repairDecimals, subPipZero, upperScale, zeroReadAs } from './scale.js';

describe('parseLabel', () => {
  it('reads decimals, thousands separators and decimal commas', () => {
    expect(parseLabel('1.08500')).toEqual({ value: 1.085, decimals: 5 });
    expect(parseLabel('2,034.50')).toEqual({ value: 2034.5, decimals: 2 });
    expect(parseLabel('1,0850')).toEqual({ value: 1.085, decimals: 4 });
    expect(parseLabel('12,500')).toEqual({ value: 12500, decimals: 0 });
    expect(parseLabel('abc')).toBeNull();
  });

  it('reads no price from a label that starts at its point: its whole part was lost', () => {
    expect(parseLabel('.11485')).toBeNull();
    expect(parseLabel(',5')).toBeNull();
    // A speck read as a point before a number with its own point.
    expect(parseLabel('.1.08500')).toEqual({ value: 1.085, decimals: 5 });
  });
});

describe('repairDecimals', () => {
  it('puts back a decimal point OCR dropped', () => {
    const labels = repairDecimals([
      { y: 10, text: '1.08600' },
      { y: 50, text: '108500' },
      { y: 90, text: '1.08400' },
    ]);
    expect(labels.map((l) => l.value)).toEqual([1.086, 1.085, 1.084]);
  });

  it('drops a label with a digit inserted after the point when most labels agree on the decimals', () => {
    const labels = repairDecimals([
      { y: 10, text: '1.12000' },
      { y: 50, text: '1.110660' },
      { y: 90, text: '1.10000' },
      { y: 130, text: '1.09000' },
    ]);
    expect(labels.map((l) => l.value)).toEqual([1.12, 1.1, 1.09]);
  });

  it('keeps labels printed without trailing zeros', () => {
    const labels = repairDecimals([
      { y: 10, text: '1.3' },
      { y: 50, text: '1.25' },
      { y: 90, text: '1.2' },
      { y: 130, text: '1.15' },
      { y: 170, text: '1.1' },
    ]);
    expect(labels.map((l) => l.value)).toEqual([1.3, 1.25, 1.2, 1.15, 1.1]);
  });

  it('drops a label without a point that lost digits, on an axis that prints trailing zeros', () => {
    // '2020.00' read as '2000': on the line through 2040 and 2030 it would stand 20 too low.
    const labels = repairDecimals([
      { y: 343, text: '2040.00' },
      { y: 364, text: '2030.00' },
      { y: 414, text: '2000' },
    ]);
    expect(labels.map((l) => l.value)).toEqual([2040, 2030]);
    // Labels without a point on an axis that prints none, or leaves its zeros off, stay, and so
    // do a sub-window's whose numbers are of another length (a volume pane's).
    for (const texts of [
      ['1.0850', '1.0840', '2000'],
      ['2040', '2030', '2020'],
      ['1.25', '1.2', '2'],
    ])
      expect(repairDecimals(texts.map((text, i) => ({ y: 10 + 20 * i, text }))).length, texts.join(' ')).toBe(3);
  });
});

describe('fitScale', () => {
  it('fits labels and ignores a price tag and a misread', () => {
    const labels = [
      { y: 100, value: 1.09, decimals: 5 },
      { y: 200, value: 1.08, decimals: 5 },
      { y: 300, value: 1.07, decimals: 5 },
      { y: 400, value: 1.06, decimals: 5 },
      { y: 180, value: 1.0911, decimals: 5 }, // last-price tag elsewhere on the axis
      { y: 250, value: 7.075, decimals: 3 }, // misread
    ];
    const fit = fitScale(labels, 4);
    expect(fit).not.toBeNull();
    expect(fit?.slope).toBeCloseTo(-0.0001, 8);
    expect(fit?.intercept).toBeCloseTo(1.1, 6);
    expect(fit?.inliers).toHaveLength(4);
    expect(fit?.precision).toBe(5);
  });

  it('prefers labels on a round step to more labels misread with the same inserted digit', () => {
    // Labels every 36 px, 0.1 apart. OCR read four of seven as '152.5600' for '152.500' and so
    // on: they lie on a parallel line 0.06 off and outnumber the three read right.
    const labels = [
      { y: 22.5, value: 152.7, decimals: 3 },
      { y: 166.5, value: 152.3, decimals: 3 },
      { y: 309.5, value: 151.96, decimals: 4 },
      { y: 488.5, value: 151.46, decimals: 4 },
      { y: 596.5, value: 151.1, decimals: 3 },
      { y: 918.5, value: 150.26, decimals: 4 },
      { y: 1026.5, value: 149.96, decimals: 4 },
    ];
    expect(fitScale(labels, 8)?.inliers).toHaveLength(4);
    const fit = fitScale(labels, 8, 36);
    expect(fit?.inliers.map((l) => l.value)).toEqual([152.7, 152.3, 151.1]);
    expect(fit?.intercept).toBeCloseTo(152.7 + (0.1 / 36) * 22.5, 2);
    // '152.5300' for '152.500': 0.03 off, near enough for one tilted line to run through all seven
    // labels, but tens of units of their last decimal off their printed prices.
    const nearer = labels.map((l) => (l.decimals === 4 ? { ...l, value: Number((l.value - 0.03).toFixed(2)) } : l));
    expect(fitScale(nearer, 8, 36)?.inliers.map((l) => l.value)).toEqual([152.7, 152.3, 151.1]);
  });

  it("takes MetaTrader's labels, a pitch apart whatever the price, over the few of them that sit on a round step", () => {
    // A label every 28.5 px, each the price at its row to four digits (one hidden under a tag):
    // about 0.0005 a pitch, the round step, yet only 0.8560, 0.8550 and 0.8545 are its multiples,
    // on a line of their own a few pixels off the one through all nine.
    const read: [number, number][] = [
      [44, 0.8591],
      [72, 0.8586],
      [101, 0.8581],
      [129, 0.8576],
      [157, 0.8571],
      [185, 0.8566],
      [214, 0.856],
      [270, 0.855],
      [298, 0.8545],
    ];
    const labels = read.map(([y, value]) => ({ y, value, decimals: 4 }));
    const fit = fitScale(labels, 3, 28.5);
    expect(fit?.inliers).toHaveLength(9);
    expect(fit?.onStep).toBe(false);
    expect(fit && fit.slope * 242 + fit.intercept).toBeCloseTo(0.8555, 4);
  });

  it('counts labels on a round step with the last-price tag among them', () => {
    // Read right: 1.10, 1.08, 1.07 and the tag 1.0726 on the same line; misread '1.0' as '1.6':
    // 1.695, 1.685, 1.655, a parallel line of three labels all on the step.
    const labels = [
      { y: 6, value: 1.1, decimals: 5 },
      { y: 55.5, value: 1.695, decimals: 5 },
      { y: 155.5, value: 1.685, decimals: 5 },
      { y: 205.5, value: 1.08, decimals: 5 },
      { y: 280, value: 1.0726, decimals: 5 },
      { y: 305.5, value: 1.07, decimals: 5 },
      { y: 455.5, value: 1.655, decimals: 5 },
    ];
    expect(fitScale(labels, 8, 50)?.intercept).toBeCloseTo(1.1006, 4);
  });

  it('rounds a step to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceStep(0.0998)).toBeCloseTo(0.1, 10);
    expect(niceStep(0.0051)).toBeCloseTo(0.005, 10);
    expect(niceStep(24.6)).toBeCloseTo(25, 10);
    expect(niceStep(0.0037)).toBeNull();
  });

  it('refuses fewer than three consistent labels', () => {
    expect(
      fitScale(
        [
          { y: 1, value: 2, decimals: 0 },
          { y: 2, value: 1, decimals: 0 },
        ],
        3,
      ),
    ).toBeNull();
  });
});

describe('zeroReadAs', () => {
  // 0.66400, 0.66300, ... with the monospaced zero before the last read as 6 on every label.
  const read = [
    { y: 68, text: '0.66460' },
    { y: 147, text: '0.66360' },
    { y: 225, text: '0.66260' },
    { y: 460, text: '0.65960' },
    { y: 539, text: '0.65860' },
  ];

  it('puts the zero back where every label has a 6, and the fit is on its round steps again', () => {
    expect(fitScale(repairDecimals(read), 4, 78.5)?.onStep).toBe(false);
    const fit = fitScale(repairDecimals(zeroReadAs(read, 1)), 4, 78.5);
    expect(fit?.onStep).toBe(true);
    expect(fit?.slope).toBeCloseTo(-0.001 / 78.5, 7);
    expect(fit && fit.slope * 68 + fit.intercept).toBeCloseTo(0.664, 5);
  });

  it('puts the zeros back where some labels have a 6 and others an 8 there', () => {
    // 0.67800, 0.67400 ... 0.66000, labels 48.5 px apart, read by OCR from a JPEG.
    const mixed = [
      { y: 25, text: '0.67860' },
      { y: 122, text: '0.67480' },
      { y: 170, text: '0.67260' },
      { y: 219, text: '0.67080' },
      { y: 267, text: '0.66860' },
      { y: 316, text: '0.66660' },
      { y: 364, text: '0.66460' },
      { y: 462, text: '0.66080' },
    ];
    const raw = fitScale(repairDecimals(mixed), 4, 48.5);
    expect(raw?.onStep).toBe(false);
    // The sixes alone leave the eights off the line: fewer labels than the raw fit holds.
    expect(fitScale(repairDecimals(zeroReadAs(mixed, 1)), 4, 48.5)?.inliers.length).toBeLessThan(
      raw?.inliers.length ?? 0,
    );
    const fit = fitScale(repairDecimals(zeroReadAs(mixed, 1, '68')), 4, 48.5);
    expect(fit?.onStep).toBe(true);
    expect(fit?.inliers.length).toBeGreaterThanOrEqual(raw?.inliers.length ?? Infinity);
    expect(fit && fit.slope * 25 + fit.intercept).toBeCloseTo(0.678, 4);
  });

  it('changes only a 6 at that place', () => {
    expect(zeroReadAs([{ y: 1, text: '1.0865' }], 0)).toEqual([{ y: 1, text: '1.0865' }]);
    expect(zeroReadAs([{ y: 1, text: '1.0865' }], 1)).toEqual([{ y: 1, text: '1.0805' }]);
    expect(zeroReadAs([{ y: 1, text: '1.0885' }], 1)).toEqual([{ y: 1, text: '1.0885' }]);
    expect(zeroReadAs([{ y: 1, text: '1.0885' }], 1, '68')).toEqual([{ y: 1, text: '1.0805' }]);
  });
});

describe('upperScale', () => {
  const labels = (rows: [number, string][]) => repairDecimals(rows.map(([y, text]) => ({ y, text })));

  it("takes the price pane's scale when an indicator pane below repeats the range in the same column", () => {
    // TradeStation: the price pane's labels, then an indicator pane printing the same prices.
    const both = labels([
      [97, '4,550.0'],
      [140, '4,450.0'],
      [225, '4,250.0'],
      [292, '4,550.00'],
      [326, '4,450.00'],
      [394, '4,250.00'],
    ]);
    const fit = upperScale(both, 4, 42);
    expect(fit?.inliers.map((l) => l.y)).toEqual([97, 140, 225]);
    // Fitting all six, the lower pane's tighter labels win: the wrong pane.
    expect(fitScale(both, 4, 42)?.inliers.map((l) => l.y)).toEqual([292, 326, 394]);
  });

  it('takes the prices over a volume pane whose numbers are larger', () => {
    const fit = upperScale(
      labels([
        [100, '0.00154'],
        [200, '0.00152'],
        [300, '0.00150'],
        [400, '0.00148'],
        [520, '40000'],
        [560, '30000'],
        [600, '20000'],
      ]),
      4,
      100,
    );
    expect(fit?.inliers.map((l) => l.value)).toEqual([0.00154, 0.00152, 0.0015, 0.00148]);
  });

  it('leaves one axis alone, and a misread label makes no pane of its own', () => {
    const one = labels([
      [10, '1.10'],
      [50, '1.09'],
      [90, '1.08'],
      [130, '1.07'],
    ]);
    expect(upperScale(one, 4, 40)).toBeNull();
    const misread = labels([
      [10, '1.10'],
      [50, '1.09'],
      [90, '1.08'],
      [130, '1.97'],
      [170, '1.06'],
      [210, '1.05'],
    ]);
    expect(upperScale(misread, 4, 40)).toBeNull();
  });
});

describe('subPipZero', () => {
  const labels = (values: number[], decimals: number) => values.map((value, i) => ({ y: i * 50, value, decimals }));

  it("puts back cTrader's small last zero, read as the same digit on every label", () => {
    const read = labels([1.34209, 1.34009, 1.33709], 5);
    expect(subPipZero(read).map((l) => l.value)).toEqual([1.342, 1.34, 1.337]);
  });

  it('keeps labels that all end in 5 at a step of 5, and a last digit that differs', () => {
    const fives = labels([1.0825, 1.0875, 1.0925], 4);
    expect(subPipZero(fives)).toEqual(fives);
    const mixed = labels([1.34209, 1.34008, 1.33709], 5);
    expect(subPipZero(mixed)).toEqual(mixed);
    // MetaTrader steps its labels by the chart's pixels: 60 points, all ending in 5.
    const metaTrader = labels([1.08245, 1.08185, 1.08125, 1.08065], 5);
    expect(subPipZero(metaTrader)).toEqual(metaTrader);
  });
});

describe('oscillatorLevels', () => {
  const values = (...v: number[]) => v.map((value) => ({ value }));

  it("takes a stochastic's and an RSI's levels for what they are", () => {
    expect(oscillatorLevels(values(100, 80, 20, 0))).toBe(true);
    expect(oscillatorLevels(values(100, 70, 30, 0))).toBe(true);
    expect(oscillatorLevels(values(80, 50, 20))).toBe(false);
    expect(oscillatorLevels(values(70, 50, 30, 0))).toBe(true);
  });

  it('keeps an even step, prices beyond the levels and two labels', () => {
    // A market priced between 0 and 100 steps evenly.
    expect(oscillatorLevels(values(100, 80, 60, 40, 20, 0))).toBe(false);
    expect(oscillatorLevels(values(100, 50, 0))).toBe(false);
    expect(oscillatorLevels(values(110, 80, 20))).toBe(false);
    expect(oscillatorLevels(values(80.5, 20, 0))).toBe(false);
    expect(oscillatorLevels(values(80, 20))).toBe(false);
  });
});

describe('repairGlyph', () => {
  const fitAxis = (parsed: Parameters<typeof fitScale>[0]) => upperScale(parsed, 4, 100) ?? fitScale(parsed, 4, 100);
  const fitOf = (read: { y: number; text: string }[]) => repairGlyph(fitAxis(repairDecimals(read)), read, fitAxis, 100);

  /** A phone's axis of three labels, the bid's box over the middle one's top: "2035.00" read "7035.00". */
  const read3 = () => [
    { y: 100, text: '2040.00' },
    { y: 200, text: '7035.00' },
    { y: 300, text: '2030.00' },
  ];

  it('reads a label one digit of which a tag over it made OCR misread as the price its row on the step gives', () => {
    const read = read3();
    expect(fitAxis(repairDecimals(read))).toBeNull();
    const fit = fitOf(read);
    expect(fit?.inliers.map((l) => l.value)).toEqual([2040, 2035, 2030]);
    expect(fit!.slope * 250 + fit!.intercept).toBeCloseTo(2032.5, 6);
  });

  it('repairs no label two digits off, off the lattice, or too short to weigh one digit in', () => {
    const twoOff = [
      { y: 100, text: '2040.00' },
      { y: 200, text: '7075.00' },
      { y: 300, text: '2030.00' },
    ];
    expect(fitOf(twoOff)).toBeNull();
    const offLattice = [
      { y: 100, text: '2040.00' },
      { y: 160, text: '7035.00' },
      { y: 300, text: '2030.00' },
    ];
    expect(fitOf(offLattice)).toBeNull();
    const short = [
      { y: 100, text: '140' },
      { y: 200, text: '180' },
      { y: 300, text: '120' },
    ];
    expect(fitOf(short)).toBeNull();
    // One label off the line besides it: a column read badly, read again at twice the size instead.
    const badly = [...read3(), { y: 400, text: '9999.99' }];
    expect(fitOf(badly)).toBeNull();
  });
});
