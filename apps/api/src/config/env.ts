import path from 'node:path';
import { z } from 'zod';

const boolFlag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

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
    PUBLIC_ORIGIN: optionalString,
    DATA_DIR: z.string().default('./.data'),
    DATABASE_URL: optionalString,
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
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
    OUTBOX_POLL_MS: z.coerce.number().int().min(50).default(1_000),
  })
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    webPort: env.PORT,
    port: env.API_PORT,
    host: env.API_HOST,
    /** Origins allowed to make state-changing calls with our cookies. */
    allowedOrigins: [env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`, `http://127.0.0.1:${env.PORT}`]
      .map((o) => o.replace(/\/+$/, ''))
      .filter((o, i, all) => all.indexOf(o) === i),
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    demoMode: env.DEMO_MODE,
    logLevel: env.LOG_LEVEL,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    session: {
      idleMs: env.SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: env.SESSION_ABSOLUTE_DAYS * 24 * 3_600_000,
    },
    cookieSecure: env.COOKIE_SECURE === 'auto' ? env.NODE_ENV === 'production' : env.COOKIE_SECURE === 'true',
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
      pollMs: env.OUTBOX_POLL_MS,
    },
    /** Where links in e-mails point: the public origin of the site. */
    publicOrigin: (env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
  }));

export type AppConfig = z.output<typeof EnvSchema>;

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
