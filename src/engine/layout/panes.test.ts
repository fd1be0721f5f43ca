import { describe, expect, it } from 'vitest';
import { mainPaneLabels } from './panes.js';
import { BG, canvas, word } from './test/pictures.js';

describe('mainPaneLabels', () => {
  const bg = [...BG] as [number, number, number];
  const strip = { left: 560, right: 600, top: 10, bottom: 290 };
  const labels = [10, 40, 70, 100, 130].map((top) => word(560, 600, top, top + 8, 6));

  it('keeps the labels at even steps and leaves a word far below them out (a table header under a window chart)', () => {
    const header = word(560, 600, 280, 288, 7);
    const found = mainPaneLabels(canvas(600, 300), bg, [...labels, header], strip);
    expect(found.labels.map((w) => w.top)).toEqual([10, 40, 70, 100, 130]);
    expect(found.panes).toBe(1);
  });

  it('leaves strays out of a short axis, at its foot or its top', () => {
    const three = labels.slice(0, 3);
    const foot = mainPaneLabels(
      canvas(600, 600),
      bg,
      [...three, word(560, 600, 300, 308, 7), word(560, 600, 500, 508, 7)],
      strip,
    );
    expect(foot.labels.map((w) => w.top)).toEqual([10, 40, 70]);
    const shifted = [300, 330, 360].map((top) => word(560, 600, top, top + 8, 6));
    const top = mainPaneLabels(canvas(600, 600), bg, [word(560, 600, 20, 28, 5), ...shifted], strip);
    expect(top.labels.map((w) => w.top)).toEqual([300, 330, 360]);
  });

  it('keeps a label after a gap of a step or two, where a tag hid the labels between', () => {
    const lower = word(560, 600, 220, 228, 6);
    const found = mainPaneLabels(canvas(600, 300), bg, [...labels, lower], strip);
    expect(found.labels).toHaveLength(6);
  });
});
