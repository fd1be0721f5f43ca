import { z } from 'zod';
import { ModelAnswerWireSchema } from '../../../../shared/analysis';
import { postJson, ProviderError, type ModelProvider } from './types';

interface GeminiOptions {
  apiKey: string;
  model: string;
  baseUrl: string;
}

interface GeminiResponse {
  candidates?: { content?: { parts?: { text?: string; thought?: boolean }[] }; finishReason?: string }[];
  promptFeedback?: { blockReason?: string };
}

/**
 * JSON schema of the answer, derived from the shared zod schema (no hand-written copy): every
 * field required, no additional ones, no length keywords, as strict structured output requires.
 */
export const answerJsonSchema = (() => {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(ModelAnswerWireSchema) as Record<string, unknown>;
  return schema;
})();

/** Finish reasons after which the text, if any, is not a whole answer. */
const FAILED_FINISH = new Set(['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'MAX_TOKENS', 'MALFORMED_FUNCTION_CALL', 'OTHER']);

/** Model 1: Gemini generateContent with structured JSON output (responseJsonSchema, Gemini 2.5 and later). */
export function geminiProvider({ apiKey, model, baseUrl }: GeminiOptions): ModelProvider {
  return {
    name: model,
    async complete({ prompt, image, timeoutMs }) {
      const url = `${baseUrl.replace(/\/$/, '')}/v1beta/models/${encodeURIComponent(model)}:generateContent`;
      const body = (await postJson(
        url,
        {
          headers: { 'content-type': 'application/json', 'x-goog-api-key': apiKey },
          body: JSON.stringify({
            contents: [{ role: 'user', parts: [{ text: prompt }, { inline_data: { mime_type: image.mimeType, data: image.base64 } }] }],
            generationConfig: {
              temperature: 0.2,
              topK: 32,
              topP: 0.95,
              maxOutputTokens: 2048,
              responseMimeType: 'application/json',
              responseJsonSchema: answerJsonSchema,
            },
          }),
        },
        timeoutMs,
      )) as GeminiResponse;
      if (body.promptFeedback?.blockReason) {
        throw new ProviderError('blocked', `The model declined the request (${body.promptFeedback.blockReason})`);
      }
      const candidate = Array.isArray(body.candidates) ? body.candidates[0] : undefined;
      const finish = candidate?.finishReason;
      if (finish && FAILED_FINISH.has(finish)) {
        throw new ProviderError(finish === 'MAX_TOKENS' ? 'bad-response' : 'blocked', `The model stopped without a whole answer (${finish})`);
      }
      const parts = Array.isArray(candidate?.content?.parts) ? candidate.content.parts : [];
      const text = parts
        .filter((p) => p && p.thought !== true && typeof p.text === 'string')
        .map((p) => p.text)
        .join('');
      if (!text.trim()) throw new ProviderError('empty', 'No analysis results returned');
      return text;
    },
  };
}
