import sharp from 'sharp';

/** `image` (the chart's size) with SVG `shapes` drawn over it. */
export async function drawOver(image: Buffer, shapes: string): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const svg = `<svg width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg">${shapes}</svg>`;
  return sharp(image)
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toBuffer();
}

export const box = (left: number, top: number, width: number, height: number, fill: string) =>
  `<rect x="${left}" y="${top.toFixed(1)}" width="${width}" height="${height.toFixed(1)}" fill="${fill}"/>`;
