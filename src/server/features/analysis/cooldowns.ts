import { gt, inArray, and, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { modelCooldowns } from '../../db/schema';

/** Longest pause honoured from a Retry-After, and the pause after a rate limit that names none. */
export const MAX_COOLDOWN_SECONDS = 24 * 60 * 60;
export const DEFAULT_COOLDOWN_SECONDS = 60;

export interface CooldownStore {
  /** Models among `keys` not to ask before the returned time. */
  active(keys: string[]): Promise<Map<string, Date>>;
  record(key: string, seconds: number, reason: string): Promise<void>;
}

/** Cooldowns kept in the database, so every process on it skips a rate-limited model alike. */
export function databaseCooldowns(db: Db, now: () => Date = () => new Date()): CooldownStore {
  return {
    async active(keys) {
      if (keys.length === 0) return new Map();
      const rows = await db
        .select({ model: modelCooldowns.model, until: modelCooldowns.until })
        .from(modelCooldowns)
        .where(and(inArray(modelCooldowns.model, keys), gt(modelCooldowns.until, now())));
      return new Map(rows.map((r) => [r.model, r.until]));
    },
    async record(key, seconds, reason) {
      const until = new Date(now().getTime() + Math.min(MAX_COOLDOWN_SECONDS, Math.max(1, seconds)) * 1000);
      await db
        .insert(modelCooldowns)
        .values({ model: key, until, reason })
        // A later limit never shortens one already recorded by another process.
        .onConflictDoUpdate({
          target: modelCooldowns.model,
          set: { until: sql`greatest(${modelCooldowns.until}, excluded.until)`, reason, updatedAt: now() },
        });
    },
  };
}
