import { and, asc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import { smsSends, type Database } from '@freight/db';

export type SmsSendRow = typeof smsSends.$inferSelect;

/**
 * Serialises every SMS decision across API instances: one transaction-scoped advisory lock for
 * the whole ledger, so the global budget is exact too. SMS volume is small (the global budget
 * caps it at about one a few seconds), so one lock costs nothing measurable. Take it last, after
 * any other lock of the transaction, so lock order is the same everywhere.
 */
export async function lockSmsLedger(db: Database): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('sms_sends'))`);
}

/** Which rows of the ledger one budget counts. */
export interface LedgerKey {
  phone?: string | undefined;
  prefix?: string | undefined;
  ip?: string | null | undefined;
}

export interface LedgerCounts {
  phone: number;
  prefix: number;
  ip: number;
  global: number;
  /** Staff notices (kind `notice:…`) to this phone: they have their own cap, not the abuse budgets. */
  notices: number;
}

/** Kinds of SMS the carrier's staff cause (status notices): outside the per-phone, prefix and IP budgets. */
export const NOTICE_KIND_PREFIX = 'notice:';

/**
 * SMS recorded since `since`: to this phone, to its prefix, from this IP and in total, in one
 * pass over the window (the global budget bounds the window's size).
 */
export async function countSmsSends(db: Database, key: LedgerKey, since: Date): Promise<LedgerCounts> {
  const notNotice = sql`${smsSends.kind} not like ${`${NOTICE_KIND_PREFIX}%`}`;
  const zero = sql<number>`0`;
  const [row] = await db
    .select({
      phone: key.phone ? sql<number>`count(*) filter (where ${smsSends.phone} = ${key.phone} and ${notNotice})` : zero,
      prefix: key.prefix
        ? sql<number>`count(*) filter (where ${smsSends.prefix} = ${key.prefix} and ${notNotice})`
        : zero,
      ip: key.ip ? sql<number>`count(*) filter (where ${smsSends.ip} = ${key.ip}::inet and ${notNotice})` : zero,
      global: sql<number>`count(*)`,
      notices: key.phone
        ? sql<number>`count(*) filter (where ${smsSends.phone} = ${key.phone} and not ${notNotice})`
        : zero,
    })
    .from(smsSends)
    .where(gt(smsSends.createdAt, since));
  return {
    phone: Number(row?.phone ?? 0),
    prefix: Number(row?.prefix ?? 0),
    ip: Number(row?.ip ?? 0),
    global: Number(row?.global ?? 0),
    notices: Number(row?.notices ?? 0),
  };
}

function keyFilter(key: LedgerKey): SQL | undefined {
  if (key.phone) return eq(smsSends.phone, key.phone);
  if (key.prefix) return eq(smsSends.prefix, key.prefix);
  if (key.ip) return sql`${smsSends.ip} = ${key.ip}::inet`;
  return undefined;
}

/**
 * When the `offset`-th oldest row (0-based) of one budget's window was written: after it leaves
 * the window the budget has room again. `key` names one budget (phone, prefix or ip); empty is
 * the global one.
 */
export async function nthOldestSmsSend(
  db: Database,
  key: LedgerKey,
  since: Date,
  offset: number,
): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: smsSends.createdAt })
    .from(smsSends)
    .where(and(gt(smsSends.createdAt, since), keyFilter(key)))
    .orderBy(asc(smsSends.createdAt))
    .offset(Math.max(0, offset))
    .limit(1);
  return row?.createdAt ?? null;
}

export async function insertSmsSend(db: Database, values: typeof smsSends.$inferInsert): Promise<void> {
  await db.insert(smsSends).values(values);
}

/** Housekeeping: ledger rows older than `before` (the budgets look back one hour; two days are kept). */
export async function purgeSmsSends(db: Database, before: Date): Promise<number> {
  const rows = await db.delete(smsSends).where(lt(smsSends.createdAt, before)).returning({ id: smsSends.id });
  return rows.length;
}
