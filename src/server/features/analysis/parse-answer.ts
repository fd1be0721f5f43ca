import { ModelAnswerSchema, REQUIRED_RESULT_FIELDS, type ModelAnswer } from '../../../shared/analysis';

export class AnswerRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AnswerRejected';
  }
}

/** The first balanced {...} in the text, honouring strings, so a JSON object inside prose is still found. */
export function extractJsonObject(text: string): string | null {
  const start = text.indexOf('{');
  if (start < 0) return null;
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = start; i < text.length; i += 1) {
    const ch = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{') depth += 1;
    else if (ch === '}') {
      depth -= 1;
      if (depth === 0) return text.slice(start, i + 1);
    }
  }
  return null;
}

/** Models write prices as numbers or strings and confidence as '75%'; bring them to the schema's shape. */
function normalise(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...raw };
  for (const key of ['entryPoint', 'stopLoss', 'takeProfit'] as const) {
    const value = out[key];
    if (typeof value === 'number') out[key] = String(value);
    else if (typeof value === 'string') out[key] = value.replace(/[,\s$]/g, '');
  }
  if (typeof out.confidence === 'string') out.confidence = Number.parseFloat(out.confidence.replace('%', ''));
  for (const key of ['trend', 'recommendedAction'] as const) {
    if (typeof out[key] === 'string') out[key] = (out[key] as string).trim().toLowerCase();
  }
  if (typeof out.decisionRationales === 'string') out.decisionRationales = [out.decisionRationales];
  if (out.positionSizing !== undefined && typeof out.positionSizing !== 'string') {
    out.positionSizing = JSON.stringify(out.positionSizing);
  }
  return out;
}

/** Text reply → validated answer, or AnswerRejected with SPEC §8's message for what went wrong. */
export function parseModelAnswer(text: string): ModelAnswer {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    const candidate = extractJsonObject(text);
    if (!candidate) throw new AnswerRejected('Failed to extract JSON from API response');
    try {
      raw = JSON.parse(candidate);
    } catch {
      throw new AnswerRejected('Failed to parse JSON from API response');
    }
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new AnswerRejected('Failed to extract JSON from API response');
  }
  const missing = REQUIRED_RESULT_FIELDS.filter((field) => !(field in raw));
  if (missing.length > 0) throw new AnswerRejected(`Analysis result missing required fields: ${missing.join(', ')}`);
  const parsed = ModelAnswerSchema.safeParse(normalise(raw as Record<string, unknown>));
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.')))].join(', ');
    throw new AnswerRejected(`Analysis result has invalid fields: ${fields}`);
  }
  return parsed.data;
}
