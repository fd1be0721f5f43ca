/**
 * One thread of the engine pool (engine-pool.ts): reads charts with the offline engine off the
 * server's event loop. Each thread keeps its own OCR worker, and decodes with one libvips thread,
 * so a pool of N threads uses about N cores whatever it is reading.
 */
import sharp from 'sharp';
import type { AnalysisSettings } from '../../../shared/analysis';
import { analyzeChart, CorrectionRejected, EngineError, locateChart, warmEngine } from '../../../engine';
import { refusalData, type EngineTask, type EngineTaskResult } from './engine-pool';

sharp.concurrency(1);
// The OCR worker starts with the thread, so the first analysis does not wait for it.
const warm = warmEngine().catch(() => undefined);

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export default async function run(task: EngineTask): Promise<EngineTaskResult> {
  await warm;
  try {
    if (task.kind === 'locate') return { ok: true, kind: 'locate', value: await locateChart(asBuffer(task.image)) };
    const { correction } = task;
    const value = await analyzeChart(asBuffer(task.image), task.settings as AnalysisSettings, correction ? { correction } : {});
    return { ok: true, kind: 'analyze', value };
  } catch (error) {
    // Errors lose their class on the way back to the main thread: the engine's are sent as data.
    if (error instanceof EngineError) return { ok: false, error: refusalData(error) };
    if (error instanceof CorrectionRejected) return { ok: false, rejected: error.message };
    throw error;
  }
}
