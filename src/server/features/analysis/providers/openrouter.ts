import { answerJsonSchema } from './gemini';
import { postJson, ProviderError, type ModelProvider } from './types';

interface OpenRouterOptions {
  apiKey: string;
  model: string;
  baseUrl: string;
  appUrl: string;
}

interface ChatResponse {
  choices?: {
    message?: { content?: string | null; refusal?: string | null };
    finish_reason?: string | null;
    error?: { message?: string; code?: number | string };
  }[];
  error?: { message?: string; code?: number | string };
}

/** Models known to honour response_format json_schema; others get the schema in the prompt only. */
const STRUCTURED_OUTPUT_MODELS = [/^google\/gemini/, /^openai\//, /^anthropic\//, /^qwen\/qwen2\.5-vl/];

/** Models 2 and 3: OpenRouter chat completions. */
export function openRouterProvider({ apiKey, model, baseUrl, appUrl }: OpenRouterOptions): ModelProvider {
  const structured = STRUCTURED_OUTPUT_MODELS.some((pattern) => pattern.test(model));
  return {
    name: model,
    async complete({ prompt, image, timeoutMs }) {
      const body = (await postJson(
        `${baseUrl.replace(/\/$/, '')}/chat/completions`,
        {
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
      )) as ChatResponse;
      // OpenRouter reports some failures inside a 200: a top-level error, or one on the choice.
      const choice = Array.isArray(body.choices) ? body.choices[0] : undefined;
      const error = body.error ?? choice?.error;
      if (error) throw new ProviderError('http', `OpenRouter analysis failed: ${error.message ?? 'unknown error'}`);
      if (choice?.message?.refusal) throw new ProviderError('refused', `The model refused: ${choice.message.refusal}`);
      if (choice?.finish_reason === 'content_filter') throw new ProviderError('blocked', 'The model declined the request (content filter)');
      if (choice?.finish_reason === 'length') throw new ProviderError('bad-response', 'The model stopped without a whole answer (length)');
      const content = choice?.message?.content;
      const text = typeof content === 'string' ? content : '';
      if (!text.trim()) throw new ProviderError('empty', 'No analysis results returned');
      return text;
    },
  };
}
