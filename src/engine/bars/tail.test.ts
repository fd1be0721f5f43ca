import { describe, expect, it } from 'vitest';
import {
  clearEdgeTags,
  continuesPast,
  dropDetachedTail,
  dropIsolated,
  dropStrayLast,
  dropTopLineTail,
  isolatedPieces,
} from './tail.js';
import { grid, show } from './test/masks.js';

describe('clearEdgeTags', () => {
  it('clears a tag against the right edge and keeps the candle its price line joins to it', () => {
    const { cells, w } = grid([
      '..#...........',
      '..#...........',
      '.###......####',
      '.###......####',
      '.#############',
      '..#.......####',
      '..#.......####',
      '..#...........',
    ]);
    clearEdgeTags(cells, w, 8);
    expect(show(cells, w)).toEqual([
      '..#...........',
      '..#...........',
      '.###..........',
      '.###..........',
      '.#########....',
      '..#...........',
      '..#...........',
      '..#...........',
    ]);
  });

  it('does not follow a line that runs into the right edge across the plot', () => {
    // A line 60 px long reaching the edge: only the last 15% of the plot's width is cleared.
    const candle = ['..#', '.###', '#'.repeat(60), '.###', '..#'].map((r) => r.padEnd(60, '.'));
    const { cells, w } = grid(candle);
    clearEdgeTags(cells, w, 5);
    expect(show(cells, w)).toEqual(candle.map((r, y) => (y === 2 ? '#'.repeat(51).padEnd(60, '.') : r)));
  });

  it('leaves the plot alone when nothing touches the right edge', () => {
    const rows = ['..#......', '.###..#..', '.###.###.', '..#...#..'];
    const { cells, w } = grid(rows);
    clearEdgeTags(cells, w, 4);
    expect(show(cells, w)).toEqual(rows);
  });
});

describe('dropStrayLast', () => {
  // Rows grow downwards: high < low. Twelve bars 30 rows tall, each opening at the last close.
  const series = (): { high: number; low: number }[] =>
    Array.from({ length: 12 }, (_, i) => ({ high: 300 + 10 * i, low: 330 + 10 * i }));

  it('drops a last piece standing well clear of the bar before it (a crosshair end at the axis)', () => {
    const bars = [...series(), { high: 100, low: 102 }];
    dropStrayLast(bars);
    expect(bars).toHaveLength(12);
  });

  it('keeps a last bar clear of the one before it when it is taller than a line (that one may be junk)', () => {
    const bars = [...series(), { high: 100, low: 130 }];
    dropStrayLast(bars);
    expect(bars).toHaveLength(13);
  });

  it("drops a last piece far taller than the bars before it that stands apart from them (a ruler's box)", () => {
    const ruler = [...series(), { high: 200, low: 290 }];
    dropStrayLast(ruler);
    expect(ruler).toHaveLength(12);
    // A news bar as tall opens where the last bar closed: it touches it, and stays.
    const news = [...series(), { high: 330, low: 440 }];
    dropStrayLast(news);
    expect(news).toHaveLength(13);
    // A session's opening bar gaps a few pixels from the last close: it stays too.
    const opening = [...series(), { high: 445, low: 560 }];
    dropStrayLast(opening);
    expect(opening).toHaveLength(13);
  });

  it('keeps a last bar that touches the one before it, however small', () => {
    const bars = [...series(), { high: 439, low: 440 }];
    dropStrayLast(bars);
    expect(bars).toHaveLength(13);
  });

  it('drops a last piece far right of the series, however tall (a crosshair line by the axis), and keeps one a few spacings on', () => {
    const placed = series().map((b, i) => ({ ...b, x: 100 + 5 * i }));
    const far = [...placed, { x: 240, high: 300, low: 500 }];
    dropStrayLast(far);
    expect(far).toHaveLength(12);
    // Three bars missed before the last one: still the series.
    const near = [...placed, { x: 175, high: 420, low: 450 }];
    dropStrayLast(near);
    expect(near).toHaveLength(13);
  });

  it("drops the few pieces past a hole at the end (a platform's buttons in the plot's corner), not a stretch of bars", () => {
    const placed = series().map((b, i) => ({ ...b, x: 100 + 5 * i }));
    const buttons = [
      { x: 240, high: 10, low: 16 },
      { x: 250, high: 10, low: 16 },
      { x: 258, high: 10, low: 16 },
    ];
    const withButtons = [...placed, ...buttons];
    dropStrayLast(withButtons);
    expect(withButtons).toEqual(placed);
    // Four bars past a hole are the series resuming (bars the detection missed), kept.
    const resumed = [...placed, ...[0, 1, 2, 3].map((k) => ({ x: 200 + 5 * k, high: 420, low: 450 }))];
    dropStrayLast(resumed);
    expect(resumed).toHaveLength(16);
  });
});

describe('dropDetachedTail', () => {
  // Rows grow downwards: high < low. A series wandering by touching bars 30 rows tall.
  const series = (n = 40): { high: number; low: number }[] =>
    Array.from({ length: n }, (_, i) => {
      const top = 400 + Math.round(60 * Math.sin(i / 4));
      return { high: top, low: top + 30 };
    });

  it("drops a run of pieces far clear of the series at its end (a toolbar's buttons in the plot's corner)", () => {
    const buttons = Array.from({ length: 8 }, () => ({ high: 5, low: 26 }));
    const bars = [...series(), ...buttons];
    dropDetachedTail(bars);
    expect(bars).toEqual(series());
  });

  it('drops text and a thin marker below the last bars together', () => {
    const bars = [...series(), { high: 900, low: 908 }, { high: 640, low: 643 }, { high: 902, low: 910 }];
    dropDetachedTail(bars);
    expect(bars).toEqual(series());
  });

  it("drops a long run of a box's stripes (a legend box at the plot's corner), up to two dozen pieces", () => {
    const stripes = Array.from({ length: 17 }, () => ({ high: 20, low: 68 }));
    const bars = [...series(), ...stripes];
    dropDetachedTail(bars);
    expect(bars).toEqual(series());
  });

  it('keeps a last bar that breaks out, however tall, while it starts near the bars before it', () => {
    const bars = [...series(), { high: 200, low: 460 }];
    dropDetachedTail(bars);
    expect(bars).toHaveLength(41);
  });

  it('keeps a gap the series itself is used to (a market that gaps at every session)', () => {
    // Every other bar 200 rows clear of its neighbours: a last bar 170 rows clear of the bars
    // before it is within the series' habits, though well past three bar heights.
    const gapping = series().map((b, i) => ({ high: b.high + (i % 2) * 230, low: b.low + (i % 2) * 230 }));
    const last = gapping[gapping.length - 1]!;
    const bars = [...gapping, { high: last.high - 230 - 200, low: last.low - 230 - 200 }];
    dropDetachedTail(bars);
    expect(bars).toHaveLength(41);
  });
});

describe('isolatedPieces and dropIsolated', () => {
  // Rows grow downwards: high < low. Forty bars 30 rows tall, each opening at the last close.
  const series = (): { high: number; low: number }[] =>
    Array.from({ length: 40 }, (_, i) => ({ high: 300 + 10 * (i % 10), low: 330 + 10 * (i % 10) }));

  it("drops one or two pieces standing far clear of both neighbours that nearly touch (a toolbar's icon, a volume bar)", () => {
    const bars = series();
    const icon = { high: 20, low: 40 };
    const volume = [
      { high: 700, low: 720 },
      { high: 690, low: 720 },
    ];
    bars.splice(23, 0, ...volume);
    bars.splice(8, 0, icon);
    expect(isolatedPieces(bars).filter(Boolean)).toHaveLength(3);
    dropIsolated(bars);
    expect(bars).toEqual(series());
  });

  it("keeps a spike bar, which reaches its neighbours, and a gap that holds (the bars after it don't come back)", () => {
    const spike = series();
    spike.splice(10, 0, { high: 100, low: 340 });
    expect(isolatedPieces(spike).some(Boolean)).toBe(false);
    const gap = series().map((b, i) => (i >= 15 ? { high: b.high - 200, low: b.low - 200 } : b));
    expect(isolatedPieces(gap).some(Boolean)).toBe(false);
  });

  it('leaves a series alone when many pieces are isolated: two series mixed (another pane), for the pane reading', () => {
    const bars = series();
    for (const at of [35, 25, 20, 15, 10, 5]) bars.splice(at, 0, { high: 700, low: 720 });
    const before = bars.map((b) => ({ ...b }));
    dropIsolated(bars);
    expect(bars).toEqual(before);
  });
});

describe('continuesPast', () => {
  // Bars 10 px apart, 30 rows tall, rising 10 rows a bar (rows grow downwards).
  const rally = Array.from({ length: 20 }, (_, i) => ({ x: 100 + 10 * i, high: 500 - 10 * i, low: 530 - 10 * i }));

  it("says the series goes on past a pane's last bar when the next bar touches it (a rally above the labels)", () => {
    expect(continuesPast(rally, rally[12]!)).toBe(true);
  });

  it("says it does not when what lies past stands apart (a legend's icon above the pane) or nothing does", () => {
    const icon = [...rally.slice(0, 13), { x: 240, high: 20, low: 40 }];
    expect(continuesPast(icon, rally[12]!)).toBe(false);
    expect(continuesPast(rally, rally[19]!)).toBe(false);
  });

  it("says it goes on when the next bar crosses the pane's edge, however far from the pane's last bar", () => {
    // The pane's last bar as the pane cut it: a piece far below the bar after it, which crosses
    // the pane's top (row 390) as the rally leaves the labels' pane.
    const piece = { x: 220, high: 470, low: 480 };
    expect(continuesPast(rally, piece)).toBe(false);
    expect(continuesPast(rally, piece, { top: 390, bottom: 700 })).toBe(true);
    // A volume bar below the pane, wholly outside it, stands apart.
    const volume = [...rally.slice(0, 13), { x: 230, high: 720, low: 760 }];
    expect(continuesPast(volume, rally[12]!, { top: 300, bottom: 700 })).toBe(false);
  });
});

describe('dropTopLineTail', () => {
  // Rows grow downwards: high < low. The plot's top is row 100, the text 8 rows tall, so its top
  // line reaches row 122.4. Twelve bars rallying from row 315 to row 135.
  const rally = (): { high: number; low: number }[] =>
    Array.from({ length: 12 }, (_, i) => ({ high: 300 - 15 * i, low: 315 - 15 * i }));

  it("drops a run of pieces in the plot's top line that the bar before does not touch (an Expert Advisor's name and icon)", () => {
    const bars = [...rally(), { high: 105, low: 113 }, { high: 103, low: 113 }, { high: 105, low: 113 }];
    dropTopLineTail(bars, 100, 8);
    expect(bars).toEqual(rally());
  });

  it('keeps a last bar that runs on from the bar before it into the top line (a rally to the top)', () => {
    const bars = [...rally(), { high: 110, low: 136 }, { high: 102, low: 112 }];
    dropTopLineTail(bars, 100, 8);
    expect(bars).toHaveLength(14);
  });

  it('keeps a series that lies in the top line already (a flat market under the header), and pieces below the line', () => {
    const flat = Array.from({ length: 14 }, () => ({ high: 104, low: 112 }));
    dropTopLineTail(flat, 100, 8);
    expect(flat).toHaveLength(14);
    // Its foot past the line's (row 122.4).
    const below = [...rally(), { high: 119, low: 126 }];
    dropTopLineTail(below, 100, 8);
    expect(below).toHaveLength(13);
  });

  it('drops no more than a name and an icon: a longer run in the top line is left to the other checks', () => {
    const long = [...rally(), ...Array.from({ length: 17 }, () => ({ high: 105, low: 113 }))];
    dropTopLineTail(long, 100, 8);
    expect(long).toHaveLength(29);
  });
});
