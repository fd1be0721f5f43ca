import type { AnalysisResult, AnalysisSettings, ChartFacts } from '../../../../shared/analysis';
import { BRAND } from '../../../../shared/constants';
import { overlayLines } from '../components/overlay-lines';

export interface ExportableAnalysis {
  createdAt: string;
  settings: AnalysisSettings;
  result: AnalysisResult;
  chart: ChartFacts | null;
  /** The chart picture: the trader's own file for a fresh analysis, the stored thumbnail otherwise. */
  imageSrc: string;
}

const MIN_WIDTH = 960;
const MAX_WIDTH = 1600;
const PAD = 40;
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
const INK = '#0f172a';
const MUTED = '#475569';
const TREND_COLOURS: Record<AnalysisResult['trend'], string> = { uptrend: '#15803d', downtrend: '#b91c1c', sideways: '#ca8a04' };
const ACTION_COLOURS: Record<AnalysisResult['recommendedAction'], string> = { buy: '#15803d', sell: '#b91c1c', wait: '#a16207' };
const confidenceColour = (c: number) => (c >= 80 ? '#15803d' : c >= 60 ? '#a16207' : '#b91c1c');

export function exportFileName(createdAt: string, extension: 'png' | 'json'): string {
  const stamp = createdAt.slice(0, 16).replace('T', '-').replace(':', '');
  return `${BRAND.toLowerCase()}-analysis-${stamp}.${extension}`;
}

/** The analysis as a self-describing JSON document. */
export function analysisJson(analysis: ExportableAnalysis): string {
  const { createdAt, settings, result, chart } = analysis;
  return `${JSON.stringify({ format: `${BRAND.toLowerCase()}-analysis`, version: 1, createdAt, settings, result, chart }, null, 2)}\n`;
}

function wrap(ctx: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (ctx.measureText(next).width > width && line) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    lines.push(line);
  }
  return lines;
}

async function loadImage(src: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.src = src;
  await image.decode();
  return image;
}

/**
 * Draws the annotated chart with its result card under it, the way the dashboard shows them.
 * Run twice over the same layout: once to measure the card's height, once to paint.
 */
export async function analysisPng(analysis: ExportableAnalysis): Promise<Blob> {
  const { result, chart, settings, createdAt } = analysis;
  const image = await loadImage(analysis.imageSrc);
  const width = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, image.naturalWidth));
  const chartHeight = Math.round((width * image.naturalHeight) / Math.max(1, image.naturalWidth));
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas is not available');

  const layoutCard = (paint: boolean): number => {
    let y = chartHeight + PAD;
    const text = (value: string, x: number, size: number, colour = INK, weight = 400) => {
      ctx.font = `${weight} ${size}px ${FONT}`;
      ctx.fillStyle = colour;
      if (paint) ctx.fillText(value, x, y);
    };
    const paragraph = (value: string, size: number, colour = MUTED, indent = 0) => {
      ctx.font = `400 ${size}px ${FONT}`;
      for (const line of wrap(ctx, value, width - 2 * PAD - indent)) {
        y += size * 1.45;
        text(line, PAD + indent, size, colour);
      }
    };

    y += 28;
    text(`${BRAND} chart analysis`, PAD, 28, INK, 700);
    ctx.font = `700 18px ${FONT}`;
    const badge = result.trend.toUpperCase();
    const badgeWidth = ctx.measureText(badge).width + 28;
    if (paint) {
      ctx.fillStyle = TREND_COLOURS[result.trend];
      ctx.beginPath();
      ctx.roundRect(width - PAD - badgeWidth, y - 26, badgeWidth, 36, 18);
      ctx.fill();
    }
    text(badge, width - PAD - badgeWidth + 14, 18, '#ffffff', 700);
    y += 30;
    text(`${settings.timeFrame} chart · risk/reward 1:${settings.riskReward} · ${new Date(createdAt).toUTCString()}`, PAD, 16, MUTED);

    y += 50;
    const stats: [string, string, string][] = [
      ['ENTRY POINT', result.entryPoint, INK],
      ['STOP LOSS', result.stopLoss, INK],
      ['TAKE PROFIT', result.takeProfit, INK],
      ['CONFIDENCE', `${result.confidence}%`, confidenceColour(result.confidence)],
      ['ACTION', result.recommendedAction.toUpperCase(), ACTION_COLOURS[result.recommendedAction]],
    ];
    const column = (width - 2 * PAD) / stats.length;
    const labelY = y;
    stats.forEach(([label, value, colour], i) => {
      y = labelY;
      text(label, PAD + i * column, 14, MUTED, 600);
      y = labelY + 32;
      text(value, PAD + i * column, 26, colour, 700);
    });

    y += 46;
    text('Analysis', PAD, 20, INK, 700);
    paragraph(result.analysis, 17);
    if (result.decisionRationales.length > 0) {
      y += 40;
      text('Why', PAD, 20, INK, 700);
      for (const reason of result.decisionRationales) {
        y += 4;
        const top = y;
        paragraph(reason, 17, MUTED, 22);
        const bulletY = y;
        y = top + 17 * 1.45;
        text('•', PAD + 4, 17, MUTED, 700);
        y = bulletY;
      }
    }
    y += 40;
    text('Position sizing', PAD, 20, INK, 700);
    paragraph(result.positionSizing, 17);
    y += 40;
    text(`Produced by ${result.modelName ?? BRAND}. Educational analysis, not financial advice.`, PAD, 14, MUTED);
    return Math.ceil(y + PAD);
  };

  canvas.width = width;
  canvas.height = layoutCard(false);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(image, 0, 0, width, chartHeight);

  if (chart) {
    const sx = width / chart.image.width;
    const sy = chartHeight / chart.image.height;
    const fontSize = Math.max(14, Math.round(width / 80));
    for (const line of overlayLines(chart, result)) {
      const y = line.y * sy;
      ctx.strokeStyle = line.colour;
      ctx.lineWidth = Math.max(2, width / 700);
      ctx.setLineDash(line.dashed ? [8, 6] : []);
      ctx.beginPath();
      ctx.moveTo(chart.plot.left * sx, y);
      ctx.lineTo(chart.plot.right * sx, y);
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.font = `700 ${fontSize}px ${FONT}`;
      ctx.lineWidth = 3;
      ctx.strokeStyle = '#000000';
      ctx.strokeText(line.label, chart.plot.left * sx + 8, y - 6);
      ctx.fillStyle = line.colour;
      ctx.fillText(line.label, chart.plot.left * sx + 8, y - 6);
    }
  }
  layoutCard(true);

  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be made'))), 'image/png');
  });
}

export function download(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
