import type { FastifyBaseLogger } from 'fastify';
import { classifyPhone, maskPhone, normalizePhone, phonePrefix, type PhoneClass } from '@freight/domain';
import type { Database } from '@freight/db';
import { phoneHash } from '../auth/phone-hash';
import { raiseSecurityAlert } from '../security-alerts/security-alerts.repository';
import { countEmailsSince, lockEmailRecipient } from './outbox.repository';
import type { Outbox } from './outbox.service';
import {
  NOTICE_KIND_PREFIX,
  countSmsSends,
  insertSmsSend,
  lockSmsLedger,
  nthOldestSmsSend,
  purgeSmsSends,
  type LedgerCounts,
  type LedgerKey,
} from './sms-ledger.repository';

/*
 * The SMS policy of docs/decisions/010-sms-policy.md, in one place: every SMS the product sends
 * (codes, order notifications, anything later) goes through `SmsPolicy.send`, which checks the
 * number's class and the hourly budgets, and writes the ledger row and the outbox row in the
 * caller's transaction. Nothing else enqueues an SMS (sms-policy.test.ts checks the sources).
 */

/** Hourly SMS budgets: per phone, per number prefix (the number without its last 4 digits), per client IP, in total. */
export interface SmsBudgets {
  perPhone: number;
  perPrefix: number;
  perIp: number;
  global: number;
}

/** The defaults of .env.example (SMS_BUDGET_*); the reasoning is in decision 010. */
export const DEFAULT_SMS_BUDGETS: SmsBudgets = { perPhone: 5, perPrefix: 20, perIp: 10, global: 1_000 };
/** The budgets' sliding window. */
export const SMS_BUDGET_WINDOW_MS = 3_600_000;
/** Status notices (kind `notice:…`) to one phone per hour at most: a truck of 40 cargos of one client is not 40 SMS an hour. */
export const NOTICE_SMS_PER_PHONE_HOUR = 20;
/** Ledger rows are kept this long (the budgets need one hour; the rest is for investigating). */
export const SMS_LEDGER_RETENTION_MS = 2 * 86_400_000;
/** Share of a budget from which `smsBudgetPressure` reports pressure (the CAPTCHA switches on). */
export const SMS_BUDGET_PRESSURE_SHARE = 0.8;

export type SmsBudgetKind = 'phone' | 'prefix' | 'ip' | 'global';
const BUDGET_ORDER: SmsBudgetKind[] = ['phone', 'prefix', 'ip', 'global'];
const LIMIT_OF: Record<SmsBudgetKind, keyof SmsBudgets> = {
  phone: 'perPhone',
  prefix: 'perPrefix',
  ip: 'perIp',
  global: 'global',
};

export interface SmsRequest {
  /** The recipient, in any valid form (stored as `+7XXXXXXXXXX`). */
  to: string;
  body: string;
  /** The body as it may be kept after delivery (codes replaced). */
  bodyRedacted: string;
  /** A code purpose (`code:sign_in`…) or a notification kind (`order_created`…). */
  kind: string;
  /** The client address the SMS is sent for, when there is one. */
  ip: string | null;
  /** Not sent before this moment (quiet hours in the recipient's time zone); the budgets count it now. */
  notBefore?: Date | undefined;
  /**
   * False: charged to the budgets like a real SMS, but nothing is queued. For code requests that
   * send nothing (sign-in to an unknown phone): they must cost the same as real ones, or the
   * budgets would tell registered phones from unknown ones (decision 006).
   */
  deliver?: boolean;
}

export type SmsOutcome =
  | { sent: true; outboxId: number | null }
  | { sent: false; reason: 'not_mobile'; phoneClass: PhoneClass | null }
  | { sent: false; reason: 'budget'; budget: SmsBudgetKind; retryAfterSeconds: number };

interface Binding {
  budgets: SmsBudgets;
  clock: () => Date;
}

/** The budgets and clock of the app built on a database handle (for `smsBudgetPressure`). */
const bindings = new WeakMap<object, Binding>();

function budgetKeys(phone: string | null, ip: string | null): Record<SmsBudgetKind, LedgerKey | null> {
  const prefix = phone ? (phonePrefix(phone) ?? undefined) : undefined;
  return {
    phone: phone ? { phone } : null,
    prefix: prefix ? { prefix } : null,
    ip: ip ? { ip } : null,
    global: {},
  };
}

function alertScope(budget: SmsBudgetKind, phone: string, ip: string | null): string {
  switch (budget) {
    case 'phone':
      return `phone:${phoneHash(phone)}`;
    case 'prefix':
      return `prefix:${phonePrefix(phone) ?? ''}`;
    case 'ip':
      return `ip:${ip ?? ''}`;
    case 'global':
      return 'global';
  }
}

/**
 * True when any budget that applies to a send for this caller (and phone, when known) is at
 * least 80 % spent in the current hour — the signal to ask for a CAPTCHA before a budget is hit.
 * `db` is the app's database handle: the budgets and clock configured for it are used (the
 * defaults for a handle no app was built on); `options` overrides them.
 */
export async function smsBudgetPressure(
  db: Database,
  input: { ip: string | null; phone?: string | null | undefined },
  options: { budgets?: SmsBudgets; now?: Date } = {},
): Promise<boolean> {
  const bound = bindings.get(db);
  const budgets = options.budgets ?? bound?.budgets ?? DEFAULT_SMS_BUDGETS;
  const now = options.now ?? bound?.clock() ?? new Date();
  const phone = input.phone ? normalizePhone(input.phone) : null;
  const keys = budgetKeys(phone, input.ip);
  const counts = await countSmsSends(
    db,
    { phone: keys.phone?.phone, prefix: keys.prefix?.prefix, ip: keys.ip?.ip },
    new Date(now.getTime() - SMS_BUDGET_WINDOW_MS),
  );
  return BUDGET_ORDER.some(
    (budget) => keys[budget] !== null && counts[budget] >= budgets[LIMIT_OF[budget]] * SMS_BUDGET_PRESSURE_SHARE,
  );
}

/** Deletes ledger rows older than the retention (two days); run with the hourly purges. */
export function purgeSmsLedger(db: Database, now = new Date()): Promise<number> {
  return purgeSmsSends(db, new Date(now.getTime() - SMS_LEDGER_RETENTION_MS));
}

export interface SmsPolicyOptions {
  /** The app's database handle (pressure checks run on it, outside any transaction). */
  db: Database;
  outbox: Outbox;
  budgets: SmsBudgets;
  clock: () => Date;
  log?: FastifyBaseLogger | undefined;
}

/** The one door for SMS: class check, budgets, ledger, alert, outbox. */
export class SmsPolicy {
  readonly budgets: SmsBudgets;

  constructor(private readonly options: SmsPolicyOptions) {
    this.budgets = options.budgets;
    bindings.set(options.db, { budgets: options.budgets, clock: options.clock });
  }

  /**
   * Decides and, when allowed, records and queues one SMS inside the caller's transaction `tx`.
   * Refused: a number that is not a Russian mobile (nothing is written), or a spent hourly budget
   * (nothing is sent; an alert is written in `tx` and logged at warn). The caller must commit
   * `tx` after a budget refusal for the alert to stay, and must call `outbox.wake()` after the
   * commit. Concurrent sends are serialised by the ledger lock, so a budget is never overspent.
   */
  async send(tx: Database, request: SmsRequest): Promise<SmsOutcome> {
    const phone = normalizePhone(request.to);
    const phoneClass = classifyPhone(request.to);
    if (phone === null || phoneClass !== 'mobile') {
      this.options.log?.info(
        { smsKind: request.kind, phoneClass, prefix: phone ? phonePrefix(phone) : null },
        'sms refused: not a Russian mobile number',
      );
      return { sent: false, reason: 'not_mobile', phoneClass };
    }
    const now = this.options.clock();
    const since = new Date(now.getTime() - SMS_BUDGET_WINDOW_MS);
    const prefix = phonePrefix(phone)!;
    const ip = request.ip;

    await lockSmsLedger(tx);
    const counts = await countSmsSends(tx, { phone, prefix, ip }, since);
    const keys = budgetKeys(phone, ip);
    // A staff notice (a cargo's status) is not an abuse vector of strangers: only the global budget
    // and its own per-phone cap apply, and it never eats the recipient's budget for codes.
    const notice = request.kind.startsWith(NOTICE_KIND_PREFIX);
    if (notice && counts.global < this.budgets.global && counts.notices >= NOTICE_SMS_PER_PHONE_HOUR) {
      await this.alert(tx, 'phone', { phone, ip, kind: request.kind, counts, now }, 'notice');
      return { sent: false, reason: 'budget', budget: 'phone', retryAfterSeconds: SMS_BUDGET_WINDOW_MS / 1000 };
    }
    const spent = BUDGET_ORDER.find(
      (budget) =>
        keys[budget] !== null && (!notice || budget === 'global') && counts[budget] >= this.budgets[LIMIT_OF[budget]],
    );
    if (spent) {
      const retryAfterSeconds = await this.retryAfter(tx, keys[spent]!, counts, spent, since, now);
      await this.alert(tx, spent, { phone, ip, kind: request.kind, counts, now });
      return { sent: false, reason: 'budget', budget: spent, retryAfterSeconds };
    }
    await insertSmsSend(tx, { phone, prefix, ip, kind: request.kind, createdAt: now });
    if (request.deliver === false) return { sent: true, outboxId: null };
    const outboxId = await this.options.outbox.enqueue(
      {
        channel: 'sms',
        to: phone,
        body: request.body,
        bodyRedacted: request.bodyRedacted,
        kind: request.kind,
        notBefore: request.notBefore,
      },
      tx,
    );
    return { sent: true, outboxId };
  }

  /** `smsBudgetPressure` with this policy's budgets and clock. */
  pressure(input: { ip: string | null; phone?: string | null }): Promise<boolean> {
    return smsBudgetPressure(this.options.db, input, { budgets: this.budgets, now: this.options.clock() });
  }

  /** Seconds until the spent budget has room again: when its oldest counted row leaves the window. */
  private async retryAfter(
    tx: Database,
    key: LedgerKey,
    counts: LedgerCounts,
    budget: SmsBudgetKind,
    since: Date,
    now: Date,
  ): Promise<number> {
    const limit = this.budgets[LIMIT_OF[budget]];
    const oldest = await nthOldestSmsSend(tx, key, since, counts[budget] - limit);
    if (!oldest) return Math.ceil(SMS_BUDGET_WINDOW_MS / 1000);
    const ms = oldest.getTime() + SMS_BUDGET_WINDOW_MS - now.getTime();
    return Math.max(1, Math.ceil(ms / 1000));
  }

  private async alert(
    tx: Database,
    budget: SmsBudgetKind,
    input: { phone: string; ip: string | null; kind: string; counts: LedgerCounts; now: Date },
    /** `notice`: the per-phone cap of staff notices (NOTICE_SMS_PER_PHONE_HOUR), not a budget of codes. */
    cap?: 'notice',
  ): Promise<void> {
    const kind = cap === 'notice' ? 'sms_budget_notice' : `sms_budget_${budget}`;
    const scope = alertScope(budget, input.phone, input.ip);
    const limit = cap === 'notice' ? NOTICE_SMS_PER_PHONE_HOUR : this.budgets[LIMIT_OF[budget]];
    const details = {
      limit,
      count: cap === 'notice' ? input.counts.notices : input.counts[budget],
      window_minutes: SMS_BUDGET_WINDOW_MS / 60_000,
      sms_kind: input.kind,
      masked_phone: maskPhone(input.phone),
      prefix: budget === 'prefix' ? phonePrefix(input.phone) : undefined,
      ip: budget === 'ip' ? input.ip : undefined,
    };
    const { created } = await raiseSecurityAlert(tx, { kind, scope, details, now: input.now });
    this.options.log?.warn(
      {
        alert: kind,
        scope: budget === 'phone' ? `phone:${maskPhone(input.phone)}` : scope,
        limit,
        smsKind: input.kind,
        newAlert: created,
      },
      `sms budget hit: ${budget}`,
    );
  }
}

/**
 * Queues an e-mail unless `perRecipientHour` mails of the same kind already went to the address
 * in the last hour (order confirmations to an address anyone may type). Runs in the caller's
 * transaction; an advisory lock per address keeps the cap exact. True when queued.
 */
export async function enqueueCappedEmail(
  tx: Database,
  outbox: Outbox,
  input: { to: string; subject: string; body: string; bodyRedacted: string; kind: string },
  cap: { perRecipientHour: number; now: Date },
): Promise<boolean> {
  const address = input.to.trim().toLowerCase();
  await lockEmailRecipient(tx, address);
  const recent = await countEmailsSince(tx, address, input.kind, new Date(cap.now.getTime() - SMS_BUDGET_WINDOW_MS));
  if (recent >= cap.perRecipientHour) return false;
  await outbox.enqueue({ channel: 'email', ...input }, tx);
  return true;
}
