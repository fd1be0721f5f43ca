import { z } from 'zod';

/** A transaction as Flutterwave's v3 verify endpoint and charge.completed webhook describe it. */
export const FlutterwaveTransactionSchema = z.looseObject({
  id: z.number().int(),
  tx_ref: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
});
export type FlutterwaveTransaction = z.infer<typeof FlutterwaveTransactionSchema>;

const VerifyResponseSchema = z.looseObject({
  status: z.string(),
  message: z.string().optional(),
  data: FlutterwaveTransactionSchema.nullish(),
});

/** The provider could not give an answer (network, timeout, 5xx, rejected credentials): try again later. */
export class VerificationUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VerificationUnavailableError';
  }
}

export interface VerifyOptions {
  apiBaseUrl: string;
  secretKey: string;
  fetch: typeof fetch;
  timeoutMs: number;
}

export type VerifyResult = { found: true; transaction: FlutterwaveTransaction } | { found: false; message: string };

/** GET /v3/transactions/{id}/verify with the secret key: the only source PipLens trusts about a payment. */
export async function verifyTransaction(transactionId: string, options: VerifyOptions): Promise<VerifyResult> {
  let response: Response;
  try {
    response = await options.fetch(
      `${options.apiBaseUrl}/v3/transactions/${encodeURIComponent(transactionId)}/verify`,
      {
        headers: { Authorization: `Bearer ${options.secretKey}`, Accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
      },
    );
  } catch (error) {
    throw new VerificationUnavailableError(`verify request failed: ${(error as Error).message}`);
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.status === 401 || response.status === 403) {
    throw new VerificationUnavailableError(`verify refused our secret key (${response.status})`);
  }
  if (response.status === 429 || response.status >= 500) {
    throw new VerificationUnavailableError(`verify answered ${response.status}`);
  }
  const parsed = VerifyResponseSchema.safeParse(body);
  if (!parsed.success)
    throw new VerificationUnavailableError(`verify answered ${response.status} with an unexpected body`);
  if (!response.ok || parsed.data.status !== 'success' || !parsed.data.data) {
    return { found: false, message: parsed.data.message ?? `verify answered ${response.status}` };
  }
  return { found: true, transaction: parsed.data.data };
}
