import { z } from 'zod';
import { SubscriptionStateSchema } from './access';
import {
  BRAND,
  FREE_DAILY_ANALYSES,
  FREE_HISTORY_DAYS,
  PREMIUM_CURRENCY,
  PREMIUM_PRICE_USD,
  SUBSCRIPTION_DAYS,
  TRIAL_DAYS,
  formatPrice,
} from './constants';

/** SPEC §7 'Payment checkout': the payment methods the checkout offers. */
export const PAYMENT_OPTIONS = 'card, ussd, mobilemoneyghana';

/** What the browser needs to open the checkout for one pending payment. */
export const CheckoutSchema = z.object({
  publicKey: z.string(),
  scriptUrl: z.string(),
  txRef: z.string(),
  amount: z.number(),
  currency: z.literal(PREMIUM_CURRENCY),
  paymentOptions: z.string(),
  customer: z.object({ email: z.string(), name: z.string() }),
  customizations: z.object({ title: z.string(), description: z.string(), logo: z.string() }),
});
export type Checkout = z.infer<typeof CheckoutSchema>;

/** The checkout's successful callback, passed on for the server to verify; nothing in it is trusted. */
export const ConfirmPaymentSchema = z.object({
  transactionId: z.union([z.string().regex(/^\d{1,20}$/), z.number().int().positive()]).transform(String),
  txRef: z.string().min(1).max(200),
});
export type ConfirmPaymentInput = z.input<typeof ConfirmPaymentSchema>;

/** POST /api/billing/confirm: the subscription as it is after the payment (activated now or before). */
export const ConfirmedPaymentSchema = z.object({ subscription: SubscriptionStateSchema });

export const checkoutCustomizations = (logo: string) => ({
  title: `${BRAND} Premium`,
  description: `${SUBSCRIPTION_DAYS}-day access to ${BRAND} Premium for ${formatPrice(PREMIUM_PRICE_USD)}`,
  logo,
});

/** SPEC §6: the admin key form, validated the same in the browser and on the server. */
const keyField = (required: string) =>
  z.string().trim().min(1, required).max(256, 'This key is too long').regex(/^\S*$/, 'Keys cannot contain spaces');

export const PaymentKeysSchema = z.object({
  publicKey: keyField('Public API key is required'),
  secretKey: keyField('Secret key is required'),
  encryptionKey: keyField('Encryption key is required'),
  /** Optional: without it the server refuses every webhook (the checkout's own verification still works). */
  webhookHash: z
    .string()
    .trim()
    .max(256, 'This key is too long')
    .regex(/^\S*$/, 'Keys cannot contain spaces')
    .default(''),
});
export type PaymentKeysInput = z.input<typeof PaymentKeysSchema>;
export type PaymentKeyName = keyof PaymentKeysInput;
export const PAYMENT_KEY_NAMES = [
  'publicKey',
  'secretKey',
  'encryptionKey',
  'webhookHash',
] as const satisfies readonly PaymentKeyName[];

/** Never a value: whether each key is set, its last 4 characters, and where it comes from. */
export const PaymentKeyStatusSchema = z.object({
  name: z.enum(PAYMENT_KEY_NAMES),
  set: z.boolean(),
  last4: z.string().nullable(),
  source: z.enum(['admin', 'environment', 'none']),
  updatedAt: z.string().nullable(),
});
export const PaymentKeysStatusSchema = z.object({
  mode: z.enum(['live', 'sandbox']),
  keys: z.array(PaymentKeyStatusSchema),
});
export type PaymentKeysStatus = z.infer<typeof PaymentKeysStatusSchema>;

export interface PlanFeature {
  name: string;
  free: boolean | string;
  premium: boolean | string;
}

/** The Free versus Premium comparison (SPEC §3 plan rows), every number from the constants. */
export const PLAN_FEATURES: readonly PlanFeature[] = [
  {
    name: 'Price',
    free: `Free for ${TRIAL_DAYS} days`,
    premium: `${formatPrice(PREMIUM_PRICE_USD)} per ${SUBSCRIPTION_DAYS} days`,
  },
  { name: 'Chart analyses', free: `${FREE_DAILY_ANALYSES} per day`, premium: 'Unlimited' },
  { name: 'Offline chart reading (trend, entry, stop loss, take profit)', free: true, premium: true },
  { name: 'AI answers checked against the prices on your chart', free: true, premium: true },
  { name: 'Position sizing for your capital', free: true, premium: true },
  { name: 'Analysis history', free: `Last ${FREE_HISTORY_DAYS} days`, premium: 'Everything you saved' },
  { name: 'Priority processing when PipLens is busy', free: false, premium: true },
  { name: 'Export an analysis (PNG image, PDF, JSON)', free: false, premium: true },
  { name: 'Share a read-only link to an analysis', free: false, premium: true },
];
