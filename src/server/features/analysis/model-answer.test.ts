/** Issue 25, defects 6 and 7: the schema each provider accepts in strict mode, current defaults, and the JSON extractor. */
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../env';
import { parseModelAnswer } from './parse-answer';
import { answerJsonSchema } from './providers/gemini';
import { parseRetryAfter } from './providers/types';

const answer = {
  trend: 'uptrend',
  entryPoint: '1.0850',
  stopLoss: '1.0830',
  takeProfit: '1.0890',
  confidence: 70,
  analysis: 'Higher lows above 1.0830.',
  recommendedAction: 'buy',
  decisionRationales: ['Higher lows'],
};

/** Every object schema inside `schema`, depth first. */
function* objectSchemas(schema: unknown): Generator<Record<string, unknown>> {
  if (!schema || typeof schema !== 'object') return;
  const node = schema as Record<string, unknown>;
  if (node.type === 'object') yield node;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const item of value) yield* objectSchemas(item);
    else if (value && typeof value === 'object') yield* objectSchemas(value);
  }
}

describe('6. the structured-output schema', () => {
  it('is one strict mode accepts: every property required, no other properties, no length keywords', () => {
    const objects = [...objectSchemas(answerJsonSchema)];
    expect(objects.length).toBeGreaterThan(0);
    for (const object of objects) {
      expect(object.additionalProperties).toBe(false);
      expect([...(object.required as string[])].sort()).toEqual(Object.keys(object.properties as object).sort());
    }
    const text = JSON.stringify(answerJsonSchema);
    for (const keyword of ['minLength', 'maxLength', '"$schema"', 'minItems']) expect(text).not.toContain(keyword);
    expect(Object.keys(answerJsonSchema.properties as object)).toEqual(expect.arrayContaining(['trend', 'entryPoint', 'recommendedAction', 'decisionRationales']));
  });

  it('defaults to models the providers still serve', () => {
    const env = parseEnv({ NODE_ENV: 'test' });
    // gemini-2.0 and 2.5 are shut down; responseJsonSchema needs Gemini 2.5 or later.
    expect(env.GEMINI_MODEL).not.toMatch(/gemini-(1\.|2\.0|2\.5)/);
    expect(env.GEMINI_MODEL).toMatch(/^gemini-3\.\d+-flash/);
    expect(env.OPENROUTER_MODELS).toHaveLength(2);
    for (const model of env.OPENROUTER_MODELS) expect(model).not.toMatch(/gemini-2\.0|-exp:free|qwen2\.5-vl-72b-instruct:free/);
  });
});

describe('7. the JSON extractor', () => {
  it('finds the answer after a quoted schema fragment', () => {
    const reply = `The schema asks for {"type": "object", "properties": {"trend": {"type": "string"}}}. Here is my answer:\n${JSON.stringify(answer)}`;
    expect(parseModelAnswer(reply)).toMatchObject({ entryPoint: '1.0850', recommendedAction: 'buy' });
  });

  it('finds the answer after an unbalanced brace and an example', () => {
    const reply = `Use {braces like this. Example: {"trend": "sideways"}\n\`\`\`json\n${JSON.stringify(answer)}\n\`\`\``;
    expect(parseModelAnswer(reply)).toMatchObject({ takeProfit: '1.0890' });
  });

  it("still gives SPEC's messages when there is no answer", () => {
    expect(() => parseModelAnswer('I cannot see a chart.')).toThrow('Failed to extract JSON from API response');
    expect(() => parseModelAnswer('{"trend": "uptrend"}')).toThrow(/missing required fields/);
    expect(() => parseModelAnswer('Here: {"trend": uptrend}')).toThrow('Failed to parse JSON from API response');
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('120')).toBe(120);
    const now = Date.parse('2026-11-24T06:00:00Z');
    expect(parseRetryAfter('Tue, 24 Nov 2026 06:01:30 GMT', now)).toBe(90);
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});
