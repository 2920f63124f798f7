// PostgreSQL and HTTP helpers shared by the benches that load a scratch database and call the
// API as a signed-in client (bench-cargo, bench-account).
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';

/** `url` with its database name replaced by `name`. */
export function withDatabase(url, name) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * The database to load: BENCH_DATABASE_URL as is (reused, never dropped), else a throw-away
 * database `<prefix>_<random>` on the `admin` server, dropped by `drop()` unless BENCH_KEEP=1.
 */
export async function prepareDatabase(admin, prefix) {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, drop: async () => {} };
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database "${name}"`);
  await client.end();
  return {
    url: withDatabase(admin, name),
    drop: async () => {
      if (process.env.BENCH_KEEP === '1') {
        console.log(`Kept ${name}`);
        return;
      }
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

/** A signed-in session for `userId`, the way the API stores them (SHA-256 of the cookie token). */
export async function sessionFor(client, userId) {
  const token = randomBytes(32).toString('base64url');
  const hash = createHash('sha256').update(token, 'utf8').digest('hex');
  await client.query(
    `insert into sessions (token_hash, user_id, expires_at) values ($1, $2, now() + interval '1 day')`,
    [hash, userId],
  );
  return `auth_token=${token}`;
}

/** One GET over a keep-alive `agent` with the session cookie: status, time and body. */
export function get(agent, url, cookie) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(url, { agent, headers: { cookie } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode, ms: performance.now() - started, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** The `q` quantile (0–1) of ascending `sorted` values. */
export const pick = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
