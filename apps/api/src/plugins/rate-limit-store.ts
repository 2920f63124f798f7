import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

/** Where the counters live in Redis, after the client's REDIS_KEY_PREFIX. */
export const RATE_LIMIT_NAMESPACE = 'rate-limit:';

/** Keys counted in this process while Redis cannot answer (bounded: the oldest go first). */
const LOCAL_MAX_KEYS = 10_000;

/** How often "Redis cannot count" is repeated while it lasts. */
const WARN_INTERVAL_MS = 60_000;

/**
 * One step of a fixed window, atomically: count the hit and start the window on the first one
 * (or on a key that somehow lost its expiry). Answers the count and the window's remaining ms.
 */
const HIT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

interface Hit {
  current: number;
  ttl: number;
}

type WithHit = Redis & { magistralRateLimitHit(key: string, windowMs: number): Promise<[number, number]> };

function withHitCommand(redis: Redis): WithHit {
  // defineCommand sends the script by its SHA (EVALSHA), loading it once per connection.
  if (!('magistralRateLimitHit' in redis)) {
    redis.defineCommand('magistralRateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  }
  return redis as WithHit;
}

/** Fixed-window counters in this process: what every route counts with while Redis is away. */
export class LocalWindows {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  constructor(private readonly maxKeys = LOCAL_MAX_KEYS) {}

  hit(key: string, windowMs: number, now = Date.now()): Hit {
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.windows.delete(key);
      if (this.windows.size >= this.maxKeys) this.evict(now);
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { current: window.count, ttl: window.resetAt - now };
  }

  get size(): number {
    return this.windows.size;
  }

  /** Drops ended windows; when all are live, the oldest tenth (Map order is insertion order). */
  private evict(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    if (this.windows.size < this.maxKeys) return;
    let drop = Math.ceil(this.maxKeys / 10);
    for (const key of this.windows.keys()) {
      if (drop-- <= 0) break;
      this.windows.delete(key);
    }
  }
}

/**
 * The @fastify/rate-limit store of several API instances: every hit is counted in Redis (one
 * Lua step, so concurrent instances never lose a count), under `rate-limit:<METHOD><route>:<key>`
 * after the client's key prefix. Fixed windows, as the plugin's own stores.
 *
 * Redis down or slow (no answer within the client's command timeout) does not take the site
 * down and does not switch the limits off: this instance counts in its own memory until Redis
 * answers again, so each instance then allows the limit on its own (N instances: up to N times
 * it). The switch is logged as a warning (repeated once a minute while it lasts) and the return
 * as info. Counts made meanwhile are not carried over to Redis.
 */
export function sharedRateLimitStore(redis: Redis, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  const client = withHitCommand(redis);
  const local = new LocalWindows();
  let degraded = false;
  let lastWarned = 0;

  const alone = (key: string, windowMs: number, reason: string): Hit => {
    const now = Date.now();
    if (!degraded || now - lastWarned >= WARN_INTERVAL_MS) {
      log.warn({ reason }, 'Redis cannot count rate limits; this instance counts them alone until it can');
      lastWarned = now;
    }
    degraded = true;
    return local.hit(key, windowMs, now);
  };
  const shared = (current: number, ttl: number): Hit => {
    if (degraded) {
      degraded = false;
      log.info('Redis counts the rate limits of every instance again');
    }
    return { current: Number(current), ttl: Number(ttl) };
  };

  class RedisRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly namespace = RATE_LIMIT_NAMESPACE,
    ) {}

    incr(key: string, callback: (error: Error | null, result?: Hit) => void, timeWindow: number): void {
      const name = this.namespace + key;
      if (client.status !== 'ready') {
        callback(null, alone(name, timeWindow, `not connected (${client.status})`));
        return;
      }
      client.magistralRateLimitHit(name, timeWindow).then(
        ([current, ttl]) => callback(null, shared(current, ttl)),
        (error: unknown) =>
          callback(null, alone(name, timeWindow, error instanceof Error ? error.message : String(error))),
      );
    }

    /**
     * A route's own counters. The plugin passes its merged route settings with the route as
     * `routeInfo` (its declared type says otherwise); `app.createRateLimit()` limiters have none
     * and share one namespace, so their keys must name what they count.
     */
    child(routeOptions: unknown): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      const scope = route?.url ? `${String(route.method)}${route.url}` : 'custom';
      return new RedisRateLimitStore(undefined, `${RATE_LIMIT_NAMESPACE}${scope}:`);
    }
  }
  return RedisRateLimitStore;
}
