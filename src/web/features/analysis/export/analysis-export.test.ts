/**
 * What the PNG card and the PDF print, read from the calls the PNG makes on its canvas and from
 * the PDF's own text operators. The browser's canvas and picture decoding are stand-ins here:
 * the card's layout is drawn on a context that records the text it is asked to paint.
 */
import { decodePDFRawStream, PDFDocument, PDFRawStream, PDFStream } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analysisResultOf, analysisSettingsOf, chartFactsOf } from '../../../test/factories';
import { analysisPdf, analysisPng, type ExportableAnalysis } from './analysis-export';

/** A 2 x 2 white JPEG: what the stand-in canvas hands the PDF as the annotated chart. */
const JPEG =
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAf/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKAAD//Z';

let painted: string[] = [];

/** A 2D context that keeps what it is set to, records fillText, measures 9 px a character and ignores the rest. */
function recordingContext(): CanvasRenderingContext2D {
  const state: Record<string | symbol, unknown> = {
    measureText: (text: string) => ({ width: text.length * 9 }),
    fillText: (text: string) => painted.push(text),
  };
  return new Proxy(state, {
    get: (target, prop) => (prop in target ? target[prop] : () => undefined),
    set: (target, prop, value) => {
      target[prop] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
}

class StandInImage {
  src = '';
  naturalWidth = 1000;
  naturalHeight = 500;
  decode = () => Promise.resolve();
}

beforeEach(() => {
  painted = [];
  const canvas = () => ({
    width: 0,
    height: 0,
    getContext: recordingContext,
    toBlob: (done: (blob: Blob | null) => void) => done(new Blob(['png'], { type: 'image/png' })),
    toDataURL: () => `data:image/jpeg;base64,${JPEG}`,
  });
  vi.stubGlobal('document', { createElement: canvas });
  vi.stubGlobal('Image', StandInImage);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const analysisOf = (overrides: Partial<ExportableAnalysis>): ExportableAnalysis => ({
  createdAt: '2026-03-02T10:15:00.000Z',
  settings: analysisSettingsOf(),
  result: analysisResultOf(),
  chart: chartFactsOf(),
  imageSrc: 'blob:chart',
  ...overrides,
});

/** The PDF's text, one line per text operator, as a reader copying it would get it. */
async function pdfText(blob: Blob): Promise<string> {
  const pdf = await PDFDocument.load(new Uint8Array(await blob.arrayBuffer()));
  const lines: string[] = [];
  for (const page of pdf.getPages()) {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFStream ? [contents] : (contents?.asArray().map((ref) => pdf.context.lookup(ref)) ?? []);
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const ops = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      for (const match of ops.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g))
        lines.push(match[1]?.replace(/\\(.)/g, '$1') ?? '');
    }
  }
  return lines.join(' ');
}

const corrected = analysisOf({
  result: analysisResultOf({ setByTrader: { scale: true, lastPrice: 1.0853 } }),
  chart: chartFactsOf({ precision: 5 }),
});
const SENTENCE =
  'Set by you: the price scale (from the two prices you marked on the axis) and the last price (1.08530). PipLens read the candles against them.';

describe('the PNG card', () => {
  it('prints the “set by you” sentence for an analysis the trader corrected', async () => {
    await analysisPng(corrected);
    expect(painted.join(' ')).toContain(SENTENCE);
  });

  it('prints no such sentence otherwise', async () => {
    await analysisPng(analysisOf({}));
    expect(painted.join(' ')).toContain('Position sizing');
    expect(painted.join(' ')).not.toContain('Set by you');
  });
});

describe('the PDF', () => {
  it('prints the “set by you” sentence as text for an analysis the trader corrected', async () => {
    expect(await pdfText(await analysisPdf(corrected))).toContain(SENTENCE);
  });

  it('prints no such sentence otherwise', async () => {
    const text = await pdfText(await analysisPdf(analysisOf({})));
    expect(text).toContain('Position sizing');
    expect(text).not.toContain('Set by you');
  });
});
