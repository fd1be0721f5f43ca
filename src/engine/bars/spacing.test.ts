import { describe, expect, it } from 'vitest';
import { barPeriod, barSpacing, evenPieces } from './spacing.js';

/** Column profile of pieces drawn as boxes of the given height. */
const profile = (pieces: { left: number; right: number; height?: number }[], width: number): number[] => {
  const columns = new Array<number>(width).fill(0);
  for (const p of pieces) for (let x = p.left; x <= p.right; x++) columns[x] = (columns[x] ?? 0) + (p.height ?? 10);
  return columns;
};

describe('barPeriod', () => {
  it('finds the bar spacing when bodies are broken into fragments', () => {
    // Bars every 10.5 px, each 6 px wide; about half of them broken into two thin fragments.
    let seed = 7;
    const random = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const pieces = Array.from({ length: 40 }, (_, i) => {
      const left = Math.round(5 + i * 10.5);
      return random() < 0.5
        ? [
            { left, right: left + 1 },
            { left: left + 4, right: left + 5 },
          ]
        : [{ left, right: left + 5 }];
    }).flat();
    expect(barPeriod(profile(pieces, 440))).toBeCloseTo(10.5, 0);
  });

  it('finds the spacing of OHLC bars whose ticks join them into one staircase', () => {
    // Stems 30 px tall every 6.6 px, ticks of 1 px filling the columns between them.
    const columns = Array.from({ length: 400 }, (_, x) => (Math.abs(((x + 0.5) % 6.6) - 3.3) < 0.5 ? 30 : 1));
    expect(barPeriod(columns)).toBeCloseTo(6.6, 0);
  });

  it('finds a fractional spacing, not the multiple where the rounding cancels', () => {
    // One-pixel stems every 12.57 px fall 12 or 13 columns apart.
    const pieces = Array.from({ length: 60 }, (_, i) => {
      const left = Math.round(6 + i * 12.57);
      return { left, right: left };
    });
    expect(barPeriod(profile(pieces, 770))).toBeCloseTo(12.57, 0);
  });

  it('finds the spacing of wide bodies, whose neighbouring columns are alike', () => {
    const pieces = Array.from({ length: 30 }, (_, i) => ({
      left: 4 + i * 31,
      right: 4 + i * 31 + 22,
      height: 10 + ((i * 7) % 13) * 5,
    }));
    expect(barPeriod(profile(pieces, 960))).toBeCloseTo(31, 0);
  });

  /** 20 px hollow bodies every 29 px: sides and wick 30 px tall, the inside only top and bottom edge. */
  const hollowColumns = (): number[] =>
    Array.from({ length: 900 }, (_, x) => {
      const at = x % 29;
      return at === 0 || at === 10 || at === 20 ? 30 : at < 20 ? 2 : 0;
    });

  it('finds the spacing of hollow bodies, not the distance between their sides and wick', () => {
    // The columns alone repeat every third of the spacing; each body is one piece.
    const columns = hollowColumns();
    const bodies = Array.from({ length: 31 }, (_, i) => ({
      left: i * 29,
      right: i * 29 + 20,
      top: 0,
      bottom: 29,
      pixels: 130,
    }));
    expect(barPeriod(columns)).toBeCloseTo(29 / 3, 0);
    expect(barSpacing(columns, [], bodies)).toBeCloseTo(29, 0);
  });

  it('finds the spacing of hollow bodies from the bodies, however many wick fragments lie between them', () => {
    // As above, and a wick cut off by an overlay line beside every other body: small pieces
    // three or four columns wide, which alone would make the widths look irregular.
    const columns = hollowColumns();
    const bodies = Array.from({ length: 31 }, (_, i) => ({ left: i * 29, right: i * 29 + 20, top: 0, bottom: 29 }));
    const pieces = bodies.flatMap((b, i) => [
      { ...b, pixels: 130 },
      ...(i % 2 ? [] : [{ left: b.left + 9, right: b.left + 11 + (i % 4 ? 1 : 0), top: 40, bottom: 44, pixels: 8 }]),
    ]);
    expect(barSpacing(columns, [], pieces)).toBeCloseTo(29, 0);
  });

  it('takes the wicks for the spacing when the edges repeat at no whole fraction of it', () => {
    // Touching bodies: their edges repeat every 4.7 px; a wick every 6.36 px, which the edges
    // also show.
    const spikes = (every: number, height: number, width: number): number[] => {
      const columns = new Array<number>(width).fill(0);
      for (let x = 2; x < width; x += every) columns[Math.round(x)] = height;
      return columns;
    };
    const edges = spikes(4.7, 30, 1200);
    const wicks = spikes(6.36, 20, 1200);
    const columns = edges.map((v, x) => v + (wicks[x] ?? 0) + 5);
    expect(barSpacing(columns, wicks, [])).toBeCloseTo(6.36, 1);
  });

  it('keeps the spacing of runs of touching bars as wide as their distance, however evenly they stand', () => {
    // A dense chart halved: bars every 9.25 px, joined four by four into pieces 36 px wide, 37 apart.
    const columns = Array.from({ length: 1200 }, (_, x) => (Math.abs((x % 9.25) - 4.6) < 0.6 ? 40 : 8));
    const pieces = Array.from({ length: 32 }, (_, i) => ({
      left: i * 37,
      right: i * 37 + 35,
      top: 0,
      bottom: 40,
      pixels: 900,
    }));
    expect(barSpacing(columns, [], pieces)).toBeCloseTo(9.25, 0);
  });

  it('keeps the spacing of touching bars, whose pieces hold several bars each', () => {
    // Stems every 8 px joined by ticks into pieces of 2 to 5 bars.
    const columns = Array.from({ length: 800 }, (_, x) => (x % 8 === 4 ? 40 : 3));
    const sizes = [2, 5, 3, 2, 4, 3, 5, 2, 3, 4, 2, 5, 3, 4, 2, 3, 5, 2, 4, 3];
    let left = 0;
    const pieces = sizes.map((bars) => {
      const piece = { left, right: left + bars * 8 - 2, top: 0, bottom: 40, pixels: bars * 60 };
      left += bars * 8;
      return piece;
    });
    expect(barSpacing(columns, [], pieces)).toBeCloseTo(8, 0);
  });

  it('finds the spacing of a zoomed-in chart of twelve candles from its pieces', () => {
    const bodies = Array.from({ length: 12 }, (_, i) => ({
      left: 10 + i * 60,
      right: 50 + i * 60,
      height: 40 + ((i * 17) % 5) * 30,
    }));
    const pieces = bodies.map((b) => ({ ...b, top: 0, bottom: b.height - 1, pixels: 41 * b.height }));
    expect(barSpacing(profile(bodies, 740), [], pieces)).toBeCloseTo(60, 0);
  });

  it('keeps the spacing of bars touching in runs, however evenly the runs stand', () => {
    // Eight runs of 30 touching bars 5 px apart (a dense chart halved), 155 px from run to run:
    // fewer pieces than a chart has bars, so their distance is no spacing.
    const bars = Array.from({ length: 8 }, (_, run) =>
      Array.from({ length: 30 }, (_, i) => ({
        left: 10 + run * 155 + i * 5,
        right: 13 + run * 155 + i * 5,
        height: 20 + ((i * 7 + run * 3) % 11) * 6,
      })),
    ).flat();
    const pieces = Array.from({ length: 8 }, (_, run) => ({
      left: 10 + run * 155,
      right: 158 + run * 155,
      top: 0,
      bottom: 79,
      pixels: 149 * 50,
    }));
    expect(barSpacing(profile(bars, 1260), [], pieces)).toBeCloseTo(5, 0);
  });

  it("takes the wicks' spacing when the edges repeat only every few bars", () => {
    // Touching bodies every 6.4 px, drawn on whole pixels: the edges' profile has a heavier
    // column every fifth bar, where the rounding repeats; the wicks stand in every bar.
    let seed = 11;
    const random = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const columns = new Array<number>(900).fill(0);
    const thin = new Array<number>(900).fill(0);
    let price = 150;
    for (let i = 0; i < 135; i++) {
      const left = Math.round(i * 6.4);
      const right = Math.round((i + 1) * 6.4) - 1;
      const close = Math.max(60, Math.min(240, price + (random() - 0.5) * 40));
      const body = Math.round(Math.abs(close - price)) + 2;
      const wick = Math.round(random() * 20) + Math.round(random() * 20);
      price = close;
      for (let x = left; x <= right; x++) columns[x] = (columns[x] ?? 0) + body;
      const mid = Math.round((left + right) / 2);
      columns[mid] = (columns[mid] ?? 0) + wick;
      thin[mid] = wick;
      if (i % 5 === 0) for (const x of [left, left + 1]) columns[x] = (columns[x] ?? 0) + 25;
    }
    expect(barPeriod(columns)).toBeCloseTo(32, 0);
    expect(barSpacing(columns, thin, [])).toBeCloseTo(6.4, 0);
  });

  it("keeps the edges' spacing when the thin strokes are the three of each outlined body", () => {
    // Bodies 21 px wide every 30 px; their sides and wick are thin strokes every 10 px, which
    // the edges' profile shows too, weaker than the bodies.
    const stroke = (x: number): boolean => x >= 5 && x <= 895 && (x - 5) % 10 === 0;
    const thin = Array.from({ length: 910 }, (_, x) => (stroke(x) ? 20 : 0));
    const columns = Array.from({ length: 910 }, (_, x) =>
      x < 5 || x > 895 ? 0 : ((x - 5) % 30 <= 20 ? 10 : 0) + (stroke(x) ? 8 : 0),
    );
    expect(barPeriod(thin)).toBeCloseTo(10, 0);
    expect(barSpacing(columns, thin, [])).toBeCloseTo(30, 0);
  });

  it('gives 0 when nothing repeats', () => {
    expect(barPeriod(profile([{ left: 0, right: 200 }], 220))).toBe(0);
  });
});

describe('evenPieces', () => {
  /** Hollow bodies 7 px wide every 8.37 px, one piece each. */
  const bodies = Array.from({ length: 60 }, (_, i) => {
    const left = Math.round(4 + i * 8.37);
    return { left, right: left + 6, top: 0, bottom: 30, pixels: 60 };
  });

  it('takes the pieces for the spacing when the profile gave no whole multiple of it', () => {
    expect(evenPieces(31.8, bodies)).toBeCloseTo(8.37, 1);
  });

  it('keeps a whole multiple (a bar broken into evenly spaced parts) and a period the pieces do not contradict', () => {
    expect(evenPieces(25.1, bodies)).toBe(25.1);
    expect(evenPieces(8.4, bodies)).toBe(8.4);
    // Pieces at irregular distances say nothing.
    const uneven = bodies.map((b, i) => ({ ...b, left: b.left + (i % 3) * 2, right: b.right + (i % 3) * 2 }));
    expect(evenPieces(31.8, uneven)).toBe(31.8);
  });
});
