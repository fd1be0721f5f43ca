import { and, eq, sql } from 'drizzle-orm';
import { checkoutCustomizations, PAYMENT_OPTIONS, type Checkout } from '../../../shared/billing';
import { PREMIUM_CURRENCY, PREMIUM_PRICE_USD, SUBSCRIPTION_DAYS, TX_REF_PREFIX } from '../../../shared/constants';
import type { Db } from '../../db/client';
import { payments, subscriptions } from '../../db/schema';
import type { SessionUser } from '../../lib/context';
import type { FlutterwaveTransaction } from './flutterwave';

const PROVIDER = 'flutterwave';

export const txRefFor = (userId: string, timestamp: number) => `${TX_REF_PREFIX}-${userId}-${timestamp}`;

/** A pending payment for the Premium plan, whose tx_ref the checkout carries and the server later checks. */
export async function createCheckout(
  db: Db,
  user: SessionUser,
  keys: { publicKey: string; scriptUrl: string; logoUrl: string },
): Promise<Checkout> {
  let timestamp = Date.now();
  // Two clicks in the same millisecond would collide on tx_ref: take the next millisecond.
  for (;;) {
    const txRef = txRefFor(user.id, timestamp);
    const inserted = await db
      .insert(payments)
      .values({
        txRef,
        userId: user.id,
        amount: PREMIUM_PRICE_USD.toFixed(2),
        currency: PREMIUM_CURRENCY,
        status: 'pending',
      })
      .onConflictDoNothing()
      .returning({ txRef: payments.txRef });
    if (inserted.length > 0) {
      return {
        publicKey: keys.publicKey,
        scriptUrl: keys.scriptUrl,
        txRef,
        amount: PREMIUM_PRICE_USD,
        currency: PREMIUM_CURRENCY,
        paymentOptions: PAYMENT_OPTIONS,
        customer: { email: user.email, name: user.name || user.email || 'User' },
        customizations: checkoutCustomizations(keys.logoUrl),
      };
    }
    timestamp += 1;
  }
}

export type Activation =
  { outcome: 'activated' | 'already-applied'; userId: string } | { outcome: 'refused'; reason: RefusalReason };

export type RefusalReason =
  | 'not-successful'
  | 'unknown-tx-ref'
  | 'not-your-payment'
  | 'wrong-currency'
  | 'amount-too-low'
  | 'tx-ref-used-by-another-transaction'
  | 'transaction-used-for-another-payment';

/**
 * Applies a transaction that the provider's verify API has just described. It activates only a
 * successful payment, in the plan's currency, of at least the price, for a pending payment of ours
 * (and of `expectedUserId` when the user's browser asks). The payment row changes from pending to
 * successful in one conditional UPDATE, in the same database transaction as the extension: however
 * many confirms and webhooks arrive for one transaction, at the same time or not, exactly one of
 * them extends the subscription, and the others see it already applied.
 */
export async function applyVerifiedTransaction(
  db: Db,
  transaction: FlutterwaveTransaction,
  expectedUserId: string | null,
  now = new Date(),
): Promise<Activation> {
  if (transaction.status !== 'successful') return { outcome: 'refused', reason: 'not-successful' };
  const [payment] = await db
    .select({
      userId: payments.userId,
      amount: payments.amount,
      currency: payments.currency,
      status: payments.status,
      transactionId: payments.transactionId,
    })
    .from(payments)
    .where(eq(payments.txRef, transaction.tx_ref));
  if (!payment) return { outcome: 'refused', reason: 'unknown-tx-ref' };
  if (expectedUserId !== null && payment.userId !== expectedUserId)
    return { outcome: 'refused', reason: 'not-your-payment' };
  if (transaction.currency.toUpperCase() !== payment.currency) return { outcome: 'refused', reason: 'wrong-currency' };
  if (Math.round(transaction.amount * 100) < Math.round(Number(payment.amount) * 100)) {
    return { outcome: 'refused', reason: 'amount-too-low' };
  }

  const transactionId = String(transaction.id);
  try {
    const applied = await db.transaction(async (tx) => {
      const claimed = await tx
        .update(payments)
        .set({ status: 'successful', transactionId, raw: transaction, updatedAt: now })
        .where(and(eq(payments.txRef, transaction.tx_ref), eq(payments.status, 'pending')))
        .returning({ userId: payments.userId });
      if (claimed.length === 0) return false;
      const nowIso = now.toISOString();
      await tx
        .insert(subscriptions)
        .values({
          userId: payment.userId,
          status: 'active',
          provider: PROVIDER,
          currentPeriodEnd: sql`${nowIso}::timestamptz + make_interval(days => ${SUBSCRIPTION_DAYS})`,
        })
        .onConflictDoUpdate({
          target: subscriptions.userId,
          set: {
            status: 'active',
            provider: PROVIDER,
            currentPeriodEnd: sql`greatest(${subscriptions.currentPeriodEnd}, ${nowIso}::timestamptz) + make_interval(days => ${SUBSCRIPTION_DAYS})`,
            updatedAt: now,
          },
        });
      return true;
    });
    if (applied) return { outcome: 'activated', userId: payment.userId };
  } catch (error) {
    if (isUniqueViolation(error)) return { outcome: 'refused', reason: 'transaction-used-for-another-payment' };
    throw error;
  }
  const [current] = await db
    .select({ transactionId: payments.transactionId, status: payments.status })
    .from(payments)
    .where(eq(payments.txRef, transaction.tx_ref));
  if (current?.status === 'successful' && current.transactionId === transactionId) {
    return { outcome: 'already-applied', userId: payment.userId };
  }
  return { outcome: 'refused', reason: 'tx-ref-used-by-another-transaction' };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
