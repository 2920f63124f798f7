import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The Redis shared by the API instances (REDIS_URL), or null: counters then live in this
     * process. Keys are prefixed with REDIS_KEY_PREFIX by the client itself. Commands fail at once
     * while it is unreachable (no offline queue): callers count on their own then, as the rate
     * limits do (plugins/rate-limit-store.ts).
     */
    redis: Redis | null;
  }
}

export interface RedisSettings {
  /** redis:// or rediss:// (TLS) URL, with the password and database number if any. */
  url: string;
  /** Put before every key, so several deployments (or test runs) can share one server. */
  keyPrefix: string;
}

/** Longest wait for one command: a stalled Redis must not hold a request for longer. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;

/** How often a lost connection is reported: once, then at most once a minute while it stays lost. */
const ERROR_LOG_INTERVAL_MS = 60_000;

/**
 * An ioredis client for the API: fails commands at once while disconnected instead of queueing
 * them (a request must not wait for a reconnect), gives up a command after
 * {@link REDIS_COMMAND_TIMEOUT_MS}, and reconnects for ever (backing off to 2 s). Connection
 * errors are logged as warnings, not every retry. The client does not connect until
 * {@link connectRedis}.
 */
export function createRedisClient(settings: RedisSettings, log: FastifyBaseLogger): Redis {
  const client = new Redis(settings.url, {
    keyPrefix: settings.keyPrefix,
    lazyConnect: true,
    enableOfflineQueue: false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
    connectionName: 'magistral-api',
  });
  let lastLogged = 0;
  let lost = false;
  client.on('error', (error: Error) => {
    const now = Date.now();
    if (now - lastLogged < ERROR_LOG_INTERVAL_MS) return;
    lastLogged = now;
    lost = true;
    // The URL may carry a password: only the error's own message is logged.
    log.warn({ err: { message: error.message } }, 'Redis connection lost; reconnecting');
  });
  client.on('ready', () => {
    if (!lost) return;
    lost = false;
    lastLogged = 0;
    log.info('Redis connected again');
  });
  return client;
}

/**
 * Connects a client made by {@link createRedisClient}. An unreachable Redis does not stop the
 * API: the warning is logged and the client keeps trying in the background.
 */
export async function connectRedis(client: Redis): Promise<void> {
  try {
    await client.connect();
  } catch {
    // Already reported by the client's error listener; it goes on reconnecting.
  }
}

/**
 * Decorates `app.redis` (null without settings) and closes the connection when the app closes.
 * Registered on the root instance so every module sees the same client.
 */
export async function registerRedis(app: FastifyInstance, settings: RedisSettings | undefined): Promise<Redis | null> {
  const client = settings ? createRedisClient(settings, app.log) : null;
  app.decorate('redis', client);
  if (client) {
    await connectRedis(client);
    app.addHook('onClose', async () => closeRedis(client));
  }
  return client;
}

/**
 * Closes a client: a connected one with QUIT (replies in flight still arrive), waiting until the
 * connection has ended (at most a second); one that is reconnecting stops trying at once.
 */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status !== 'ready') {
    client.disconnect();
    return;
  }
  const ended = new Promise<void>((resolve) => {
    client.once('end', () => resolve());
    setTimeout(() => {
      client.disconnect();
      resolve();
    }, 1_000).unref();
  });
  await client.quit().catch(() => client.disconnect());
  await ended;
}
