import { describe, expect, it } from 'vitest';
import { stageLayer, type DebugTrace } from './debug.js';

const trace: DebugTrace = {
  image: { width: 800, height: 400 },
  axis: { side: 'right', strip: { left: 740, top: 10, right: 790, bottom: 380 }, words: [] },
  plot: { left: 0, top: 0, right: 735, bottom: 390 },
  labels: [
    { box: { left: 740, top: 40, right: 790, bottom: 52 }, text: '1.0850', inlier: true },
    { box: { left: 740, top: 90, right: 790, bottom: 102 }, text: '1.0B40', inlier: false },
  ],
  bars: [{ x: 700, open: 200, high: 180, low: 230, close: 190 }],
  last: { y: 190, price: 1.0812, source: 'tag' },
  outcome: 'answered',
};

describe('stageLayer', () => {
  it('draws each stage on its own: labels read at the axis stage, bars at the bars stage, the last price last', () => {
    const axis = stageLayer(trace, 'axis');
    expect(axis).toContain('1.0850');
    expect(axis).toContain('#ff1744'); // the label the fit left out
    expect(axis).not.toContain('last 1.0812');
    const bars = stageLayer(trace, 'bars');
    expect(bars).toContain('<line x1="700" y1="180" x2="700" y2="230"');
    expect(bars).not.toContain('1.0850');
    expect(stageLayer(trace, 'last-price')).toContain('last 1.0812 (tag)');
  });

  it('escapes what OCR read', () => {
    expect(stageLayer({ ...trace, labels: [{ box: trace.plot!, text: '<&>', inlier: true }] }, 'axis')).toContain('&lt;&amp;&gt;');
  });
});
