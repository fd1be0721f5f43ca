// `node scripts/icons.mjs`: the app icons of the web app manifest (src/web/public/icons), drawn from
// src/web/public/favicon.svg with sharp. Run it again after changing the favicon; the PNGs are committed.
import { mkdir, readFile } from 'node:fs/promises';
import sharp from 'sharp';

const PUBLIC = 'src/web/public';
const favicon = await readFile(`${PUBLIC}/favicon.svg`, 'utf8');
const rect = /<rect\b[^>]*fill="([^"]+)"/.exec(favicon);
const glyph = /<path\b[^>]*\/>/.exec(favicon)?.[0];
if (!rect || !glyph) throw new Error('favicon.svg: expected a <rect> background and one <path> glyph');
const [, background] = rect;

/**
 * The glyph on a full square of the favicon's colour, scaled about the centre: a maskable icon keeps
 * everything inside the central circle that every platform's mask leaves (40% of the size as radius).
 */
const fullBleed = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${background}"/>` +
  `<g transform="translate(16 16) scale(${scale}) translate(-16 -16)">${glyph}</g></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  { file: 'maskable-512.png', size: 512, svg: fullBleed(0.6) },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(0.8) },
];

await mkdir(`${PUBLIC}/icons`, { recursive: true });
for (const { file, size, svg } of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`${PUBLIC}/icons/${file}`);
  console.log(`${PUBLIC}/icons/${file} (${size}x${size})`);
}
