import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { SESSION_COOKIE_HOST_PREFIXED, sessionCookieName, staffCookieName } from '@freight/domain/session-cookie';
import { isValidInn, isValidKpp, isValidOgrn, normalizeIdentifier } from '@freight/domain/identifiers';
import { API_KEY_DEFAULT_RATE_PER_MINUTE } from '@freight/domain/api-keys';

const boolFlag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

/** An optional identifier of the carrier: empty is unset, anything else must pass `check`. */
const optionalId = (check: (v: string) => boolean, what: string) =>
  optionalString.refine((v) => v === undefined || check(v), what);

/**
 * Requisites printed on the shipping and financial documents (issue 15) while CARRIER_INN is not
 * set: clearly fictitious (zeros, «Пример»), and the documents then say they are a sample.
 */
export const DEMO_CARRIER = {
  name: 'ООО «Магистраль»',
  inn: '7700000009',
  kpp: '770001001',
  ogrn: '1027700000008',
  address: '101000, г. Москва, ул. Примерная, д. 1 (демонстрационный адрес)',
  bankName: 'АО «Банк Пример», г. Москва',
  bik: '044500000',
  account: '40702810000000000001',
  corrAccount: '30101810000000000000',
} as const;

/** With a real ИНН the rest of the requisites must be real too: no real ИНН beside a demo bank account. */
const CARRIER_REQUIRED_WITH_INN = [
  'CARRIER_OGRN',
  'CARRIER_ADDRESS',
  'CARRIER_BANK_NAME',
  'CARRIER_BANK_BIK',
  'CARRIER_BANK_ACCOUNT',
  'CARRIER_BANK_CORR_ACCOUNT',
] as const;

/**
 * The environment contract of the API (documented in .env.example). Parsed once at start;
 * a bad value stops the process with a readable list. No other file reads process.env.
 */
export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    API_PORT: z.coerce.number().int().min(1).max(65535).default(4000),
    API_HOST: z.string().default('127.0.0.1'),
    /** The operator token of the review command (operator-token.ts); by default made at each start. */
    OPERATOR_TOKEN: optionalString.refine((v) => v === undefined || v.length >= 32, {
      message: 'OPERATOR_TOKEN must be at least 32 characters',
    }),
    PUBLIC_ORIGIN: optionalString,
    DATA_DIR: z.string().default('./.data'),
    DATABASE_URL: optionalString,
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /** Redis shared by the API instances (rate limits); unset: counted in this process. */
    REDIS_URL: optionalString.refine((v) => v === undefined || /^rediss?:\/\/[^\s]+$/.test(v), {
      message: 'a redis:// or rediss:// URL',
    }),
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9:._-]{0,64}$/, 'letters, digits and : . _ - (at most 64)')
      .default('magistral:'),
    DEMO_MODE: boolFlag,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: z.string().default('loopback'),
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(5)
      .default(60 * 24 * 7),
    SESSION_ABSOLUTE_DAYS: z.coerce.number().int().min(1).default(30),
    COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
    DADATA_TOKEN: optionalString,
    DADATA_BASE_URL: z.url().default('https://suggestions.dadata.ru/suggestions/api/4_1/rs'),
    DADATA_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(2_000),
    UPLOAD_TIMEOUT_MS: z.coerce.number().int().min(1000).default(3_600_000),
    // Bug-report bodies are received by a separate low-priority process (`process`), or by the API itself (`inline`).
    UPLOAD_INTAKE: z.enum(['process', 'inline']).default('process'),
    S3_ENDPOINT: optionalString,
    S3_REGION: z.string().default('ru-central1'),
    S3_BUCKET: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: boolFlag,
    S3_PREFIX: z.string().default(''),
    SMS_RU_API_ID: optionalString,
    SMS_RU_BASE_URL: z.url().default('https://sms.ru'),
    SMS_RU_FROM: optionalString,
    SMTP_URL: optionalString,
    MAIL_FROM: z.string().default('«Магистраль» <no-reply@localhost>'),
    // Status notifications in Telegram (issue 18): the bot's token, its API (a fake in tests) and its @name.
    TELEGRAM_BOT_TOKEN: optionalString.refine((v) => v === undefined || /^\d+:[\w-]{20,}$/.test(v), {
      message: 'a bot token from @BotFather (digits:letters)',
    }),
    TELEGRAM_API_BASE_URL: z.url().default('https://api.telegram.org'),
    TELEGRAM_BOT_USERNAME: optionalString.refine((v) => v === undefined || /^@?\w{5,32}$/.test(v), {
      message: 'the bot username (5–32 letters, digits or _)',
    }),
    TELEGRAM_POLL_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(50).default(25),
    // SMS status notices wait out 22:00–08:00 of the recipient's city; `off` sends at once (end-to-end runs at night).
    NOTIFY_QUIET_HOURS: z.enum(['on', 'off']).default('on'),
    // The key of the unsubscribe links in status e-mails; unset: derived from CAPTCHA_HMAC_KEY.
    NOTIFY_UNSUBSCRIBE_KEY: optionalString.refine((v) => v === undefined || v.length >= 32, 'at least 32 characters'),
    // The job queue (pg-boss in the application database): whether this process runs workers, and how often they look.
    // Unset: on, except under NODE_ENV=test (tests drain the queue themselves).
    JOB_WORKERS: z
      .enum(['0', '1', 'true', 'false', ''])
      .optional()
      .transform((v) => (v === undefined || v === '' ? undefined : v === '1' || v === 'true')),
    JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(1),
    SMS_BUDGET_PHONE_HOUR: z.coerce.number().int().min(1).default(5),
    SMS_BUDGET_PREFIX_HOUR: z.coerce.number().int().min(1).default(20),
    SMS_BUDGET_IP_HOUR: z.coerce.number().int().min(1).default(10),
    SMS_BUDGET_GLOBAL_HOUR: z.coerce.number().int().min(1).default(1_000),
    ORDER_EMAILS_PER_RECIPIENT_HOUR: z.coerce.number().int().min(1).default(10),
    // Calls per API key per minute, unless the key's row sets its own (issue 18, docs/integrations.md).
    API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(API_KEY_DEFAULT_RATE_PER_MINUTE),
    // Proof-of-work CAPTCHA before SMS codes (decision 011).
    CAPTCHA_MODE: z.enum(['auto', 'always', 'off']).default('auto'),
    CAPTCHA_HMAC_KEY: z
      .string()
      .optional()
      .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined))
      .refine((v) => v === undefined || v.length >= 32, 'at least 32 characters'),
    CAPTCHA_COST: z.coerce.number().int().min(1).max(1_000_000).default(5_000),
    CAPTCHA_COUNTER_MAX: z.coerce.number().int().min(2).max(10_000_000).default(1_000),
    CAPTCHA_TTL_SECONDS: z.coerce.number().int().min(60).max(600).default(300),
    CAPTCHA_CONVERSION_PERCENT: z.coerce.number().min(0).max(100).default(30),
    CAPTCHA_MIN_CODES: z.coerce.number().int().min(1).default(20),
    CAPTCHA_IP_MIN_CODES: z.coerce.number().int().min(1).default(5),
    // The carrier's requisites on the documents of a cargo (issue 15); demo values while CARRIER_INN is unset.
    CARRIER_NAME: optionalString,
    CARRIER_INN: optionalId(isValidInn, 'a valid ИНН: 10 or 12 digits with the check digits'),
    CARRIER_KPP: optionalId(isValidKpp, 'a КПП of 9 characters'),
    CARRIER_OGRN: optionalId(isValidOgrn, 'a valid ОГРН (13 digits) or ОГРНИП (15 digits)'),
    CARRIER_ADDRESS: optionalString,
    CARRIER_BANK_NAME: optionalString,
    CARRIER_BANK_BIK: optionalId((v) => /^\d{9}$/.test(normalizeIdentifier(v)), 'a БИК of 9 digits'),
    CARRIER_BANK_ACCOUNT: optionalId(
      (v) => /^\d{20}$/.test(normalizeIdentifier(v)),
      'a settlement account of 20 digits',
    ),
    CARRIER_BANK_CORR_ACCOUNT: optionalId(
      (v) => /^\d{20}$/.test(normalizeIdentifier(v)),
      'a correspondent account of 20 digits',
    ),
    CARRIER_VAT_RATE: z.coerce.number().int().min(0).max(100).default(22),
    // Webhooks (issue 18): the key their signing secrets are encrypted with, and two test-only allowances.
    WEBHOOK_SECRET_KEY: optionalString.refine((v) => v === undefined || v.length >= 32, 'at least 32 characters'),
    WEBHOOK_ALLOW_PRIVATE_TARGETS: boolFlag,
    WEBHOOK_ALLOW_HTTP: boolFlag,
    WEBHOOK_RETRY_BASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  })
  .superRefine((env, ctx) => {
    // Demo runs are production builds too (`npm run demo`); only a real deployment must bring a key.
    if (env.NODE_ENV === 'production' && !env.DEMO_MODE && env.CAPTCHA_HMAC_KEY === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['CAPTCHA_HMAC_KEY'],
        message: 'required in production (32+ random characters, the same on every API instance)',
      });
    }
    // A real deployment never posts webhooks into its own network nor over plain http (a demo is a
    // production build too, and the end-to-end tests' receiver listens on loopback).
    if (env.NODE_ENV === 'production' && !env.DEMO_MODE) {
      for (const key of ['WEBHOOK_ALLOW_PRIVATE_TARGETS', 'WEBHOOK_ALLOW_HTTP'] as const) {
        if (env[key]) {
          ctx.addIssue({ code: 'custom', path: [key], message: 'a test-only setting: refused in production' });
        }
      }
    }
    if (env.CARRIER_INN !== undefined) {
      for (const key of CARRIER_REQUIRED_WITH_INN) {
        if (env[key] === undefined) {
          ctx.addIssue({ code: 'custom', path: [key], message: 'required when CARRIER_INN is set' });
        }
      }
    }
  })
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    webPort: env.PORT,
    port: env.API_PORT,
    host: env.API_HOST,
    operatorToken: env.OPERATOR_TOKEN,
    /** Origins allowed to make state-changing calls with our cookies. */
    allowedOrigins: [env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`, `http://127.0.0.1:${env.PORT}`]
      .map((o) => o.replace(/\/+$/, ''))
      .filter((o, i, all) => all.indexOf(o) === i),
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    /** Redis (issue 18): rate limits counted across API instances; undefined counts in this process. */
    redis: env.REDIS_URL ? { url: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX } : undefined,
    demoMode: env.DEMO_MODE,
    logLevel: env.LOG_LEVEL,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    session: {
      idleMs: env.SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: env.SESSION_ABSOLUTE_DAYS * 24 * 3_600_000,
    },
    /** Secure session cookie: forced on with an https PUBLIC_ORIGIN (the `__Host-` prefix requires it). */
    cookieSecure:
      sessionCookieName(env.PUBLIC_ORIGIN) === SESSION_COOKIE_HOST_PREFIXED ||
      (env.COOKIE_SECURE === 'auto' ? env.NODE_ENV === 'production' : env.COOKIE_SECURE === 'true'),
    /** Name of the session cookie: `__Host-auth_token` with an https PUBLIC_ORIGIN, else `auth_token`. */
    sessionCookie: sessionCookieName(env.PUBLIC_ORIGIN),
    /** The back-office session cookie (issue 17): `__Host-staff_token` over https, else `staff_token`. */
    staffCookie: staffCookieName(env.PUBLIC_ORIGIN),
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    /** Address and company suggestions (issue 5): DaData when a token is set, else our own index. */
    dadata: {
      token: env.DADATA_TOKEN,
      baseUrl: env.DADATA_BASE_URL.replace(/\/+$/, ''),
      timeoutMs: env.DADATA_TIMEOUT_MS,
    },
    /** File uploads (issue 8): local disk under DATA_DIR/uploads unless S3_BUCKET is set. */
    uploads: {
      timeoutMs: env.UPLOAD_TIMEOUT_MS,
      /** Who receives bug-report bodies: the upload process (modules/uploads/upload-process.ts) or the API. */
      intake: env.UPLOAD_INTAKE,
      dir: path.join(path.resolve(env.DATA_DIR), 'uploads'),
      s3: env.S3_BUCKET
        ? {
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            bucket: env.S3_BUCKET,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
            prefix: env.S3_PREFIX.replace(/^\/+|\/+$/g, ''),
          }
        : undefined,
    },
    /** Messages out (issue 4): unset providers fall back to the recording transport. */
    messaging: {
      smsRu: env.SMS_RU_API_ID
        ? { apiId: env.SMS_RU_API_ID, baseUrl: env.SMS_RU_BASE_URL.replace(/\/+$/, ''), from: env.SMS_RU_FROM }
        : undefined,
      smtpUrl: env.SMTP_URL,
      mailFrom: env.MAIL_FROM,
      telegram: env.TELEGRAM_BOT_TOKEN
        ? { token: env.TELEGRAM_BOT_TOKEN, baseUrl: env.TELEGRAM_API_BASE_URL.replace(/\/+$/, '') }
        : undefined,
    },
    /** Background jobs (issue 18): pg-boss workers in this process, polling every `pollSeconds`. */
    jobs: { workers: env.JOB_WORKERS ?? env.NODE_ENV !== 'test', pollSeconds: env.JOB_POLL_SECONDS },
    /** SMS policy (decision 010): hourly SMS budgets and the cap on order e-mails per address. */
    smsPolicy: {
      budgets: {
        perPhone: env.SMS_BUDGET_PHONE_HOUR,
        perPrefix: env.SMS_BUDGET_PREFIX_HOUR,
        perIp: env.SMS_BUDGET_IP_HOUR,
        global: env.SMS_BUDGET_GLOBAL_HOUR,
      },
      orderEmailsPerRecipientHour: env.ORDER_EMAILS_PER_RECIPIENT_HOUR,
    },
    /** API keys of client profiles (issue 18): the default per-key limit of calls per minute. */
    apiKeys: { ratePerMinute: env.API_KEY_RATE_LIMIT_PER_MINUTE },
    /**
     * Status notifications (issue 18): the bot's @name for the t.me link, the long-poll timeout of
     * getUpdates, and the key of the e-mails' unsubscribe links (unset: derived from the CAPTCHA key,
     * which production requires; random per start elsewhere, so older links then stop working).
     */
    notifications: {
      telegramBotUsername: env.TELEGRAM_BOT_USERNAME?.replace(/^@/, ''),
      telegramPollTimeoutSeconds: env.TELEGRAM_POLL_TIMEOUT_SECONDS,
      unsubscribeKey: env.NOTIFY_UNSUBSCRIBE_KEY,
      quietHours: env.NOTIFY_QUIET_HOURS === 'on',
    },
    /** Where links in e-mails point: the public origin of the site. */
    publicOrigin: (env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    /**
     * The CAPTCHA before SMS codes (decision 011). Without CAPTCHA_HMAC_KEY (development, tests,
     * demo) a random key is made at start: challenges then die with the process.
     */
    captcha: {
      mode: env.CAPTCHA_MODE,
      hmacKey: env.CAPTCHA_HMAC_KEY ?? randomBytes(32).toString('base64url'),
      hmacKeyGenerated: env.CAPTCHA_HMAC_KEY === undefined,
      cost: env.CAPTCHA_COST,
      counterMax: env.CAPTCHA_COUNTER_MAX,
      ttlMs: env.CAPTCHA_TTL_SECONDS * 1000,
      conversionThreshold: env.CAPTCHA_CONVERSION_PERCENT / 100,
      minCodes: env.CAPTCHA_MIN_CODES,
      ipMinCodes: env.CAPTCHA_IP_MIN_CODES,
    },
    /**
     * The carrier on the documents of a cargo (issue 15): the receipt, the счёт and the акт. `demo`
     * while CARRIER_INN is unset: the fictitious {@link DEMO_CARRIER} is printed, marked as a sample.
     * `vatRatePercent` only names the rate; the VAT amounts are the cargo's, fixed at its pricing.
     */
    carrier: carrierOf(env),
    /**
     * Webhooks (issue 18). `secretKey` encrypts the signing secrets at rest; unset, the API keeps a
     * random key in DATA_DIR/webhook-secret-key (one instance only: several need the same key).
     * `allowPrivateTargets` and `allowHttp` exist for tests and the demo: refused in production.
     */
    webhooks: {
      secretKey: env.WEBHOOK_SECRET_KEY,
      allowPrivateTargets: env.WEBHOOK_ALLOW_PRIVATE_TARGETS,
      allowHttp: env.WEBHOOK_ALLOW_HTTP,
      retryBaseMs: env.WEBHOOK_RETRY_BASE_SECONDS * 1000,
    },
  }));

export type AppConfig = z.output<typeof EnvSchema>;

/** The carrier as its documents name it (config `carrier`). */
export interface CarrierRequisites {
  name: string;
  inn: string;
  /** None for a sole trader. */
  kpp: string | null;
  ogrn: string;
  address: string;
  bankName: string;
  bik: string;
  /** Расчётный счёт. */
  account: string;
  /** Корреспондентский счёт of the bank. */
  corrAccount: string;
  /** 22 → «НДС 22 %»; 0 names no rate. The VAT amounts are the cargo's, fixed when it was priced. */
  vatRatePercent: number;
  /** True while CARRIER_INN is unset: the fictitious DEMO_CARRIER is printed and marked as a sample. */
  demo: boolean;
}

type CarrierEnv = Record<
  | 'CARRIER_NAME'
  | 'CARRIER_INN'
  | 'CARRIER_KPP'
  | 'CARRIER_OGRN'
  | 'CARRIER_ADDRESS'
  | 'CARRIER_BANK_NAME'
  | 'CARRIER_BANK_BIK'
  | 'CARRIER_BANK_ACCOUNT'
  | 'CARRIER_BANK_CORR_ACCOUNT',
  string | undefined
> & { CARRIER_VAT_RATE: number };

function carrierOf(env: CarrierEnv): CarrierRequisites {
  const name = env.CARRIER_NAME ?? DEMO_CARRIER.name;
  const vatRatePercent = env.CARRIER_VAT_RATE;
  if (env.CARRIER_INN === undefined) return { ...DEMO_CARRIER, name, vatRatePercent, demo: true };
  // Identifiers lose the spaces and hyphens they were pasted with. The schema's refinement made
  // every requisite present once CARRIER_INN is.
  const id = (value: string | undefined) => normalizeIdentifier(value ?? '');
  return {
    name,
    inn: id(env.CARRIER_INN),
    kpp: env.CARRIER_KPP === undefined ? null : id(env.CARRIER_KPP),
    ogrn: id(env.CARRIER_OGRN),
    address: env.CARRIER_ADDRESS ?? '',
    bankName: env.CARRIER_BANK_NAME ?? '',
    bik: id(env.CARRIER_BANK_BIK),
    account: id(env.CARRIER_BANK_ACCOUNT),
    corrAccount: id(env.CARRIER_BANK_CORR_ACCOUNT),
    vatRatePercent,
    demo: false,
  };
}

function parseTrustProxy(value: string): boolean | string | string[] {
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  return value.split(',').map((s) => s.trim());
}

/** Parses an environment (process.env by default) or throws one readable error listing every problem. */
export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}
