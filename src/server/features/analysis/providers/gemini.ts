import { z } from 'zod';
import { ModelAnswerSchema } from '../../../../shared/analysis';
import { fetchWithTimeout, httpFailure, ProviderError, type ModelProvider } from './types';

interface GeminiOptions {
  apiKey: string;
  model: string;
  baseUrl: string;
}

interface GeminiResponse {
  candidates?: { content?: { parts?: { text?: string }[] }; finishReason?: string }[];
  promptFeedback?: { blockReason?: string };
}

/** JSON schema of the answer, derived from the shared zod schema (no hand-written copy). */
export const answerJsonSchema = (() => {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(ModelAnswerSchema) as Record<string, unknown>;
  return schema;
})();

/** Model 1: Gemini generateContent with structured JSON output. */
export function geminiProvider({ apiKey, model, baseUrl }: GeminiOptions): ModelProvider {
  return {
    name: model,
    async complete({ prompt, image, timeoutMs }) {
      const url = `${baseUrl.replace(/\/$/, '')}/v1beta/models/${encodeURIComponent(model)}:generateContent`;
      const response = await fetchWithTimeout(
        url,
        {
          method: 'POST',
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
      );
      if (!response.ok) throw await httpFailure(response);
      const body = (await response.json()) as GeminiResponse;
      if (body.promptFeedback?.blockReason) {
        throw new ProviderError('blocked', `The model declined the request (${body.promptFeedback.blockReason})`);
      }
      const text = body.candidates?.[0]?.content?.parts?.map((p) => p.text ?? '').join('') ?? '';
      if (!text.trim()) throw new ProviderError('empty', 'No analysis results returned');
      return text;
    },
  };
}
