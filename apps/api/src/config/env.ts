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
