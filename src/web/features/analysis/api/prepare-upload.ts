import { REENCODE, reencodeTarget, worthSending } from './reencode-policy';

const prepared = new WeakMap<Blob, Promise<Blob>>();

async function reencode(file: Blob): Promise<Blob> {
  if (file.type !== REENCODE.sourceType) return file;
  const probe = await createImageBitmap(file);
  const target = reencodeTarget(file.type, probe.width, probe.height);
  probe.close();
  if (!target) return file;
  const bitmap = await createImageBitmap(file, { resizeWidth: target.width, resizeHeight: target.height, resizeQuality: 'high' });
  const canvas = document.createElement('canvas');
  canvas.width = target.width;
  canvas.height = target.height;
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
  bitmap.close();
  const smaller = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, REENCODE.type));
  return smaller && worthSending(file.size, smaller.size) ? smaller : file;
}

/**
 * The bytes to upload for a chart: a wide screenshot resized to what the engine reads and
 * re-encoded when that saves a lot (reencode-policy.ts), else the file itself. Any failure
 * (an old browser, a canvas error) falls back to the original; the server checks it either way.
 * The same file always gives the same bytes, so the server's 24-hour dedupe still recognises it.
 */
export function prepareUpload(file: Blob): Promise<Blob> {
  let result = prepared.get(file);
  if (!result) {
    result = typeof createImageBitmap === 'function' ? reencode(file).catch(() => file) : Promise.resolve(file);
    prepared.set(file, result);
  }
  return result;
}
