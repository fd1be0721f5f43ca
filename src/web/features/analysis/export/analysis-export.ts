import type { AnalysisResult, AnalysisSettings, ChartFacts } from '../../../../shared/analysis';
import { BRAND } from '../../../../shared/constants';
import { placeLines } from '../components/overlay-lines';
import { setByTraderText } from '../set-by-trader';
import { UNCHECKED_NOTE } from '../unchecked';

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
/** The "set by you" note's ink, the result panel's sky note. */
const SET_BY_YOU = '#075985';
const TREND_COLOURS: Record<AnalysisResult['trend'], string> = { uptrend: '#15803d', downtrend: '#b91c1c', sideways: '#ca8a04' };
const ACTION_COLOURS: Record<AnalysisResult['recommendedAction'], string> = { buy: '#15803d', sell: '#b91c1c', wait: '#a16207' };
const confidenceColour = (c: number) => (c >= 80 ? '#15803d' : c >= 60 ? '#a16207' : '#b91c1c');

export function exportFileName(createdAt: string, extension: 'png' | 'json' | 'pdf'): string {
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

/** The dashboard's overlay (same placement of lines and labels) painted on the export's canvas. */
export function drawLines(ctx: CanvasRenderingContext2D, chart: ChartFacts, result: AnalysisResult, width: number, height: number) {
  const fontPx = Math.round(Math.min(20, Math.max(14, width / 70)));
  const font = `700 ${fontPx}px ${FONT}`;
  const measure = (text: string) => {
    ctx.font = font;
    return ctx.measureText(text).width;
  };
  const left = (chart.plot.left * width) / chart.image.width;
  const right = (chart.plot.right * width) / chart.image.width;
  const placed = placeLines(chart, result, width, height, { fontPx, measure });
  for (const line of placed) {
    ctx.strokeStyle = line.colour;
    ctx.lineWidth = Math.max(2, width / 700);
    ctx.setLineDash(line.dashed ? [8, 6] : []);
    ctx.beginPath();
    ctx.moveTo(left, line.at);
    ctx.lineTo(right, line.at);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  // Labels after every line, so no line crosses a label.
  for (const line of placed) {
    ctx.strokeStyle = line.colour;
    const { box } = line;
    if (!box) continue;
    const textY = box.y + box.height / 2;
    if (Math.abs(textY - line.at) > 1) {
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      ctx.moveTo(box.x + box.width, textY);
      ctx.lineTo(box.x + box.width + 10, textY);
      ctx.lineTo(box.x + box.width + 18, line.at);
      ctx.stroke();
    }
    ctx.fillStyle = 'rgba(11, 18, 32, 0.85)';
    ctx.beginPath();
    ctx.roundRect(box.x, box.y, box.width, box.height, 4);
    ctx.fill();
    ctx.lineWidth = 1;
    ctx.stroke();
    ctx.font = font;
    ctx.fillStyle = line.colour;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(line.label, box.x + box.width / 2, textY);
    ctx.textAlign = 'start';
    ctx.textBaseline = 'alphabetic';
  }
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
  const unchecked = result.checkedAgainstChart === false;
  const setByYou = setByTraderText(result, chart);
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
      ['CONFIDENCE', `${result.confidence}%`, unchecked ? MUTED : confidenceColour(result.confidence)],
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
    if (setByYou) {
      paragraph(setByYou, 17, SET_BY_YOU);
      y += 40;
    }
    if (unchecked) {
      paragraph(UNCHECKED_NOTE, 17, '#92400e');
      y += 40;
    }
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

  if (chart) drawLines(ctx, chart, result, width, chartHeight);
  layoutCard(true);

  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be made'))), 'image/png');
  });
}

/** The annotated chart alone (picture, lines and labels), at the export's width. */
async function annotatedChart(analysis: ExportableAnalysis): Promise<HTMLCanvasElement> {
  const image = await loadImage(analysis.imageSrc);
  const width = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, image.naturalWidth));
  const height = Math.round((width * image.naturalHeight) / Math.max(1, image.naturalWidth));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas is not available');
  ctx.drawImage(image, 0, 0, width, height);
  if (analysis.chart) drawLines(ctx, analysis.chart, analysis.result, width, height);
  return canvas;
}

/** The PDF's standard fonts speak Latin-1: typographic signs become their plain forms. */
const plain = (text: string) =>
  text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/\u2192/g, '->')
    .replace(/\u2248/g, '~')
    .replace(/\u2022/g, '-')
    .replace(/[^\n\x20-\x7e\xa0-\xff]/g, '');

const hex = (colour: string) => [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16)) as [number, number, number];

/**
 * The analysis as an A4 PDF (jsPDF, loaded on first use): the annotated chart as a picture, then
 * the result card, reasons and sizing as real text, so it can be searched and copied.
 */
export async function analysisPdf(analysis: ExportableAnalysis): Promise<Blob> {
  const { result, settings, createdAt } = analysis;
  const unchecked = result.checkedAgainstChart === false;
  const setByYou = setByTraderText(result, analysis.chart);
  const [{ jsPDF }, chart] = await Promise.all([import('jspdf'), annotatedChart(analysis)]);
  const doc = new jsPDF({ unit: 'pt', format: 'a4', compress: true });
  doc.setProperties({ title: `${BRAND} chart analysis`, creator: BRAND, subject: `${settings.timeFrame} chart analysis` });
  const pageWidth = doc.internal.pageSize.getWidth();
  const pageHeight = doc.internal.pageSize.getHeight();
  const margin = 40;
  const inner = pageWidth - 2 * margin;
  let y = margin;
  const ensure = (space: number) => {
    if (y + space <= pageHeight - margin) return;
    doc.addPage();
    y = margin;
  };
  const line = (text: string, size: number, colour = INK, style: 'normal' | 'bold' = 'normal', x = margin) => {
    doc.setFont('helvetica', style).setFontSize(size).setTextColor(...hex(colour));
    ensure(size * 1.4);
    doc.text(plain(text), x, y + size);
    y += size * 1.4;
  };
  const paragraph = (text: string, size: number, colour = MUTED, indent = 0) => {
    doc.setFont('helvetica', 'normal').setFontSize(size);
    for (const row of doc.splitTextToSize(plain(text), inner - indent) as string[]) line(row, size, colour, 'normal', margin + indent);
  };

  line(`${BRAND} chart analysis`, 20, INK, 'bold');
  line(`${settings.timeFrame} chart - risk/reward 1:${settings.riskReward} - ${new Date(createdAt).toUTCString()}`, 10, MUTED);
  y += 8;
  const chartHeight = Math.min((inner * chart.height) / chart.width, pageHeight * 0.45);
  const chartWidth = (chartHeight * chart.width) / chart.height;
  doc.addImage(chart.toDataURL('image/jpeg', 0.9), 'JPEG', margin, y, chartWidth, chartHeight);
  y += chartHeight + 16;

  const stats: [string, string, string][] = [
    ['Trend', result.trend, TREND_COLOURS[result.trend]],
    ['Entry point', result.entryPoint, INK],
    ['Stop loss', result.stopLoss, INK],
    ['Take profit', result.takeProfit, INK],
    ['Confidence', `${result.confidence}%`, unchecked ? MUTED : confidenceColour(result.confidence)],
    ['Recommended action', result.recommendedAction.toUpperCase(), ACTION_COLOURS[result.recommendedAction]],
  ];
  const column = inner / 3;
  for (let row = 0; row < stats.length; row += 3) {
    ensure(40);
    stats.slice(row, row + 3).forEach(([label, value, colour], i) => {
      const x = margin + i * column;
      doc.setFont('helvetica', 'bold').setFontSize(8).setTextColor(...hex(MUTED));
      doc.text(label.toUpperCase(), x, y + 8);
      doc.setFont('helvetica', 'bold').setFontSize(14).setTextColor(...hex(colour));
      doc.text(plain(value), x, y + 26);
    });
    y += 38;
  }
  y += 6;
  if (setByYou) {
    paragraph(setByYou, 10, SET_BY_YOU);
    y += 8;
  }
  if (unchecked) {
    paragraph(UNCHECKED_NOTE, 10, '#92400e');
    y += 8;
  }
  line('Analysis', 13, INK, 'bold');
  paragraph(result.analysis, 10);
  if (result.decisionRationales.length > 0) {
    y += 8;
    line('Why', 13, INK, 'bold');
    for (const reason of result.decisionRationales) paragraph(`- ${reason}`, 10, MUTED, 6);
  }
  y += 8;
  line('Position sizing', 13, INK, 'bold');
  paragraph(result.positionSizing, 10);
  y += 8;
  paragraph(`Produced by ${result.modelName ?? BRAND}. Educational analysis, not financial advice.`, 8);
  return doc.output('blob');
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
