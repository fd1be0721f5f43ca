/**
 * When the browser shrinks a chart before upload (issue 6, measured by `npm run bench:reencode`).
 *
 * Only PNG captures of HiDPI laptop size are shrunk: at least 1600 px high (taller than common
 * monitors at 1x), wider than 1920 px, and resized to 1920 px by a factor of at least 0.6. Why:
 * - their axis text is drawn at 2x and stays legible at 1920 px; 1x shots (2560x1440, 3440x1440)
 *   resized to 1920 px lose axis numbers to OCR, so they go as they are;
 * - the engine reads candles on at most 2000 columns (shrinking wider images itself by a whole
 *   factor), so a 2160 px result reads fewer bars than the original; 1920 px keeps them all;
 * - 4K and larger would need a factor under 0.6, which loses the numbers of 4K at 150 %: left alone.
 * The result is PNG (lossless; JPEG artefacts cost candles) and is kept only when it saves at least
 * 30 %. JPEG uploads are left alone: as PNG they grew 1.4x-3.4x.
 * Pure numbers, no DOM: the bench simulates the browser with these same parameters.
 */
export const REENCODE = {
  sourceType: 'image/png',
  minHeight: 1600,
  width: 1920,
  minScale: 0.6,
  type: 'image/png',
  minSaving: 0.3,
} as const;

/** The size to resize to, or null when the image goes as it is. */
export function reencodeTarget(type: string, width: number, height: number): { width: number; height: number } | null {
  const scale = REENCODE.width / width;
  if (type !== REENCODE.sourceType || height < REENCODE.minHeight || scale >= 1 || scale < REENCODE.minScale) return null;
  return { width: REENCODE.width, height: Math.round(height * scale) };
}

/** Keep the re-encoded file only when it is much smaller. */
export const worthSending = (originalBytes: number, reencodedBytes: number) =>
  reencodedBytes <= originalBytes * (1 - REENCODE.minSaving);
