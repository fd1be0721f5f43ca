import { fetchWithTimeout, httpFailure, ProviderError, type ModelProvider } from './types';
import { answerJsonSchema } from './gemini';

interface OpenRouterOptions {
  apiKey: string;
  model: string;
  baseUrl: string;
  appUrl: string;
}

interface ChatResponse {
  choices?: { message?: { content?: string | null } }[];
  error?: { message?: string; code?: number };
}

/** Models known to honour response_format json_schema; others get the schema in the prompt only. */
const STRUCTURED_OUTPUT_MODELS = [/^google\/gemini/, /^openai\//, /^anthropic\//, /^qwen\/qwen2\.5-vl/];

/** Models 2 and 3: OpenRouter chat completions. */
export function openRouterProvider({ apiKey, model, baseUrl, appUrl }: OpenRouterOptions): ModelProvider {
  const structured = STRUCTURED_OUTPUT_MODELS.some((pattern) => pattern.test(model));
  return {
    name: model,
    async complete({ prompt, image, timeoutMs }) {
      const response = await fetchWithTimeout(
        `${baseUrl.replace(/\/$/, '')}/chat/completions`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${apiKey}`,
            'HTTP-Referer': appUrl,
            'X-Title': 'PipLens',
          },
          body: JSON.stringify({
            model,
            messages: [
              {
                role: 'user',
                content: [
                  { type: 'text', text: prompt },
                  { type: 'image_url', image_url: { url: `data:${image.mimeType};base64,${image.base64}` } },
                ],
              },
            ],
            temperature: 0.2,
            max_tokens: 2048,
            ...(structured
              ? { response_format: { type: 'json_schema', json_schema: { name: 'chart_analysis', strict: true, schema: answerJsonSchema } } }
              : {}),
          }),
        },
        timeoutMs,
      );
      if (!response.ok) throw await httpFailure(response);
      const body = (await response.json()) as ChatResponse;
      if (body.error) throw new ProviderError('http', `OpenRouter analysis failed: ${body.error.message ?? 'unknown error'}`);
      const text = body.choices?.[0]?.message?.content ?? '';
      if (!text.trim()) throw new ProviderError('empty', 'No analysis results returned');
      return text;
    },
  };
}
