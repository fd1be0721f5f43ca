import { ModelAnswerSchema, REQUIRED_RESULT_FIELDS, type ModelAnswer } from '../../../shared/analysis';

export class AnswerRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AnswerRejected';
  }
}

/** Every balanced top-level {...} in the text, in order, honouring strings. */
export function* jsonObjectCandidates(text: string): Generator<string> {
  let from = 0;
  for (;;) {
    const start = text.indexOf('{', from);
    if (start < 0) return;
    let depth = 0;
    let inString = false;
    let escaped = false;
    let end = -1;
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
        if (depth === 0) {
          end = i;
          break;
        }
      }
    }
    if (end < 0) {
      // Unbalanced from here: a later '{' may still open a whole object.
      from = start + 1;
      continue;
    }
    yield text.slice(start, end + 1);
    from = end + 1;
  }
}

/** The first balanced {...} in the text (kept for callers that want just one). */
export function extractJsonObject(text: string): string | null {
  return jsonObjectCandidates(text).next().value ?? null;
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

function validate(raw: unknown): ModelAnswer {
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

/**
 * Text reply → validated answer, or AnswerRejected with SPEC §8's message for what went wrong.
 * A reply that is not pure JSON is searched object by object: a schema fragment or an example
 * quoted before the answer does not hide the answer after it.
 */
export function parseModelAnswer(text: string): ModelAnswer {
  try {
    return validate(JSON.parse(text));
  } catch (error) {
    if (error instanceof AnswerRejected) throw error;
  }
  let firstProblem: AnswerRejected | null = null;
  let parsedAny = false;
  for (const candidate of jsonObjectCandidates(text)) {
    let raw: unknown;
    try {
      raw = JSON.parse(candidate);
    } catch {
      continue;
    }
    parsedAny = true;
    try {
      return validate(raw);
    } catch (error) {
      if (!(error instanceof AnswerRejected)) throw error;
      // The most telling problem is that of an object that at least looks like an answer.
      const looksLikeAnswer = typeof raw === 'object' && raw !== null && REQUIRED_RESULT_FIELDS.some((f) => f in raw);
      if (!firstProblem || (looksLikeAnswer && /extract/.test(firstProblem.message))) firstProblem = error;
    }
  }
  if (firstProblem) throw firstProblem;
  if (text.includes('{') && !parsedAny) throw new AnswerRejected('Failed to parse JSON from API response');
  throw new AnswerRejected('Failed to extract JSON from API response');
}
