import { sql } from 'drizzle-orm';
import { bigint, index, inet, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Every SMS the product decided to send (codes and notifications), written in the same
 * transaction as the outbox row after the SMS policy allowed it. The hourly budgets (per phone,
 * per number prefix — the number without its last 4 digits —, per client IP, global) are
 * counted from it. Rows older than two days are purged.
 */
export const smsSends = pgTable(
  'sms_sends',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    phone: text('phone').notNull(),
    prefix: text('prefix').notNull(),
    ip: inet('ip'),
    /** What the SMS was: a code purpose (sign_in, sign_up…) or a notification kind (order_created…). */
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('sms_sends_phone_created_idx').on(t.phone, t.createdAt),
    index('sms_sends_prefix_created_idx').on(t.prefix, t.createdAt),
    index('sms_sends_ip_created_idx').on(t.ip, t.createdAt),
    index('sms_sends_created_idx').on(t.createdAt),
  ],
);

/**
 * Security alerts for the log and the back-office (a budget hit, a conversion drop): one row per
 * kind and scope while it is open; `resolved_at` is set by an operator.
 */
export const securityAlerts = pgTable(
  'security_alerts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    /** What the alert is about, e.g. `prefix:+7999123` or `global`. */
    scope: text('scope').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('security_alerts_open_idx')
      .on(t.kind, t.scope)
      .where(sql`${t.resolvedAt} is null`),
    index('security_alerts_created_idx').on(t.createdAt),
  ],
);

/**
 * Solved proof-of-work CAPTCHA challenges, kept until they expire so one solution is accepted
 * once (replay protection across API instances).
 */
export const captchaSolutions = pgTable(
  'captcha_solutions',
  {
    /** SHA-256 of the challenge's signature. */
    challengeHash: text('challenge_hash').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('captcha_solutions_expires_idx').on(t.expiresAt)],
);
