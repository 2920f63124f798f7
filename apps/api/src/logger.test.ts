import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@freight/db/testing';
import { seedReference } from '@freight/db';
import { buildApp } from './app';
import { loadConfig } from './config/env';
import { loggerOptions } from './logger';

describe('request logs', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedReference(database.db);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' });
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    app = await buildApp({ config, database, logger: { ...(loggerOptions(config) as object), stream } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('carry the request id and never the cookie, the query string or personal data', async () => {
    const token = 'S3cr3tT0kenValue_abcdefghijklmnopqrstuvwxyz0';
    await app.inject({
      method: 'GET',
      url: '/api/v1/duty_dynamic_content/dynamic_content?phone=79123456789',
      headers: { cookie: `auth_token=${token}`, 'x-request-id': 'req-12345678' },
    });
    await app.inject({
      method: 'POST',
      url: '/api/v1/user/feedback',
      payload: { contact: 'secret.person@example.ru', message: 'x', consent: true },
      headers: { 'x-request-id': 'req-87654321' },
    });
    const log = lines.join('');
    expect(log).toContain('"reqId":"req-12345678"');
    expect(log).toContain('/api/v1/duty_dynamic_content/dynamic_content');
    expect(log).not.toContain(token);
    expect(log).not.toContain('79123456789');
    expect(log).not.toContain('secret.person@example.ru');
  });
});
