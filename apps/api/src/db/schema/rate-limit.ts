import { pgTable, varchar, integer, timestamp, index } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters of every rate limit (per IP, per account, per account and IP), shared by every API
 * process through the database; expired windows are purged hourly.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: varchar('key', { length: 255 }).primaryKey(),
    count: integer('count').notNull().default(0),
    resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);
