/**
 * Per-pixel work maps reused from one image to the next. Allocating a dozen fresh maps of
 * several MB per image left the freed memory to the allocator (typed arrays live outside the
 * JS heap, so garbage collection ran late) and resident memory crept up image after image.
 * Borrowing the same buffers keeps the engine's working set flat.
 *
 * Each analysis runs inside `withScratch`, which lends it a set of buffers no other analysis
 * uses at the same time, so analyses may overlap (the OCR step awaits). Within one analysis a
 * borrowed view is valid until the same key is borrowed again.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

type ScratchSet = Map<string, ArrayBuffer>;

/** Larger buffers (huge images) are handed out once and not kept, so they cannot pin memory. */
const MAX_KEPT_BYTES = 16 * 1024 * 1024;
/** Sets kept between analyses: one per analysis that ran at the same time, up to this many. */
const MAX_IDLE_SETS = 2;
const idle: ScratchSet[] = [];
const session = new AsyncLocalStorage<ScratchSet>();
/** For stage functions called on their own (tests, probes): one shared set. */
const loose: ScratchSet = new Map();

export async function withScratch<T>(fn: () => Promise<T>): Promise<T> {
  const set = idle.pop() ?? new Map<string, ArrayBuffer>();
  try {
    return await session.run(set, fn);
  } finally {
    if (idle.length < MAX_IDLE_SETS) idle.push(set);
  }
}

function borrow(key: string, bytes: number): ArrayBuffer {
  const kept = session.getStore() ?? loose;
  const have = kept.get(key);
  if (have && have.byteLength >= bytes) return have;
  const buffer = new ArrayBuffer(bytes);
  if (bytes <= MAX_KEPT_BYTES) kept.set(key, buffer);
  else kept.delete(key);
  return buffer;
}

export const scratchU8 = (key: string, length: number, fill = 0): Uint8Array =>
  new Uint8Array(borrow(key, length), 0, length).fill(fill);

/** A byte buffer the caller overwrites whole (a decoded picture's pixels): not cleared first. */
export const scratchU8Unfilled = (key: string, length: number): Uint8Array =>
  new Uint8Array(borrow(key, length), 0, length);

export const scratchU32 = (key: string, length: number): Uint32Array =>
  new Uint32Array(borrow(key, length * 4), 0, length).fill(0);

export const scratchF64 = (key: string, length: number): Float64Array =>
  new Float64Array(borrow(key, length * 8), 0, length).fill(0);

export const scratchI32 = (key: string, length: number, fill = 0): Int32Array =>
  new Int32Array(borrow(key, length * 4), 0, length).fill(fill);

/** Bytes currently held, for the benchmark's memory report. */
export function scratchBytes(): number {
  let sum = 0;
  for (const set of [...idle, loose]) for (const b of set.values()) sum += b.byteLength;
  return sum;
}
